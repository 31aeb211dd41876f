// invoice_pdf.cpp: see invoice_pdf.h. One A4 page (595 × 842 pt): issuer, recipient, number and
// date, a table of lines, the total.
#include "workers/billing/invoice_pdf.h"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include <memory>

namespace jh::billing {

namespace {

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

// Draws `text` at (x, y) in `width` points; returns the height used.
double draw_text(cairo_t* cr, const std::string& text, double x, double y, double width, const char* font,
                 PangoAlignment align = PANGO_ALIGN_LEFT) {
    PangoLayout* layout = pango_cairo_create_layout(cr);
    PangoFontDescription* desc = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, desc);
    pango_font_description_free(desc);
    pango_layout_set_width(layout, static_cast<int>(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_alignment(layout, align);
    pango_layout_set_text(layout, text.c_str(), static_cast<int>(text.size()));
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    int w = 0, h = 0;
    pango_layout_get_size(layout, &w, &h);
    g_object_unref(layout);
    return static_cast<double>(h) / PANGO_SCALE;
}

}  // namespace

std::string format_money(std::int64_t cents, const std::string& currency) {
    bool negative = cents < 0;
    std::uint64_t v = negative ? static_cast<std::uint64_t>(-cents) : static_cast<std::uint64_t>(cents);
    std::string euros = std::to_string(v / 100);
    std::string grouped;
    for (std::size_t i = 0; i < euros.size(); ++i) {
        if (i > 0 && (euros.size() - i) % 3 == 0) grouped += '.';
        grouped += euros[i];
    }
    char rest[4];
    std::snprintf(rest, sizeof rest, "%02u", static_cast<unsigned>(v % 100));
    std::string symbol = currency == "EUR" ? "€" : currency;
    return (negative ? "-" : "") + grouped + "," + rest + " " + symbol;
}

std::expected<std::string, std::string> render_invoice_pdf(const invoice_document& doc) {
    std::string out;
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append_to_string, &out, 595.0, 842.0);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return std::unexpected(std::string("cairo: cannot create the PDF surface"));
    }
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, ("Rechnung " + doc.number).c_str());
    cairo_t* cr = cairo_create(surface);
    const double left = 56, width = 595 - 2 * 56;
    cairo_set_source_rgb(cr, 0.05, 0.13, 0.25);

    draw_text(cr, doc.issuer, left + width - 200, 48, 200, "DejaVu Sans 9", PANGO_ALIGN_RIGHT);
    draw_text(cr, doc.recipient, left, 150, 260, "DejaVu Sans 11");
    double y = 280;
    y += draw_text(cr, "Rechnung " + doc.number, left, y, width, "DejaVu Sans Bold 18") + 6;
    y += draw_text(cr, "Rechnungsdatum: " + doc.date, left, y, width, "DejaVu Sans 10") + 24;

    // The table: description, quantity, unit price, amount.
    const double c_qty = left + 290, c_unit = left + 340, c_sum = left + 420;
    draw_text(cr, "Leistung", left, y, 280, "DejaVu Sans Bold 10");
    draw_text(cr, "Menge", c_qty, y, 45, "DejaVu Sans Bold 10", PANGO_ALIGN_RIGHT);
    draw_text(cr, "Einzelpreis", c_unit, y, 75, "DejaVu Sans Bold 10", PANGO_ALIGN_RIGHT);
    y += draw_text(cr, "Betrag", c_sum, y, width - 420, "DejaVu Sans Bold 10", PANGO_ALIGN_RIGHT) + 4;
    cairo_set_line_width(cr, 0.7);
    cairo_move_to(cr, left, y);
    cairo_line_to(cr, left + width, y);
    cairo_stroke(cr);
    y += 6;
    std::int64_t total = 0;
    for (const auto& l : doc.lines) {
        std::int64_t amount = l.quantity * l.unit_cents;
        total += amount;
        double h = draw_text(cr, l.text, left, y, 280, "DejaVu Sans 10");
        draw_text(cr, std::to_string(l.quantity), c_qty, y, 45, "DejaVu Sans 10", PANGO_ALIGN_RIGHT);
        draw_text(cr, format_money(l.unit_cents, doc.currency), c_unit, y, 75, "DejaVu Sans 10", PANGO_ALIGN_RIGHT);
        draw_text(cr, format_money(amount, doc.currency), c_sum, y, width - 420, "DejaVu Sans 10", PANGO_ALIGN_RIGHT);
        y += h + 6;
        if (y > 760) break;   // one page; invoices here have few lines
    }
    cairo_move_to(cr, left, y);
    cairo_line_to(cr, left + width, y);
    cairo_stroke(cr);
    y += 8;
    draw_text(cr, "Gesamtbetrag: " + format_money(total, doc.currency), left, y, width, "DejaVu Sans Bold 12", PANGO_ALIGN_RIGHT);
    draw_text(cr, "Vielen Dank für Ihr Vertrauen.", left, 790, width, "DejaVu Sans 9");

    cairo_show_page(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_status_t st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (st != CAIRO_STATUS_SUCCESS) return std::unexpected(std::string("cairo: ") + cairo_status_to_string(st));
    return out;
}

}  // namespace jh::billing
