// static_files.h: the built web app (web/dist), held in memory and served by the loops.
//
// The folder is read once at start, before the loops run, so serving never touches the disk and a
// request path is only ever a key into this table: "..", encoded dots, NUL bytes and symlinks
// pointing out of the folder cannot reach another file. Pre-compressed .br/.gz siblings are used
// when the client accepts them. Hashed assets (under /assets/) are cached for a year; index.html
// is revalidated every time (no-cache + ETag).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace jh {

struct static_file {
    std::shared_ptr<const std::string> body;
    std::shared_ptr<const std::string> gzip;     // null when no .gz sibling exists
    std::shared_ptr<const std::string> brotli;   // null when no .br sibling exists
    std::string content_type;
    std::string etag;                            // strong ETag: a hash of the content
    bool immutable = false;                      // hashed asset: cache forever
};

class static_files {
public:
    // Loads every regular file below `root`. Missing root: serves nothing (API-only mode).
    void load(const std::string& root);
    // `path` is the decoded request path ("/assets/app-3f2a.js"); "/" is index.html.
    const static_file* find(std::string_view path) const;
    const static_file* index_html() const { return find("/index.html"); }
    std::size_t count() const noexcept { return files_.size(); }

private:
    std::unordered_map<std::string, static_file> files_;
};

std::string_view content_type_for(std::string_view path) noexcept;

}  // namespace jh
