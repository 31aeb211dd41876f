// pdf_layout.cpp: see pdf_layout.h.
#include "reactor/html.h"
#include "workers/render/pdf_layout.h"

#include <cairo-pdf.h>

#include <algorithm>
#include <memory>

#include "media/media_files.h"

namespace jh::render {

namespace {

PangoLayout* make_layout(cairo_t* cr, std::string_view markup, double size, double width, bool bold) {
    PangoLayout* layout = pango_cairo_create_layout(cr);
    PangoFontDescription* font = pango_font_description_from_string("DejaVu Sans");
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    if (bold) pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_set_width(layout, static_cast<int>(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_markup(layout, markup.data(), static_cast<int>(markup.size()));
    return layout;
}

}  // namespace

pdf_page_writer::pdf_page_writer() {
    surface_ = cairo_pdf_surface_create_for_stream(write_cb, this, page_width, page_height);
    cr_ = cairo_create(surface_);
}

pdf_page_writer::~pdf_page_writer() {
    if (cr_) cairo_destroy(cr_);
    if (surface_) cairo_surface_destroy(surface_);
}

cairo_status_t pdf_page_writer::write_cb(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<pdf_page_writer*>(closure)->out_.append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

void pdf_page_writer::metadata(std::string_view title, std::string_view author) {
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, std::string(title).c_str());
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_AUTHOR, std::string(author).c_str());
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "Jobhafen");
}

std::string pdf_page_writer::escape(std::string_view text) { return media::markup_escape(text); }

double pdf_page_writer::measure(std::string_view markup, double size, double width, bool bold) {
    PangoLayout* layout = make_layout(cr_, markup, size, width, bold);
    int w = 0, h = 0;
    pango_layout_get_size(layout, &w, &h);
    g_object_unref(layout);
    return static_cast<double>(h) / PANGO_SCALE;
}

double pdf_page_writer::text(std::string_view markup, double size, double x, double width, bool bold, double grey) {
    if (width <= 0) width = content_width();
    if (x <= 0) x = margin;
    PangoLayout* layout = make_layout(cr_, markup, size, width, bold);
    int w = 0, h = 0;
    pango_layout_get_size(layout, &w, &h);
    cairo_set_source_rgb(cr_, grey, grey, grey);
    cairo_move_to(cr_, x, y_);
    pango_cairo_show_layout(cr_, layout);
    g_object_unref(layout);
    return static_cast<double>(h) / PANGO_SCALE;
}

void pdf_page_writer::ensure(double needed) {
    if (y_ + needed > page_height - margin) new_page();
}

void pdf_page_writer::new_page() {
    // Page number at the foot of the page being left.
    double keep = y_;
    y_ = page_height - margin + 14;
    std::string num = "Seite " + std::to_string(page_);
    text(num, 8, margin, content_width(), false, 0.5);
    y_ = keep;
    cairo_show_page(cr_);
    ++page_;
    y_ = margin;
}

void pdf_page_writer::heading(std::string_view title) {
    ensure(60);   // a heading never stands alone at the foot of a page
    y_ += 14;
    double h = text(escape(title), 13, margin, 0, true, 0.12);
    y_ += h + 3;
    cairo_set_source_rgb(cr_, 0.12, 0.31, 0.47);
    cairo_set_line_width(cr_, 1);
    cairo_move_to(cr_, margin, y_);
    cairo_line_to(cr_, page_width - margin, y_);
    cairo_stroke(cr_);
    y_ += 7;
}

void pdf_page_writer::row(std::string_view label, std::string_view value) {
    const double label_width = 160;
    double value_width = content_width() - label_width;
    double h = std::max(measure(escape(label), 10, label_width - 8), measure(escape(value), 10, value_width));
    ensure(h + 4);
    text(escape(label), 10, margin, label_width - 8, false, 0.4);
    text(escape(value), 10, margin + label_width, value_width, false, 0.1);
    y_ += h + 4;
}

void pdf_page_writer::entry(std::string_view title, std::string_view meta, std::string_view body) {
    double needed = measure(escape(title), 10.5, content_width(), true) + (meta.empty() ? 0 : 14) + 6;
    ensure(needed + 14);
    y_ += text(escape(title), 10.5, margin, 0, true, 0.1) + 1;
    if (!meta.empty()) y_ += text(escape(meta), 9, margin, 0, false, 0.45) + 1;
    if (!body.empty()) {
        std::string b = escape(body);
        double h = measure(b, 9.5, content_width());
        ensure(h);
        y_ += text(b, 9.5, margin, 0, false, 0.2);
    }
    y_ += 7;
}

void pdf_page_writer::image_rgb(const unsigned char* rgb, int w, int h, double x, double y, double box_width) {
    cairo_surface_t* img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    unsigned char* dst = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    cairo_surface_flush(img);
    for (int row = 0; row < h; ++row) {
        auto* line = reinterpret_cast<std::uint32_t*>(dst + row * stride);
        const unsigned char* src = rgb + static_cast<std::size_t>(row) * w * 3;
        for (int col = 0; col < w; ++col)
            line[col] = (0xFFu << 24) | (std::uint32_t(src[col * 3]) << 16) | (std::uint32_t(src[col * 3 + 1]) << 8) | src[col * 3 + 2];
    }
    cairo_surface_mark_dirty(img);
    double scale = box_width / w;
    cairo_save(cr_);
    cairo_translate(cr_, x, y);
    cairo_scale(cr_, scale, scale);
    cairo_set_source_surface(cr_, img, 0, 0);
    cairo_paint(cr_);
    cairo_restore(cr_);
    cairo_surface_destroy(img);
}

std::string pdf_page_writer::finish() {
    double keep = y_;
    y_ = page_height - margin + 14;
    if (page_ > 1) text("Seite " + std::to_string(page_), 8, margin, content_width(), false, 0.5);
    y_ = keep;
    cairo_destroy(cr_);
    cr_ = nullptr;
    cairo_surface_finish(surface_);
    cairo_surface_destroy(surface_);
    surface_ = nullptr;
    return std::move(out_);
}

}  // namespace jh::render
