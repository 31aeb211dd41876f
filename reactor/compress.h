// compress.h: gzip for answers built at request time (static files come pre-compressed).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jh {

// gzip at a fast level; nullopt if zlib fails (the answer then goes out uncompressed).
std::optional<std::string> gzip_compress(std::string_view in);

// True when an Accept-Encoding header value allows `coding` ("gzip", "br"); honours q=0.
bool accepts_encoding(std::string_view accept_encoding, std::string_view coding) noexcept;

}  // namespace jh
