// compress.h: gzip for answers built at request time (static files come pre-compressed), and the
// one-call deflate that gzip and the ZIP writer (zip_writer.cpp) share.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jh {

// The whole of `in` deflated in one call at zlib `level`; `window_bits` picks the frame as zlib's
// deflateInit2 does (15 + 16: gzip; -15: raw deflate, as ZIP wants it). nullopt if zlib fails.
std::optional<std::string> deflate_whole(std::string_view in, int level, int window_bits);

// The bytes of a whole gzip member, at most `max_bytes` of them; nullopt if it is not gzip, is cut
// short or is larger (reactor/answer_cache.h keeps some answers only in their gzip form).
std::optional<std::string> gunzip_whole(std::string_view in, std::size_t max_bytes);

// gzip at a fast level; nullopt if zlib fails (the answer then goes out uncompressed).
std::optional<std::string> gzip_compress(std::string_view in);

// True when an Accept-Encoding header value allows `coding` ("gzip", "br"); honours q=0.
bool accepts_encoding(std::string_view accept_encoding, std::string_view coding) noexcept;

}  // namespace jh
