// ipx.cpp: see ipx.h.
#include "media/ipx.h"

#include <vips/vips8>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <system_error>

#include <unistd.h>

#include "media/media_files.h"

namespace jh::media {

namespace fs = std::filesystem;

namespace {

// The qualities the pages ask for (docs/content.md): each one more is another cached copy of
// every image, so the list stays short.
constexpr int qualities[] = {70, 80, 90};

bool is_allowed_quality(int q) {
    for (int v : qualities)
        if (v == q) return true;
    return false;
}

bool is_breakpoint(int v) {
    for (int b : image_breakpoints)
        if (b == v) return true;
    return false;
}

std::optional<int> number(std::string_view s) {
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

std::string_view extension(std::string_view file) {
    auto dot = file.rfind('.');
    return dot == std::string_view::npos ? std::string_view{} : file.substr(dot + 1);
}

bool valid_file(std::string_view f) {
    auto ext = extension(f);
    if (ext != "png" && ext != "jpg" && ext != "jpeg" && ext != "webp") return false;
    std::string_view stem = f.substr(0, f.size() - ext.size() - 1);
    if (stem.empty() || stem.size() > 100) return false;
    for (char c : stem)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

void ensure_vips() {
    static std::once_flag once;
    std::call_once(once, [] { VIPS_INIT("jobhafen"); });
}

std::string_view format_content_type(std::string_view format) {
    if (format == "webp") return "image/webp";
    if (format == "jpeg") return "image/jpeg";
    return "image/png";
}

}  // namespace

result<ipx_request> parse_ipx(std::string_view modifiers, std::string_view file) {
    ipx_request r;
    if (!valid_file(file)) return fail(error_kind::bad_request, "Diese Bildquelle ist nicht erlaubt.");
    r.file = std::string(file);
    if (modifiers != "_") {
        std::size_t pos = 0;
        while (pos <= modifiers.size()) {
            auto comma = modifiers.find(',', pos);
            std::string_view m = modifiers.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
            pos = comma == std::string_view::npos ? modifiers.size() + 1 : comma + 1;
            auto us = m.find('_');
            if (us == std::string_view::npos) return fail(error_kind::bad_request, "Unbekannte Bildoption.");
            std::string_view k = m.substr(0, us), v = m.substr(us + 1);
            if (k == "w" || k == "width") {
                auto n = number(v);
                if (!n || !is_breakpoint(*n)) return fail(error_kind::bad_request, "Diese Bildbreite ist nicht erlaubt.");
                r.width = *n;
            } else if (k == "h" || k == "height") {
                auto n = number(v);
                if (!n || !is_breakpoint(*n)) return fail(error_kind::bad_request, "Diese Bildhöhe ist nicht erlaubt.");
                r.height = *n;
            } else if (k == "s" || k == "size") {
                auto x = v.find('x');
                auto wv = x == std::string_view::npos ? std::nullopt : number(v.substr(0, x));
                auto hv = x == std::string_view::npos ? std::nullopt : number(v.substr(x + 1));
                if (!wv || !hv || !is_breakpoint(*wv) || !is_breakpoint(*hv))
                    return fail(error_kind::bad_request, "Diese Bildgröße ist nicht erlaubt.");
                r.width = *wv;
                r.height = *hv;
            } else if (k == "f" || k == "format") {
                if (v == "webp" || v == "png") r.format = std::string(v);
                else if (v == "jpeg" || v == "jpg") r.format = "jpeg";
                else return fail(error_kind::bad_request, "Dieses Bildformat ist nicht erlaubt.");
            } else if (k == "q" || k == "quality") {
                auto n = number(v);
                if (!n || !is_allowed_quality(*n)) return fail(error_kind::bad_request, "Die Bildqualität muss 70, 80 oder 90 sein.");
                r.quality = *n;
            } else {
                return fail(error_kind::bad_request, "Unbekannte Bildoption.");
            }
        }
    }
    if (r.format.empty()) {
        auto ext = extension(r.file);
        r.format = ext == "jpg" || ext == "jpeg" ? "jpeg" : std::string(ext);
    }
    return r;
}

std::string ipx_cache_name(const ipx_request& r) {
    std::string stem = r.file.substr(0, r.file.rfind('.'));
    std::string srcext(extension(r.file));
    return stem + "." + srcext + ".w" + std::to_string(r.width) + ".h" + std::to_string(r.height) + ".q" +
           std::to_string(r.quality) + "." + r.format;
}

result<ipx_image> ipx_render(const ipx_request& r, const std::string& source_dir, const std::string& cache_dir) {
    fs::path source = fs::path(source_dir) / r.file;
    fs::path cached = fs::path(cache_dir) / ipx_cache_name(r);
    std::error_code ec;
    if (!fs::is_regular_file(source, ec)) return fail(error_kind::not_found, "Dieses Bild gibt es nicht.");
    // A cached result newer than its source is served as it is.
    if (fs::exists(cached, ec) && fs::last_write_time(cached, ec) >= fs::last_write_time(source, ec)) {
        if (auto body = read_file(cached.string())) return ipx_image{std::string(format_content_type(r.format)), std::move(*body)};
    }
    ensure_vips();
    // A source with an absurd declared size is refused before a pixel is decoded.
    if (!image_size_acceptable(source.string())) return fail(error_kind::bad_request, "Das Bild lässt sich nicht umwandeln.");
    try {
        vips::VImage img;
        if (r.width || r.height) {
            auto opts = vips::VImage::option()->set("height", r.height ? r.height : 100000);
            if (r.width && r.height) opts->set("crop", VIPS_INTERESTING_CENTRE);
            img = vips::VImage::thumbnail(source.c_str(), r.width ? r.width : 100000, opts->set("size", VIPS_SIZE_DOWN));
        } else {
            img = vips::VImage::new_from_file(source.c_str(), vips::VImage::option()->set("access", VIPS_ACCESS_SEQUENTIAL));
        }
        void* buf = nullptr;
        std::size_t len = 0;
        if (r.format == "webp") img.write_to_buffer(".webp", &buf, &len, vips::VImage::option()->set("Q", r.quality)->set("strip", true));
        else if (r.format == "jpeg") img.write_to_buffer(".jpg", &buf, &len, vips::VImage::option()->set("Q", r.quality)->set("strip", true));
        else img.write_to_buffer(".png", &buf, &len, vips::VImage::option()->set("strip", true));
        std::string body(static_cast<const char*>(buf), len);
        g_free(buf);
        fs::create_directories(cache_dir, ec);
        // Written under a temporary name and renamed, so a reader never sees half a file.
        fs::path tmp = cached;
        tmp += ".tmp" + std::to_string(reinterpret_cast<std::uintptr_t>(&body));
        if (std::ofstream out(tmp, std::ios::binary); out.write(body.data(), static_cast<std::streamsize>(body.size()))) {
            out.close();
            fs::rename(tmp, cached, ec);
        }
        fs::remove(tmp, ec);
        return ipx_image{std::string(format_content_type(r.format)), std::move(body)};
    } catch (const vips::VError& e) {
        return fail(error_kind::bad_request, "Das Bild lässt sich nicht umwandeln.");
    }
}

int draw_content_images(const std::string& dir, std::string& error) {
    struct picture {
        const char* file;
        double from[3], to[3];
    };
    // Theme colours (site-shell spec section 9): primaryDark, cardBlue, primaryYellow, lightYellow.
    // No text in the pictures: the pages draw their heading over them, and a caption baked in
    // showed it twice, the copy ghosted behind the real one (issue 29, bug 8).
    const picture pictures[] = {
        {"home-hero.png", {13, 34, 63}, {61, 97, 144}},
        {"city.png", {61, 97, 144}, {13, 34, 63}},
        {"activity.png", {220, 164, 65}, {13, 34, 63}},
        {"recruiting.png", {13, 34, 63}, {220, 164, 65}},
        {"article.png", {236, 193, 116}, {61, 97, 144}},
        {"event.png", {61, 97, 144}, {220, 164, 65}},
        {"wiki.png", {13, 34, 63}, {236, 193, 116}},
    };
    std::error_code ec;
    fs::create_directories(dir, ec);
    // Pictures an older seed drew (with a caption) are drawn again once: the stamp names the drawing.
    const fs::path stamp = fs::path(dir) / content_images_stamp;
    const bool current = fs::exists(stamp, ec);
    ensure_vips();
    int written = 0;
    for (const auto& p : pictures) {
        fs::path target = fs::path(dir) / p.file;
        if (current && fs::exists(target, ec)) continue;
        try {
            const int w = 1536, h = 768;
            // A diagonal gradient: t = (x + y) / (w + h), each band from → to.
            vips::VImage xy = vips::VImage::xyz(w, h);
            vips::VImage t = (xy[0] + xy[1]) / double(w + h);
            std::vector<vips::VImage> bands;
            for (int b = 0; b < 3; ++b) bands.push_back(t * (p.to[b] - p.from[b]) + p.from[b]);
            vips::VImage bg = vips::VImage::bandjoin(bands);   // the static form: all three bands
            // Soft circles as decoration: a brighter disc in the upper right.
            vips::VImage dx = xy[0] - w * 0.78, dy = xy[1] - h * 0.3;
            vips::VImage disc = ((dx * dx + dy * dy) < (h * 0.28) * (h * 0.28)).ifthenelse(1.0, 0.0);
            bg = bg * (1 - disc * 0.12) + disc * 0.12 * 255;
            // The bands were computed from a one-band image: say they are sRGB, or PNG saves grey.
            // Written under a temporary name of this process and renamed, so the server never sends
            // half a picture and two seeds drawing at once (parallel tests) never take each other's file.
            fs::path tmp = target;
            tmp += "." + std::to_string(::getpid()) + ".tmp";
            bg.cast(VIPS_FORMAT_UCHAR)
                .copy(vips::VImage::option()->set("interpretation", VIPS_INTERPRETATION_sRGB))
                .pngsave(tmp.c_str());
            fs::rename(tmp, target, ec);
            if (ec) {
                error = ec.message();
                return -1;
            }
            ++written;
        } catch (const vips::VError& e) {
            error = e.what();
            return -1;
        }
    }
    if (!current) std::ofstream(stamp) << "gradients without captions\n";
    return written;
}

}  // namespace jh::media
