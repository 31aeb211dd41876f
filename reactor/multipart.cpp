// multipart.cpp: see multipart.h. A small streaming parser over a sliding buffer: find the
// delimiter, read a part's headers, copy its content until the next delimiter, repeat.
#include "reactor/multipart.h"

#include <cerrno>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "reactor/auth.h"
#include "reactor/text.h"
#include "reactor/whole_file.h"

namespace jh {

std::optional<std::string_view> multipart_form::field(std::string_view name) const {
    for (const auto& [k, v] : fields)
        if (k == name) return std::string_view(v);
    return std::nullopt;
}

std::vector<std::string_view> multipart_form::all(std::string_view name) const {
    std::vector<std::string_view> out;
    std::string bracket = std::string(name) + "[]";
    for (const auto& [k, v] : fields)
        if (k == name || k == bracket) out.push_back(v);
    return out;
}

namespace {


// The value of parameter `name` in a header like `form-data; name="file"; filename="a.jpg"`.
std::optional<std::string> header_param(std::string_view header, std::string_view name) {
    std::string lh = ascii_lower(header);
    std::string key = std::string(name) + "=";
    std::size_t pos = 0;
    while ((pos = lh.find(key, pos)) != std::string::npos) {
        bool at_start = pos == 0 || lh[pos - 1] == ';' || lh[pos - 1] == ' ' || lh[pos - 1] == '\t';
        if (!at_start) {
            pos += key.size();
            continue;
        }
        std::size_t v = pos + key.size();
        if (v < header.size() && header[v] == '"') {
            std::string out;
            for (std::size_t i = v + 1; i < header.size(); ++i) {
                if (header[i] == '\\' && i + 1 < header.size()) out += header[++i];
                else if (header[i] == '"') return out;
                else out += header[i];
            }
            return std::nullopt;
        }
        std::size_t end = header.find(';', v);
        std::string_view raw = header.substr(v, end == std::string_view::npos ? std::string_view::npos : end - v);
        while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t')) raw.remove_suffix(1);
        return std::string(raw);
    }
    return std::nullopt;
}

struct file_closer {
    void operator()(std::FILE* f) const noexcept {
        if (f) std::fclose(f);
    }
};
using file_ptr = std::unique_ptr<std::FILE, file_closer>;

class reader {
public:
    explicit reader(std::FILE* f) : f_(f) {}
    // Makes at least `n` bytes available after pos_ (fewer at the end of the file).
    bool fill(std::size_t n) {
        while (buf_.size() - pos_ < n && !eof_) {
            if (pos_ > 0 && pos_ >= buf_.size() / 2) {
                buf_.erase(0, pos_);
                pos_ = 0;
            }
            char block[64 * 1024];
            std::size_t got = std::fread(block, 1, sizeof block, f_);
            if (got == 0) {
                eof_ = true;
                if (std::ferror(f_)) error_ = true;
            }
            buf_.append(block, got);
        }
        return buf_.size() - pos_ >= n;
    }
    std::string_view view() const { return std::string_view(buf_).substr(pos_); }
    void consume(std::size_t n) { pos_ += n; }
    bool eof() const { return eof_ && pos_ >= buf_.size(); }
    bool input_done() const { return eof_; }   // the file has nothing more to give
    bool error() const { return error_; }

private:
    std::FILE* f_;
    std::string buf_;
    std::size_t pos_ = 0;
    bool eof_ = false;
    bool error_ = false;
};

// A part's headers: its field name and, for a file, the client's file name.
struct multipart_part_headers {
    std::string name, filename;
    bool has_filename = false;
};

// Reads a part's headers up to the empty line (each line at most 8 KiB); false when they are
// malformed or name no field.
bool multipart_read_headers(reader& r, multipart_part_headers& h) {
    for (;;) {
        r.fill(8 * 1024);
        std::string_view v = r.view();
        std::size_t eol = v.find("\r\n");
        if (eol == std::string_view::npos || eol > 8 * 1024) return false;
        std::string_view line = v.substr(0, eol);
        r.consume(eol + 2);
        if (line.empty()) break;
        std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) return false;
        if (ascii_lower(line.substr(0, colon)) == "content-disposition") {
            std::string_view value = line.substr(colon + 1);
            if (auto n = header_param(value, "name")) h.name = *n;
            if (auto fn = header_param(value, "filename")) {
                h.filename = *fn;
                h.has_filename = true;
            }
        }
    }
    return !h.name.empty();
}

// Hands a part's content to `take` in blocks up to the next delimiter and consumes that delimiter.
// A block never ends inside what may be the delimiter's start, so memory stays at one block.
template <typename Take>
multipart_error multipart_copy_part(reader& r, const std::string& delim, Take& take) {
    for (;;) {
        r.fill(64 * 1024 + delim.size());
        std::string_view v = r.view();
        std::size_t at = v.find(delim);
        if (at != std::string_view::npos) {
            if (auto e = take(v.substr(0, at)); e != multipart_error::none) return e;
            r.consume(at + delim.size());
            return multipart_error::none;
        }
        if (r.input_done() && v.size() <= delim.size()) return multipart_error::malformed;
        std::size_t safe = v.size() > delim.size() ? v.size() - delim.size() : 0;
        if (auto e = take(v.substr(0, safe)); e != multipart_error::none) return e;
        r.consume(safe);
    }
}

}  // namespace

