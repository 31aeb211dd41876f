// file_response.cpp: see file_response.h.
#include "reactor/file_response.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <charconv>
#include <coroutine>

#include "reactor/http_client.h"
#include "reactor/http_pipeline.h"

namespace jh {

namespace {

constexpr std::string_view sandbox_csp = "default-src 'none'; sandbox";
constexpr std::size_t max_file_name_bytes = 200;

// co_await on one libuv file operation. `start(req, cb)` queues it; afterwards `req.result`
// (and `req.statbuf`) hold the outcome, and the caller cleans the request up.
template <typename Start>
struct fs_call {
    Start start;
    uv_fs_t req{};
    std::coroutine_handle<> waiting;

    bool await_ready() const noexcept { return false; }
    bool await_suspend(std::coroutine_handle<> h) {
        waiting = h;
        req.data = this;
        int r = start(&req, [](uv_fs_t* q) { static_cast<fs_call*>(q->data)->waiting.resume(); });
        if (r < 0) {
            req.result = r;
            return false;   // not queued: go on at once with the error
        }
        return true;
    }
    void await_resume() const noexcept {}
};

struct opened_file {
    uv_file fd = -1;
    std::uint64_t size = 0;
};

task<std::optional<opened_file>> open_regular_file(uv_loop_t* loop, const std::string& path) {
    auto open_op = [loop, &path](uv_fs_t* r, uv_fs_cb cb) { return uv_fs_open(loop, r, path.c_str(), O_RDONLY | O_CLOEXEC, 0, cb); };
    fs_call<decltype(open_op)> opening{open_op};
    co_await opening;
    auto fd = static_cast<uv_file>(opening.req.result);
    uv_fs_req_cleanup(&opening.req);
    if (fd < 0) co_return std::nullopt;
    auto stat_op = [loop, fd](uv_fs_t* r, uv_fs_cb cb) { return uv_fs_fstat(loop, r, fd, cb); };
    fs_call<decltype(stat_op)> stating{stat_op};
    co_await stating;
    bool regular = stating.req.result == 0 && S_ISREG(stating.req.statbuf.st_mode);
    std::uint64_t size = stating.req.statbuf.st_size;
    uv_fs_req_cleanup(&stating.req);
    if (!regular) {
        file_body closer(loop, fd);   // closes it
        co_return std::nullopt;
    }
    co_return opened_file{fd, size};
}

// ---- file names ------------------------------------------------------------------------------------------

// The next code point of valid UTF-8 at `s[i]`, advancing i; -1 (and one byte skipped) when the
// bytes there are not valid UTF-8.
long next_code_point(std::string_view s, std::size_t& i) {
    auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = b(i);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
        ++i;
        return -1;
    }
    long cp = n == 1 ? c : c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) {
            ++i;
            return -1;
        }
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    static constexpr long min_of[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_of[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {   // overlong, out of range, surrogate
        ++i;
        return -1;
    }
    i += n;
    return cp;
}

// Characters a file name never keeps: controls (CR, LF, C1), quotes, backslashes, slashes, and the
// bidirectional overrides that make "gpj.exe" look like "exe.jpg".
bool dropped(long cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == '"' || cp == '\\' || cp == '/' ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string_view umlaut_fallback(long cp) {
    switch (cp) {
        case 0xE4: return "ae";
        case 0xF6: return "oe";
        case 0xFC: return "ue";
        case 0xC4: return "Ae";
        case 0xD6: return "Oe";
        case 0xDC: return "Ue";
        case 0xDF: return "ss";
        default: return "_";
    }
}

}  // namespace

file_body::~file_body() {
    if (fd < 0) return;
    auto* r = new uv_fs_t;
    if (uv_fs_close(loop, r, fd, [](uv_fs_t* q) {
            uv_fs_req_cleanup(q);
            delete q;
        }) != 0)
        delete r;
}

bool header_is_safe(std::string_view text) noexcept { return text.find_first_of(std::string_view("\r\n\0", 3)) == std::string_view::npos; }

http_response attachment_response(std::string file_name, std::string body, std::string_view content_type) {
    http_response res;
    res.content_type = std::string(content_type);
    res.header("Content-Disposition", content_disposition(file_name));
    res.body = std::move(body);
    return res;
}

std::string content_disposition(std::string_view file_name, std::string_view fallback) {
    // The UTF-8 name without what is dropped, bounded, without leading dots or spaces.
    std::string name;
    for (std::size_t i = 0; i < file_name.size();) {
        std::size_t at = i;
        long cp = next_code_point(file_name, i);
        if (cp < 0 || dropped(cp)) continue;
        if (name.size() + (i - at) > max_file_name_bytes) break;
        name.append(file_name.substr(at, i - at));
    }
    std::size_t lead = name.find_first_not_of(". ");
    name.erase(0, lead == std::string::npos ? name.size() : lead);
    if (name.empty()) name = fallback;

    std::string ascii;
    for (std::size_t i = 0; i < name.size();) {
        long cp = next_code_point(name, i);
        if (cp >= 0x80) ascii.append(umlaut_fallback(cp));
        else if (cp == '%' || cp == ';') ascii += '_';
        else ascii += static_cast<char>(cp);
    }
    // filename*: RFC 5987 allows any byte percent-encoded; url_escape keeps only unreserved ones.
    return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + url_escape(name);
}

range_request parse_range(std::optional<std::string_view> header, std::uint64_t total) {
    range_request whole;
    if (!header || !header->starts_with("bytes=")) return whole;
    std::string_view spec = header->substr(6);
    auto dash = spec.find('-');
    if (dash == std::string_view::npos || spec.find(',') != std::string_view::npos) return whole;
    auto number = [](std::string_view t, std::uint64_t& v) {
        auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        return !t.empty() && ec == std::errc{} && p == t.data() + t.size();
    };
    std::string_view a = spec.substr(0, dash), b = spec.substr(dash + 1);
    range_request r;
    r.k = range_request::kind::part;
    if (a.empty()) {   // "-n": the last n bytes
        std::uint64_t n = 0;
        if (!number(b, n)) return whole;
        if (n == 0 || total == 0) return {range_request::kind::unsatisfiable};
        r.first = n >= total ? 0 : total - n;
        r.last = total - 1;
        return r;
    }
    if (!number(a, r.first)) return whole;
    if (b.empty()) {
        r.last = total == 0 ? 0 : total - 1;
    } else {
        if (!number(b, r.last) || r.last < r.first) return whole;
        if (total > 0 && r.last >= total) r.last = total - 1;
    }
    if (r.first >= total) return {range_request::kind::unsatisfiable};
    return r;
}

void set_private_file_headers(http_response& res, std::string_view download_name) {
    res.header("Cache-Control", "private, no-store");
    res.header("Content-Security-Policy", std::string(sandbox_csp));
    if (!download_name.empty()) res.header("Content-Disposition", content_disposition(download_name));
}

task<std::optional<http_response>> file_response(uv_loop_t* loop, const http_request& req, std::string path, file_options o) {
    auto opened = co_await open_regular_file(loop, path);
    if (!opened) co_return std::nullopt;
    auto file = std::make_shared<file_body>(loop, opened->fd);
    std::uint64_t total = opened->size;

    range_request range = o.ranges ? parse_range(req.header("range"), total) : range_request{};
    if (range.k == range_request::kind::unsatisfiable) {
        http_response res = error_response(416, "Dieser Bereich der Datei existiert nicht.");
        res.header("Content-Range", "bytes */" + std::to_string(total));
        res.header("Cache-Control", std::string(o.cache_control));
        co_return res;   // `file` closes the file
    }
    http_response res;
    res.content_type = std::string(o.content_type);
    res.header("Cache-Control", std::string(o.cache_control));
    res.header("Content-Security-Policy", std::string(sandbox_csp));
    if (!o.download_name.empty()) res.header("Content-Disposition", content_disposition(o.download_name));
    if (o.ranges) res.header("Accept-Ranges", "bytes");
    if (range.k == range_request::kind::part) {
        res.status = 206;
        res.header("Content-Range", "bytes " + std::to_string(range.first) + "-" + std::to_string(range.last) + "/" + std::to_string(total));
        file->offset = range.first;
        file->length = range.last - range.first + 1;
    } else {
        file->length = total;
    }
    res.file = std::move(file);
    co_return res;
}

// ---- streaming ---------------------------------------------------------------------------------------------

file_sender::file_sender(uv_loop_t* loop, uv_stream_t* stream, std::shared_ptr<file_body> file, owner& o)
    : loop_(loop), stream_(stream), file_(std::move(file)), owner_(o), buf_(new char[chunk_bytes]),
      pos_(file_->offset), remaining_(file_->length) {
    read_req_.data = this;
    write_req_.data = this;
}

void file_sender::start(uv_loop_t* loop, uv_stream_t* stream, std::shared_ptr<file_body> file, owner& o) {
    auto* s = new file_sender(loop, stream, std::move(file), o);
    if (s->remaining_ == 0) s->finish(true);
    else s->read_next();
}

void file_sender::read_next() {
    std::size_t want = remaining_ < chunk_bytes ? static_cast<std::size_t>(remaining_) : chunk_bytes;
    uv_buf_t b = uv_buf_init(buf_.get(), static_cast<unsigned>(want));
    if (uv_fs_read(loop_, &read_req_, file_->fd, &b, 1, static_cast<std::int64_t>(pos_), on_read) != 0) finish(false);
}

void file_sender::on_read(uv_fs_t* r) {
    auto* s = static_cast<file_sender*>(r->data);
    ssize_t n = r->result;
    uv_fs_req_cleanup(r);
    // A file that shrank under us, or a connection closed meanwhile: the answer cannot be completed.
    if (n <= 0 || uv_is_closing(reinterpret_cast<uv_handle_t*>(s->stream_))) {
        s->finish(false);
        return;
    }
    s->in_buffer_ = static_cast<std::size_t>(n);
    uv_buf_t b = uv_buf_init(s->buf_.get(), static_cast<unsigned>(n));
    if (uv_write(&s->write_req_, s->stream_, &b, 1, on_write) != 0) s->finish(false);
}

void file_sender::on_write(uv_write_t* w, int status) {
    auto* s = static_cast<file_sender*>(w->data);
    if (status < 0) {
        s->finish(false);
        return;
    }
    s->pos_ += s->in_buffer_;
    s->remaining_ -= s->in_buffer_;
    s->owner_.on_file_progress();
    if (s->remaining_ == 0) s->finish(true);
    else s->read_next();
}

void file_sender::finish(bool ok) {
    owner& o = owner_;
    delete this;   // the file closes with its last owner
    o.on_file_sent(ok);
}

}  // namespace jh
