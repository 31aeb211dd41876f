// static_files.cpp: see static_files.h. Runs once at start (blocking reads are fine then).
#include "reactor/static_files.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace jh {

namespace fs = std::filesystem;

std::string_view content_type_for(std::string_view path) noexcept {
    auto dot = path.rfind('.');
    std::string_view ext = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    if (ext == "html") return "text/html; charset=utf-8";
    if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "json" || ext == "map") return "application/json";
    if (ext == "webmanifest") return "application/manifest+json";
    if (ext == "svg") return "image/svg+xml";
    if (ext == "png") return "image/png";
    if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
    if (ext == "webp") return "image/webp";
    if (ext == "avif") return "image/avif";
    if (ext == "gif") return "image/gif";
    if (ext == "ico") return "image/x-icon";
    if (ext == "woff2") return "font/woff2";
    if (ext == "woff") return "font/woff";
    if (ext == "txt") return "text/plain; charset=utf-8";
    if (ext == "xml") return "application/xml";
    if (ext == "pdf") return "application/pdf";
    return "application/octet-stream";
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
