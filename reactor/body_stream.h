// body_stream.h: an answer whose body is made while it is sent (a feed of 200,000 jobs), so the
// whole document is never in memory.
//
// A handler sets http_response::stream to its own body_stream; the connection writes the head
// (`Transfer-Encoding: chunked` on HTTP/1.1, a closing connection on HTTP/1.0) and then asks the
// stream for one piece after another: next() appends the next piece, the connection writes it as
// one chunk and waits until the socket took it before it asks again. So a slow reader holds one
// piece, and the producer (a database page) runs only as fast as the client reads.
//
// An error from next() (the database went away) cuts the answer short: the connection closes
// without the last chunk, so the client sees an incomplete body, never a truncated "complete" one.
// When the client goes away the stream is dropped after the piece in flight.
#pragma once

#include <memory>
#include <string>

#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh {

class body_stream {
public:
    virtual ~body_stream() = default;
    // Appends the next piece of the body to `out` (possibly nothing); true while more follows,
    // false when this was the last piece.
    virtual task<result<bool>> next(std::string& out) = 0;
};

// `inner` gzip-compressed as it streams (zlib level 4, as gzip_compress): each piece is deflated
// without a flush, so zlib emits output when its own bounded buffers fill and the ratio is that of
// a whole-file gzip; the end of `inner` finishes the gzip member.
std::shared_ptr<body_stream> gzip_stream(std::shared_ptr<body_stream> inner);

// Writes `s` into `out` as one HTTP/1.1 chunk: size in hex, CRLF, the bytes, CRLF.
void append_chunk(std::string& out, std::string_view s);

}  // namespace jh
