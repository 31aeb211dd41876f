// documents.cpp: see documents.h.
#include "workers/render/documents.h"

#include <vips/vips8>

#include <cstdint>
#include <mutex>

#include "messages/render.h"
#include "workers/billing/invoice_pdf.h"
#include "workers/render/pdf_layout.h"

namespace jh::render {

namespace {

// The stored portraits are at most 2560 px on their long side; anything far larger is not ours.
constexpr std::uint64_t max_portrait_pixels = 20'000'000;

void init_vips() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (VIPS_INIT("jobhafen-render") == 0) vips_concurrency_set(1);
    });
}

// Rows and entry lists, the parts the card is made of after its header.
void render_sections(pdf_page_writer& w, const std::vector<messages::sedcard_section>& sections) {
    for (const auto& s : sections) {
        w.heading(s.heading);
        for (const auto& [l, v] : s.rows) w.row(l, v);
        for (const auto& e : s.entries) w.entry(e.title, e.meta, e.text);
    }
}

}  // namespace

std::expected<std::string, std::string> render_sedcard(std::string_view model_json, const std::vector<std::string>& attachments) {
    auto model = messages::parse_sedcard_model(model_json);
    if (!model) return std::unexpected(model.error());
    const std::string& name = model->name;
    pdf_page_writer w;
    w.metadata("Sedcard " + name, name);

    // Header: the portrait on the right, name and facts on the left.
    const double photo_width = 150;
    double photo_bottom = pdf_page_writer::margin;
    if (!attachments.empty() && !attachments[0].empty()) {
        init_vips();
        try {
            // The portrait was re-encoded at upload, but it is still checked here: the header's
            // size first, then a decode shrunk to print resolution (150 pt ≈ 600 px at 300 dpi),
            // so the page never holds more than a small RGB buffer.
            vips::VImage header = vips::VImage::new_from_buffer(attachments[0].data(), attachments[0].size(), "");
            if (static_cast<std::uint64_t>(header.width()) * static_cast<std::uint64_t>(header.height()) > max_portrait_pixels)
                throw vips::VError("portrait too large");
            VipsBlob* blob = vips_blob_new(nullptr, attachments[0].data(), attachments[0].size());
            vips::VImage img;
            try {
                img = vips::VImage::thumbnail_buffer(blob, 600, vips::VImage::option()->set("size", VIPS_SIZE_DOWN));
            } catch (...) {
                vips_area_unref(VIPS_AREA(blob));
                throw;
            }
            vips_area_unref(VIPS_AREA(blob));
            img = img.colourspace(VIPS_INTERPRETATION_sRGB);
            if (img.has_alpha()) img = img.flatten();
            img = img.extract_band(0, vips::VImage::option()->set("n", 3)).cast(VIPS_FORMAT_UCHAR);
            size_t len = 0;
            void* mem = img.write_to_memory(&len);
            double x = pdf_page_writer::page_width - pdf_page_writer::margin - photo_width;
            w.image_rgb(static_cast<unsigned char*>(mem), img.width(), img.height(), x, pdf_page_writer::margin, photo_width);
            photo_bottom += photo_width * img.height() / img.width();
            g_free(mem);
        } catch (const vips::VError&) {
            // A portrait that cannot be decoded is left out; the rest of the card is still useful.
        }
        vips_error_clear();
    }
    double text_width = w.content_width() - photo_width - 20;
    w.move_to(pdf_page_writer::margin);
    w.space(w.text(pdf_page_writer::escape(name), 22, 0, text_width, true, 0.1) + 2);
    w.space(w.text("Sedcard", 10, 0, text_width, false, 0.45) + 10);
    for (const auto& [l, v] : model->facts) {
        std::string line = "<span foreground=\"#666666\">" + pdf_page_writer::escape(l) + ":</span> " + pdf_page_writer::escape(v);
        w.space(w.text(line, 10.5, 0, text_width) + 3);
    }
    w.move_to(std::max(w.y(), photo_bottom) + 10);
    if (!model->summary.empty()) {
        w.ensure(40);
        w.space(w.text("<i>" + pdf_page_writer::escape(model->summary) + "</i>", 10, 0, 0, false, 0.2) + 4);
    }
    render_sections(w, model->sections);
    return w.finish();
}

std::expected<std::string, std::string> render_document(std::string_view kind, std::string_view model_json,
                                                        const std::vector<std::string>& attachments) {
    if (kind == messages::render_kind::sedcard) return render_sedcard(model_json, attachments);
    if (kind == messages::render_kind::invoice) {   // workers/billing/invoice_pdf.h
        auto doc = messages::parse_invoice_model(model_json);
        if (!doc) return std::unexpected(doc.error());
        return billing::render_invoice_pdf(*doc);
    }
    if (kind == messages::render_kind::time_records) return render_time_records(model_json);
    return std::unexpected("unknown document kind: " + std::string(kind));
}

}  // namespace jh::render
