// text.h: the small ASCII text helpers many folders need (trimming, case-insensitive comparison,
// lower case), so that no file writes its own copy. ASCII only on purpose: they read protocol
// tokens, header values and form fields, where Unicode case rules do not apply.
#pragma once

#include <string>
#include <string_view>

namespace jh {

inline constexpr std::string_view ascii_blanks = " \t";               // spaces and tabs
inline constexpr std::string_view ascii_whitespace = " \t\n\r\f\v";   // what isspace() finds in "C"

// `s` without leading and trailing characters from `chars` (spaces and tabs unless told).
std::string_view trim(std::string_view s, std::string_view chars = ascii_blanks) noexcept;

// 'A'..'Z' to 'a'..'z', every other byte (UTF-8 included) unchanged.
constexpr char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
std::string ascii_lower(std::string_view s);

// The value of a hexadecimal digit ('0'..'9', 'a'..'f', 'A'..'F'), -1 for any other byte.
constexpr int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    c = ascii_lower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// Equal when compared without ASCII case ("Bearer" and "bearer").
bool iequals(std::string_view a, std::string_view b) noexcept;

}  // namespace jh
