// file_response.h: answering with a file from disk, in bounded pieces, for every domain.
//
//     auto res = co_await file_response(ctx.loop.uv, ctx.req, path, {.content_type = "video/mp4", .ranges = true});
//     if (!res) ... the file is gone: 404 ...
//
// file_response opens the file and reads its size asynchronously (uv_fs_open, uv_fs_fstat), picks
// 200, 206 (one satisfiable Range) or 416 (a Range beyond the end), and sets the headers: the type,
// `Cache-Control: private, no-store` unless the caller names another, a sandboxing CSP,
// Accept-Ranges when ranges are offered, and a sanitized Content-Disposition for downloads. The
// body is not read here: the response carries the open file (http_response::file) and the
// connection streams it (file_sender): one 64 KiB buffer per answer, the next piece read with
// uv_fs_read only after the last one was written, so a slow reader holds one buffer, never the file.
#pragma once

#include <uv.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "reactor/http_message.h"
#include "reactor/task.h"

namespace jh {

// An open file to send as a response body: bytes [offset, offset + length). Closing the file
// (uv_fs_close) happens when the last owner lets go.
struct file_body {
    uv_loop_t* loop = nullptr;
    uv_file fd = -1;
    std::uint64_t offset = 0;
    std::uint64_t length = 0;

    file_body(uv_loop_t* l, uv_file f) : loop(l), fd(f) {}
    ~file_body();
    file_body(const file_body&) = delete;
    file_body& operator=(const file_body&) = delete;
};

struct file_options {
    std::string_view content_type = "application/octet-stream";
    std::string_view cache_control = "private, no-store";   // private files; public ones say so
    std::string_view download_name;                          // non-empty: Content-Disposition: attachment
    bool ranges = false;                                     // honour Range (videos)
};

// nullopt when the file cannot be opened or is not a regular file.
task<std::optional<http_response>> file_response(uv_loop_t* loop, const http_request& req, std::string path, file_options o);

// The private-file headers for an answer whose bytes are already in memory (a rendered PDF):
// Cache-Control private, no-store; the sandboxing CSP; Content-Disposition when `download_name`.
void set_private_file_headers(http_response& res, std::string_view download_name = {});

// ---- pieces, public for tests --------------------------------------------------------------------------

// "Range: bytes=..." against a file of `total` bytes. One range only ("a-b", "a-", "-n"); a list
// or anything malformed is ignored (the whole file is sent), as RFC 9110 allows.
struct range_request {
    enum class kind { whole, part, unsatisfiable } k = kind::whole;
    std::uint64_t first = 0, last = 0;   // inclusive, for kind::part
};
range_request parse_range(std::optional<std::string_view> header, std::uint64_t total);

// `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266, RFC 5987).
// Neither form keeps quotes, backslashes, slashes, control characters (CR, LF) or a leading dot;
// umlauts become ae/oe/ue/ss in the fallback; an empty name becomes `fallback`.
std::string content_disposition(std::string_view file_name, std::string_view fallback = "datei");

// A download made in memory (a CSV export): `body` as an attachment named `file_name`, of
// `content_type` (text/csv in UTF-8 unless said otherwise).
http_response attachment_response(std::string file_name, std::string body,
                                  std::string_view content_type = "text/csv; charset=utf-8");

// False when a header name or value holds CR, LF or NUL: such a header is never written.
bool header_is_safe(std::string_view text) noexcept;

// Streams a file_body to a connection's socket: read a piece, write it, read the next. It owns
// itself; `owner` hears of every written piece and, once, of the end (ok = every byte written).
class file_sender {
public:
    struct owner {
        virtual void on_file_progress() = 0;
        virtual void on_file_sent(bool ok) = 0;

    protected:
        ~owner() = default;
    };
    static constexpr std::size_t chunk_bytes = 64 * 1024;

    static void start(uv_loop_t* loop, uv_stream_t* stream, std::shared_ptr<file_body> file, owner& o);

private:
    file_sender(uv_loop_t* loop, uv_stream_t* stream, std::shared_ptr<file_body> file, owner& o);
    void read_next();
    void finish(bool ok);
    static void on_read(uv_fs_t* r);
    static void on_write(uv_write_t* w, int status);

    uv_loop_t* loop_;
    uv_stream_t* stream_;
    std::shared_ptr<file_body> file_;
    owner& owner_;
    uv_fs_t read_req_{};
    uv_write_t write_req_{};
    std::unique_ptr<char[]> buf_;
    std::uint64_t pos_, remaining_;
    std::size_t in_buffer_ = 0;
};

}  // namespace jh
