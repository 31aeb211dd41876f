// media_files.h: what happens to an uploaded file's bytes: recognising its type by content,
// re-encoding images with libvips (metadata and EXIF dropped, orientation applied, oversized
// images scaled down, thumbnails at the spec's breakpoints), a poster for videos, and where files
// live. Every function here blocks (disk, decoding): call it on the thread pool, never on a loop.
//
// Files live in <var_dir>/media/profiles/ under names we generate (32 hex digits, plus "-w320"
// for a thumbnail or "-poster" for a video's poster, or ".jpg" for a logo). Nothing a client sends becomes part of a
// path.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/whole_file.h"

namespace jh::media {

enum class file_kind { unknown, jpeg, png, gif, webp, pdf, mp4, mov, webm };

// By the first bytes (at least 12 are needed; 64 are better).
file_kind sniff(std::string_view head);
bool is_image(file_kind k);
bool is_video(file_kind k);
std::string_view content_type_of(file_kind k);

inline constexpr int image_breakpoints[] = {320, 640, 768, 1024, 1280, 1536};
inline constexpr int max_image_side = 2560;                       // longer side after re-encoding
// Decompression-bomb guard, checked on the header before any pixel is decoded: 50 megapixels
// (the largest phone cameras); a crafted header declaring 60000×60000 is refused at once.
inline constexpr std::uint64_t max_image_pixels = 50'000'000;
inline constexpr std::size_t poster_text_max_chars = 80;          // a video poster's title and name

std::string new_storage_key();   // 32 random hex digits
std::string media_dir(const std::string& var_dir);
// Makes the media folder (app/ calls it once at start, before any loop runs). "" or what failed.
std::string make_media_dir(const std::string& var_dir);
std::string media_path(const std::string& var_dir, std::string_view key, std::string_view suffix = {});

struct processed_image {
    bool ok = false;
    // With ok = false: written when the bytes were no decodable image; else why a file could not
    // be written (no_space: ENOSPC, EDQUOT; failed: any other error of the disk), not the image's fault.
    write_status written = write_status::written;

    int width = 0, height = 0;
    std::uint64_t bytes = 0;
    std::vector<int> thumb_widths;
};

// Decodes `in_path` and writes <key> (JPEG, stripped, rotated upright, at most max_image_side)
// and, when `thumbnails`, <key>-w<width> for each breakpoint below the image's width, each written
// whole (reactor/whole_file.h). ok = false when the bytes are not a decodable image or a file could
// not be written (`written` says why); nothing is left behind then.
processed_image process_image(const std::string& in_path, const std::string& var_dir, const std::string& key, bool thumbnails);

// True when the image header at `path` declares a positive size of at most max_image_pixels.
// Reads the header only (libvips opens lazily), never the pixels.
bool image_size_acceptable(const std::string& path);

// A generated 1280×720 poster for a video: no frame extractor (ffmpeg) is part of our stack
// (docs/decisions.md). Written as <key>-poster. `title` and `subtitle` are plain text (escaped
// here for pango and cut to poster_text_max_chars). Written whole or not at all.
write_status write_video_poster(const std::string& var_dir, const std::string& key, std::string_view title, std::string_view subtitle);

// Pango markup for plain `text`: at most `max_chars` characters (whole UTF-8 sequences), with &, <,
// >, quotes escaped by glib; invalid UTF-8 becomes empty rather than a pango error later. For the
// video posters here and the PDFs the render worker draws.
std::string markup_escape(std::string_view text, std::size_t max_chars = std::string_view::npos);

// Moves a finished part into the media folder as <key> (a copy when var/tmp is on another file
// system; a copy that fails leaves nothing).
write_status move_into_media(const std::string& from, const std::string& var_dir, const std::string& key);

// A name new_storage_key() made: 32 hex digits, or those plus ".jpg" (an image stored as a JPEG of
// its own, such as an organization's logo). Anything else is never taken as a file name.
bool is_media_key(std::string_view key);

// Removes <key> and every derived file (thumbnails, poster). Missing files are fine; a key that is
// not is_media_key() removes nothing.
void remove_media(const std::string& var_dir, std::string_view key);

// The whole file, or nullopt. For bytes the server itself needs (the portrait in a sedcard);
// answers stream files from disk instead (reactor/file_response.h).
std::optional<std::string> read_file(const std::string& path);

}  // namespace jh::media
