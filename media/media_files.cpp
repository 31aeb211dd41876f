// media_files.cpp: see media_files.h.
#include "media/media_files.h"

#include <sodium.h>
#include <vips/vips8>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>

namespace jh::media {

namespace {

void init_vips() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (VIPS_INIT("jobhafen") != 0) return;
        // One worker thread per operation: the libuv pool already runs several uploads at once.
        vips_concurrency_set(1);
        vips_cache_set_max(0);   // no operation cache: every upload is a different file
    });
}

}  // namespace

std::string markup_escape(std::string_view text, std::size_t max_chars) {
    std::size_t end = 0, chars = 0;
    while (end < text.size() && chars < max_chars) {
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
        ++chars;
    }
    std::string cut(text.substr(0, end));
    if (!g_utf8_validate(cut.data(), static_cast<gssize>(cut.size()), nullptr)) return {};
    gchar* escaped = g_markup_escape_text(cut.data(), static_cast<gssize>(cut.size()));
    std::string out(escaped);
    g_free(escaped);
    return out;
}

file_kind sniff(std::string_view h) {
    auto at = [&](std::size_t off, std::string_view magic) { return h.size() >= off + magic.size() && h.substr(off, magic.size()) == magic; };
    if (at(0, "\xFF\xD8\xFF")) return file_kind::jpeg;
    if (at(0, "\x89PNG\r\n\x1A\n")) return file_kind::png;
    if (at(0, "GIF87a") || at(0, "GIF89a")) return file_kind::gif;
    if (at(0, "RIFF") && at(8, "WEBP")) return file_kind::webp;
    if (at(0, "%PDF-")) return file_kind::pdf;
    if (at(4, "ftyp")) return at(8, "qt  ") ? file_kind::mov : file_kind::mp4;
    if (at(0, "\x1A\x45\xDF\xA3") && h.find("webm") != std::string_view::npos) return file_kind::webm;
    return file_kind::unknown;
}

bool is_image(file_kind k) { return k == file_kind::jpeg || k == file_kind::png || k == file_kind::gif || k == file_kind::webp; }
bool is_video(file_kind k) { return k == file_kind::mp4 || k == file_kind::mov || k == file_kind::webm; }

std::string_view content_type_of(file_kind k) {
    switch (k) {
        case file_kind::jpeg: return "image/jpeg";
        case file_kind::png: return "image/png";
        case file_kind::gif: return "image/gif";
        case file_kind::webp: return "image/webp";
        case file_kind::pdf: return "application/pdf";
        case file_kind::mp4: return "video/mp4";
        case file_kind::mov: return "video/quicktime";
        case file_kind::webm: return "video/webm";
        case file_kind::unknown: break;
    }
    return "application/octet-stream";
}

std::string new_storage_key() {
    unsigned char b[16];
    randombytes_buf(b, sizeof b);
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : b) {
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    return out;
}

std::string media_dir(const std::string& var_dir) { return var_dir + "/media/profiles"; }

std::string make_media_dir(const std::string& var_dir) {
    std::error_code ec;
    std::filesystem::create_directories(media_dir(var_dir), ec);
    return ec ? "cannot create " + media_dir(var_dir) + ": " + ec.message() : std::string();
}

std::string media_path(const std::string& var_dir, std::string_view key, std::string_view suffix) {
    return media_dir(var_dir) + "/" + std::string(key) + std::string(suffix);
}

bool image_size_acceptable(const std::string& path) {
    init_vips();
    try {
        vips::VImage header = vips::VImage::new_from_file(path.c_str(), vips::VImage::option()->set("access", VIPS_ACCESS_SEQUENTIAL));
        return header.width() > 0 && header.height() > 0 &&
               static_cast<std::uint64_t>(header.width()) * static_cast<std::uint64_t>(header.height()) <= max_image_pixels;
    } catch (const vips::VError&) {
        vips_error_clear();
        return false;
    }
}

