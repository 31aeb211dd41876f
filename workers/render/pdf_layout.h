// pdf_layout.h: a small A4 page writer on cairo + pango, shared by every PDF we render (the
// sedcard and the invoice).
//
// It keeps a cursor that moves down the page: headings, wrapped paragraphs, label/value rows and
// entry blocks; a new page starts by itself when the next block does not fit, so no caller counts
// lines. Text is UTF-8 and laid out by pango (DejaVu Sans), so umlauts and ß come out right and
// are extractable as text. The whole PDF is written into a std::string.
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include <string>
#include <string_view>
#include <vector>

namespace jh::render {

class pdf_page_writer {
public:
    static constexpr double page_width = 595.28;    // A4 in points
    static constexpr double page_height = 841.89;
    static constexpr double margin = 50;

    pdf_page_writer();
    ~pdf_page_writer();
    pdf_page_writer(const pdf_page_writer&) = delete;
    pdf_page_writer& operator=(const pdf_page_writer&) = delete;

    // Sets the PDF's title and author metadata.
    void metadata(std::string_view title, std::string_view author);

    double y() const noexcept { return y_; }
    void move_to(double y) noexcept { y_ = y; }
    double content_width() const noexcept { return page_width - 2 * margin; }

    // Text at the cursor in a box of `width` (0: the content width) from `x` (0: the left margin).
    // Returns the height used. `markup`: pango markup (the caller escapes).
    double text(std::string_view markup, double size, double x = 0, double width = 0, bool bold = false, double grey = 0.1);
    double measure(std::string_view markup, double size, double width, bool bold = false);

    void heading(std::string_view title);                          // a section title with a rule
    void row(std::string_view label, std::string_view value);      // "Label ....... value"
    void entry(std::string_view title, std::string_view meta, std::string_view body);
    void space(double points) { y_ += points; }
    // Places a decoded RGB image (w × h pixels, 3 bytes per pixel) in a box at (x, y), scaled to
    // the box's width.
    void image_rgb(const unsigned char* rgb, int w, int h, double x, double y, double box_width);
    // Makes sure `needed` points fit below the cursor, else starts a new page.
    void ensure(double needed);

    // Ends the document and returns the PDF bytes.
    std::string finish();

    static std::string escape(std::string_view text);   // for pango markup

private:
    static cairo_status_t write_cb(void* closure, const unsigned char* data, unsigned int length);
    void new_page();
    std::string out_;
    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
    double y_ = margin;
    int page_ = 1;
};

}  // namespace jh::render
