// static_files.cpp: see static_files.h. Runs once at start (blocking reads are fine then).
#include "reactor/static_files.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reactor/text_table.h"

namespace jh {

namespace fs = std::filesystem;

namespace {

// The media type of each file ending the web build ships.
constexpr text_pair content_types[] = {
    {"html", "text/html; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"mjs", "text/javascript; charset=utf-8"},
    {"css", "text/css; charset=utf-8"},
    {"json", "application/json"},
    {"map", "application/json"},
    {"webmanifest", "application/manifest+json"},
    {"svg", "image/svg+xml"},
    {"png", "image/png"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"webp", "image/webp"},
    {"avif", "image/avif"},
    {"gif", "image/gif"},
    {"ico", "image/x-icon"},
    {"woff2", "font/woff2"},
    {"woff", "font/woff"},
    {"txt", "text/plain; charset=utf-8"},
    {"xml", "application/xml"},
    {"pdf", "application/pdf"},
};

}  // namespace

std::string_view content_type_for(std::string_view path) noexcept {
    auto dot = path.rfind('.');
    std::string_view ext = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    return value_or(content_types, ext, "application/octet-stream");
}

namespace {
std::shared_ptr<const std::string> read_whole(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    if (!f) return nullptr;
    std::ostringstream s;
    s << f.rdbuf();
    return std::make_shared<const std::string>(s.str());
}

std::string etag_of(const std::string& body) {
    unsigned char h[16];
    crypto_generichash(h, sizeof h, reinterpret_cast<const unsigned char*>(body.data()), body.size(), nullptr, 0);
    char hex[sizeof h * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, h, sizeof h);
    return std::string("\"") + hex + "\"";
}
}  // namespace

void static_files::load(const std::string& root_dir) {
    files_.clear();
    std::error_code ec;
    fs::path root = fs::weakly_canonical(root_dir, ec);
    if (ec || !fs::is_directory(root)) {
        spdlog::warn("web root {} does not exist: serving the API only (run `npm run build` in web/)", root_dir);
        return;
    }
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::none, ec); it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const fs::path& p = it->path();
        // A symlink is followed only when its target stays inside the folder.
        fs::path real = fs::weakly_canonical(p, ec);
        if (ec) continue;
        auto rel_to_root = real.lexically_relative(root);
        if (rel_to_root.empty() || *rel_to_root.begin() == "..") {
            spdlog::warn("skipping {}: it points outside the web root", p.string());
            continue;
        }
        if (!fs::is_regular_file(real, ec)) continue;
        std::string ext = p.extension().string();
        if (ext == ".gz" || ext == ".br") continue;   // attached to their originals below
        std::string key = "/" + p.lexically_relative(root).generic_string();
        auto body = read_whole(real);
        if (!body) continue;
        static_file f;
        f.content_type = std::string(content_type_for(key));
        f.etag = etag_of(*body);
        f.body = std::move(body);
        f.immutable = key.starts_with("/assets/");
        if (fs::exists(p.string() + ".gz")) f.gzip = read_whole(p.string() + ".gz");
        if (fs::exists(p.string() + ".br")) f.brotli = read_whole(p.string() + ".br");
        files_.emplace(std::move(key), std::move(f));
    }
    spdlog::info("web root {}: {} files", root.string(), files_.size());
}

const static_file* static_files::find(std::string_view path) const {
    if (path == "/") path = "/index.html";
    auto it = files_.find(std::string(path));
    return it == files_.end() ? nullptr : &it->second;
}

}  // namespace jh
