// text_table.h: a fixed table of words and what each stands for (a German label, a URL path, a
// media type) and its lookup, and a table of the characters a text format escapes and the loop
// that applies it, so that a file states such a mapping as rows of data rather than as a chain of
// ifs or a switch, and no file writes its own search loop.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace jh {

struct text_pair {
    std::string_view key;
    std::string_view value;
};

// The value of the first row whose key is `key`; nullopt when no row has it.
constexpr std::optional<std::string_view> find_value(std::span<const text_pair> table, std::string_view key) noexcept {
    for (const auto& row : table)
        if (row.key == key) return row.value;
    return std::nullopt;
}

// The value of the first row whose key is `key`, or `fallback` when no row has it.
constexpr std::string_view value_or(std::span<const text_pair> table, std::string_view key,
                                    std::string_view fallback) noexcept {
    return find_value(table, key).value_or(fallback);
}

// One character a text format escapes and what it is written as ('&' → "&amp;").
struct char_escape {
    char c;
    std::string_view as;
};

// Appends `s` to `out` with each character that has a row in `escapes` written as that row says,
// every other byte (UTF-8 included) as it is.
inline void append_escaped(std::string& out, std::string_view s, std::span<const char_escape> escapes) {
    for (char c : s) {
        const char_escape* row = nullptr;
        for (const auto& e : escapes)
            if (e.c == c) {
                row = &e;
                break;
            }
        if (row) out += row->as;
        else out += c;
    }
}

}  // namespace jh
