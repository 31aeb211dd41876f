// stored_file.h: the plain types of the files domain (actors/files/), without its machinery: an
// upload as the connection spooled it, a file to answer with, and the messages about files. Light
// enough for rule headers (profiles/profile_rules.h) and route files to include.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace jh::files {

// An upload as the connection spooled it.
struct upload {
    std::string body_file;
    std::uint64_t body_size = 0;
    std::string content_type;      // the request's Content-Type (multipart/form-data; boundary=...)
};

// A file to answer with: a stored one by its path (the route streams it from disk, with Range for
// videos: reactor/file_response.h), or bytes made for the request (the sedcard PDF).
struct file_answer {
    std::string content_type;
    std::string body;              // the bytes, when there is no `path`
    std::string file_name;         // for Content-Disposition (documents); empty for images
    bool public_cache = false;     // the owner made the file public (a public profile)
    std::string path;              // the stored file
    // A version of what the bytes show (a made PDF): sent as a weak ETag with `private, no-cache`, so the
    // reader's own copy is checked again with every request (the route authorizes each one).
    std::string etag;              // without quotes; empty: none
    bool not_modified = false;     // the request's If-None-Match named `etag`: 304, no body
};

// What a multipart body may carry besides its file: the routes' body limit is the file's limit
// plus this.
inline constexpr std::uint64_t multipart_overhead = 64 * 1024;

// From the spec (candidate-side.md section 5); the same words for candidates and providers.
namespace msg {
inline constexpr std::string_view file_too_large = "Die Datei ist zu groß";
inline constexpr std::string_view not_an_image = "Datei muss ein Bild sein";
}  // namespace msg

}  // namespace jh::files
