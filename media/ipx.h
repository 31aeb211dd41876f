// ipx.h: /_ipx/{modifiers}/content-images/{file} — resizing and converting content images (the
// content actor serves them; `jobhafen seed` draws the shipped illustrations with it).
//
// Modifiers: "_" (none) or comma-separated w_N, h_N, s_WxH, f_webp|jpeg|jpg|png, q_70|80|90.
// Widths and heights must be image breakpoints (320, 640, 768, 1024, 1280, 1536; site-shell spec
// section 9), so the cache on disk is bounded by files × breakpoints × formats × qualities;
// anything else is 400. A source whose header declares more than max_image_pixels
// (media/media_files.h) is refused before decoding.
// The source is a file name in the content image folder ([a-z0-9-]+.(png|jpg|jpeg|webp)); the
// file name from the URL is only a key into that folder, never a path. Work runs on the libuv
// thread pool: decoding, resizing and encoding take milliseconds.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reactor/app_error.h"

namespace jh::media {

struct ipx_request {
    int width = 0, height = 0;   // 0: keep (the other side scales along)
    std::string format;          // "webp", "jpeg", "png"; "" = as the source
    int quality = 80;
    std::string file;            // the file name in the content image folder
};

// 400 (bad_request) for an unknown modifier, a size that is not a breakpoint or a bad file name.
result<ipx_request> parse_ipx(std::string_view modifiers, std::string_view file);

// The name of the cached result, unique per request ("home-hero.w640.q80.webp").
std::string ipx_cache_name(const ipx_request& r);

struct ipx_image {
    std::string content_type;
    std::string body;
};

// Runs on a pool thread: reads the cached result or makes it (libvips) and stores it.
// not_found when the source does not exist.
result<ipx_image> ipx_render(const ipx_request& r, const std::string& source_dir, const std::string& cache_dir);

// Draws the shipped illustrations (simple gradients, no text: the pages set their headings over
// them) into `dir` when missing, and all of them again once where an older drawing is there (no
// stamp file). Used by `jobhafen seed`. Returns the number of images written, -1 on an error.
int draw_content_images(const std::string& dir, std::string& error);

// The file in the images' folder that says which drawing the pictures are.
inline constexpr const char* content_images_stamp = ".drawing-v2";

}  // namespace jh::media