std::optional<std::string> multipart_boundary(std::string_view content_type) {
    std::string lc = ascii_lower(content_type);
    if (!lc.starts_with("multipart/form-data")) return std::nullopt;
    auto b = header_param(content_type, "boundary");
    if (!b || b->empty() || b->size() > 200) return std::nullopt;
    return b;
}

void remove_parts(const multipart_form& form) {
    std::error_code ec;
    for (const auto& f : form.files) std::filesystem::remove(f.path, ec);
}

namespace {
// What a failed write of a part (errno set by fopen, fwrite or fflush) was.
multipart_error write_error() { return is_out_of_space(errno) ? multipart_error::no_space : multipart_error::io; }
}  // namespace

multipart_error parse_multipart_file(const std::string& path, const std::string& boundary, const std::string& out_dir,
                                     const multipart_limits& limits, multipart_form& out) {
    file_ptr in(std::fopen(path.c_str(), "rb"));
    if (!in) return multipart_error::io;
    reader r(in.get());
    const std::string first = "--" + boundary;
    const std::string delim = "\r\n--" + boundary;
    auto fail = [&](multipart_error e) {
        remove_parts(out);
        out.files.clear();
        return e;
    };

    // A preamble (rare) may come before the first delimiter; it must fit in 64 KiB.
    {
        r.fill(64 * 1024);
        std::string_view v = r.view();
        std::size_t at = v.find(first);
        if (at == std::string_view::npos) return fail(multipart_error::malformed);
        r.consume(at + first.size());
    }

    int parts = 0;
    for (;;) {
        // After a delimiter: "--" ends the body, CRLF starts a part.
        r.fill(2);
        std::string_view v = r.view();
        if (v.starts_with("--")) return r.error() ? fail(multipart_error::io) : multipart_error::none;
        if (!v.starts_with("\r\n")) return fail(multipart_error::malformed);
        r.consume(2);
        if (++parts > limits.max_parts) return fail(multipart_error::malformed);

        multipart_part_headers h;
        if (!multipart_read_headers(r, h)) return fail(multipart_error::malformed);
        std::string& name = h.name;
        const bool has_filename = h.has_filename;

        // Content up to the next delimiter.
        file_ptr part_out;
        multipart_file file;
        std::string text;
        if (has_filename) {
            file.field = name;
            file.client_name = h.filename.substr(0, 255);
            file.path = out_dir + "/part-" + auth::random_token(18);
            part_out.reset(std::fopen(file.path.c_str(), "wbx"));
            if (!part_out) return fail(write_error());
            out.files.push_back(file);   // registered now, so a failure below removes it
        }
        auto take = [&](std::string_view bytes) -> multipart_error {
            if (!has_filename) {
                if (text.size() + bytes.size() > limits.max_field_bytes) return multipart_error::malformed;
                text.append(bytes);
                return multipart_error::none;
            }
            auto& f = out.files.back();
            if (f.head.size() < 64) f.head.append(bytes.substr(0, 64 - f.head.size()));
            f.size += bytes.size();
            if (limits.max_file_bytes > 0 && f.size > limits.max_file_bytes) return multipart_error::file_too_large;
            if (std::fwrite(bytes.data(), 1, bytes.size(), part_out.get()) != bytes.size()) return write_error();
            return multipart_error::none;
        };
        if (auto e = multipart_copy_part(r, delim, take); e != multipart_error::none) return fail(e);
        if (has_filename) {
            if (std::fflush(part_out.get()) != 0) return fail(write_error());
        } else {
            out.fields.emplace_back(std::move(name), std::move(text));
        }
    }
}

}  // namespace jh
