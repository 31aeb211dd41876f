// text_table.h: a fixed table of words and what each stands for (a German label, a URL path, a
// media type) and its lookup, so that a file states such a mapping as rows of data rather than as
// a chain of ifs, and no file writes its own search loop.
#pragma once

#include <optional>
#include <span>
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

}  // namespace jh
