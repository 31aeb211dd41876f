// time_records_pdf.cpp: the § 17 MiLoG record as a printable PDF (issue 43, item 3; docs/shifts.md
// "The § 17 MiLoG record"): the organization and month, then one table row per worker and shift
// with the same cells as the CSV, the column heads repeated on every page. Drawn with the
// sedcard's page writer (pdf_layout.h: cairo + pango, A4, page numbers), so the text is
// extractable and umlauts come out right.
#include "messages/render.h"
#include "workers/render/documents.h"
#include "workers/render/pdf_layout.h"

namespace jh::render {

namespace {

// Column widths in points over the 495 points of content: Datum, Name, Beginn, Ende, Pause,
// Stunden, Tätigkeit, Status. A sheet with other columns gets equal widths.
constexpr double record_column_widths[] = {54, 92, 36, 56, 40, 40, 90, 87};
constexpr double cell_size = 8, gap = 3;

std::vector<double> column_widths(std::size_t n, double total) {
    if (n == std::size(record_column_widths)) return {std::begin(record_column_widths), std::end(record_column_widths)};
    return std::vector<double>(n, total / static_cast<double>(n));
}

// One row of cells at the cursor; returns its height (the tallest cell).
double draw_row(pdf_page_writer& w, const std::vector<std::string>& cells, const std::vector<double>& cols, bool bold) {
    double x = pdf_page_writer::margin, height = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        height = std::max(height, w.text(pdf_page_writer::escape(cells[i]), cell_size, x, cols[i] - gap, bold));
        x += cols[i];
    }
    return height;
}

double row_height(pdf_page_writer& w, const std::vector<std::string>& cells, const std::vector<double>& cols) {
    double height = 0;
    for (std::size_t i = 0; i < cells.size(); ++i)
        height = std::max(height, w.measure(pdf_page_writer::escape(cells[i]), cell_size, cols[i] - gap));
    return height;
}

}  // namespace

std::expected<std::string, std::string> render_time_records(std::string_view model_json) {
    auto sheet = messages::parse_time_record_sheet(model_json);
    if (!sheet) return std::unexpected(sheet.error());
    pdf_page_writer w;
    std::string title = "Arbeitszeitnachweis " + sheet->month;
    w.metadata(title + " – " + sheet->organization, "Jobhafen");
    w.space(w.text(pdf_page_writer::escape(title), 16, 0, 0, true) + 2);
    w.space(w.text(pdf_page_writer::escape(sheet->organization), 11) + 2);
    w.space(w.text(pdf_page_writer::escape("Aufzeichnung nach § 17 Abs. 1 MiLoG: Beginn, Ende und Dauer der täglichen "
                                           "Arbeitszeit. Erstellt am " + sheet->made + "."),
                   8, 0, 0, false, 0.35) +
            12);
    auto cols = column_widths(sheet->columns.size(), w.content_width());
    w.space(draw_row(w, sheet->columns, cols, true) + 4);
    for (const auto& row : sheet->rows) {
        double h = row_height(w, row, cols);
        double before = w.y();
        w.ensure(h + 4);
        if (w.y() < before) w.space(draw_row(w, sheet->columns, cols, true) + 4);   // a new page: the heads again
        w.space(draw_row(w, row, cols, false) + 4);
    }
    if (sheet->rows.empty()) w.text("In diesem Monat gibt es keine Einsätze mit Arbeitszeiten.", 10);
    return w.finish();
}

}  // namespace jh::render