namespace {

// `img` as a stripped JPEG (EXIF, XMP, IPTC and ICC comments dropped), in memory: the file is then
// written whole by write_whole_file, which alone sees the disk's errno.
std::string encode_jpeg(const vips::VImage& img, int quality, bool optimize_coding) {
    void* buf = nullptr;
    std::size_t len = 0;
    img.write_to_buffer(".jpg", &buf, &len,
                        vips::VImage::option()->set("Q", quality)->set("strip", true)->set("optimize_coding", optimize_coding));
    std::string out(static_cast<const char*>(buf), len);
    g_free(buf);
    return out;
}

// A thumbnail `w` wide of the JPEG in `main`, scaled down only, encoded.
std::string encode_thumbnail(const std::string& main, int w) {
    std::unique_ptr<VipsBlob, void (*)(VipsBlob*)> blob(vips_blob_new(nullptr, main.data(), main.size()),
                                                        [](VipsBlob* b) { vips_area_unref(VIPS_AREA(b)); });
    vips::VImage t = vips::VImage::thumbnail_buffer(blob.get(), w, vips::VImage::option()->set("size", VIPS_SIZE_DOWN));
    return encode_jpeg(t, 80, false);
}

// Writes the thumbnails below the image's width; the first failed write's status, else written.
write_status write_thumbnails(const std::string& main, const std::string& var_dir, const std::string& key, processed_image& out) {
    for (int w : image_breakpoints) {
        if (w >= out.width) break;
        auto written = write_whole_file(media_path(var_dir, key, "-w" + std::to_string(w)), encode_thumbnail(main, w));
        if (written.status != write_status::written) return written.status;
        out.thumb_widths.push_back(w);
    }
    return write_status::written;
}

// process_image's work, throwing vips::VError on undecodable bytes.
void encode_and_write(const std::string& in_path, const std::string& var_dir, const std::string& key, bool thumbnails,
                      processed_image& out) {
    // thumbnail() decodes with shrink-on-load, applies the EXIF orientation and scales down
    // only (never up).
    vips::VImage img = vips::VImage::thumbnail(in_path.c_str(), max_image_side,
                                               vips::VImage::option()->set("height", max_image_side)->set("size", VIPS_SIZE_DOWN));
    if (img.has_alpha()) img = img.flatten(vips::VImage::option()->set("background", std::vector<double>{255, 255, 255}));
    img = img.colourspace(VIPS_INTERPRETATION_sRGB);
    const std::string main = encode_jpeg(img, 85, true);
    out.width = img.width();
    out.height = img.height();
    out.bytes = main.size();
    write_status s = write_whole_file(media_path(var_dir, key), main).status;
    if (s == write_status::written && thumbnails) s = write_thumbnails(main, var_dir, key, out);
    out.written = s;
    out.ok = s == write_status::written && out.bytes > 0;
}

}  // namespace

processed_image process_image(const std::string& in_path, const std::string& var_dir, const std::string& key, bool thumbnails) {
    init_vips();
    processed_image out;
    try {
        // The header alone first: refuse absurd dimensions before decoding anything.
        if (image_size_acceptable(in_path)) encode_and_write(in_path, var_dir, key, thumbnails, out);
    } catch (const vips::VError&) {
        out.ok = false;
    }
    vips_error_clear();
    if (!out.ok) remove_media(var_dir, key);
    return out;
}

write_status write_video_poster(const std::string& var_dir, const std::string& key, std::string_view title, std::string_view subtitle) {
    init_vips();
    std::string jpeg;
    try {
        // The subtitle is the candidate's first name: text, never markup. Bounded, so a long name
        // cannot make pango lay out pages of text for a 1280×720 picture.
        std::string markup = "<b>" + markup_escape(title, poster_text_max_chars) + "</b>\n" + markup_escape(subtitle, poster_text_max_chars);
        vips::VImage text = vips::VImage::text(markup.c_str(), vips::VImage::option()
                                                                   ->set("font", "DejaVu Sans 44")
                                                                   ->set("width", 1100)
                                                                   ->set("align", VIPS_ALIGN_CENTRE)
                                                                   ->set("dpi", 96));
        // A calm blue background with the text in white, centred.
        vips::VImage bg = vips::VImage::black(1280, 720, vips::VImage::option()->set("bands", 3)).new_from_image({31, 78, 121});
        int x = (1280 - text.width()) / 2, y = (720 - text.height()) / 2;
        vips::VImage mask = text.embed(std::max(0, x), std::max(0, y), 1280, 720);
        vips::VImage white = bg.new_from_image({255, 255, 255});
        vips::VImage poster = (mask > 128).ifthenelse(white, bg, vips::VImage::option()->set("blend", false)).cast(VIPS_FORMAT_UCHAR);
        poster = poster.copy(vips::VImage::option()->set("interpretation", VIPS_INTERPRETATION_sRGB));
        jpeg = encode_jpeg(poster, 85, false);
    } catch (const vips::VError&) {
        vips_error_clear();
        return write_status::failed;
    }
    vips_error_clear();
    return write_whole_file(media_path(var_dir, key, "-poster"), jpeg).status;
}

write_status move_into_media(const std::string& from, const std::string& var_dir, const std::string& key) {
    const std::string to = media_path(var_dir, key);
    std::error_code ec;
    std::filesystem::rename(from, to, ec);
    if (!ec) return write_status::written;
    // var/tmp on another mount: copy, then remove (on the thread pool, as everything in this file).
    // The new name is known to nobody yet, so a copy cut short is simply removed.
    std::filesystem::copy_file(from, to, ec);
    std::error_code ignore;
    if (ec) std::filesystem::remove(to, ignore);
    std::filesystem::remove(from, ignore);
    if (!ec) return write_status::written;
    return is_out_of_space(ec.value()) ? write_status::no_space : write_status::failed;
}

bool is_media_key(std::string_view key) {
    // An image stored as a JPEG of its own (organization logos) carries the extension.
    if (key.size() == 36 && key.ends_with(".jpg")) key.remove_suffix(4);
    return key.size() == 32 && key.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

void remove_media(const std::string& var_dir, std::string_view key) {
    if (!is_media_key(key)) return;   // never a path
    std::error_code ec;
    std::filesystem::remove(media_path(var_dir, key), ec);
    std::filesystem::remove(media_path(var_dir, key, "-poster"), ec);
    for (int w : image_breakpoints) std::filesystem::remove(media_path(var_dir, key, "-w" + std::to_string(w)), ec);
}

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace jh::media
