// json_writer.cpp: see json_writer.h.
#include "reactor/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace jh {

namespace {
// Length of the valid UTF-8 sequence starting at s[0], or 0 when it is not valid
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t utf8_sequence_length(const unsigned char* s, std::size_t left) noexcept {
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    auto cont = [&](std::size_t i) { return i < left && (s[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && s[1] < 0xA0) return 0;   // overlong
        if (c == 0xED && s[1] >= 0xA0) return 0;  // surrogates
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && s[1] < 0x90) return 0;   // overlong
        if (c == 0xF4 && s[1] >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

// True when one of the 8 bytes of `w` needs a look of its own: a control character, '"', '\\' or
// a byte ≥ 0x80 (the start or middle of a UTF-8 sequence). The usual byte-parallel tests: a byte b
// is below n (n ≤ 0x80) when (b - n) borrows into its top bit while b's top bit is clear.
constexpr std::uint64_t ones = 0x0101010101010101ULL, tops = 0x8080808080808080ULL;
constexpr bool has_byte_to_look_at(std::uint64_t w) noexcept {
    const std::uint64_t below_space = (w - ones * 0x20) & ~w & tops;
    const std::uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
    const std::uint64_t quote = (q - ones) & ~q & tops, backslash = (b - ones) & ~b & tops;
    return ((w & tops) | below_space | quote | backslash) != 0;
}
}  // namespace

void json_writer::escape_into(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    std::size_t n = s.size(), run_start = 0, i = 0;
    auto flush = [&] { out.append(s.data() + run_start, i - run_start); };
    while (i < n) {
        // Plain ASCII, eight bytes at a time: most of what a response escapes.
        std::uint64_t w;
        if (n - i >= 8 && (std::memcpy(&w, p + i, 8), !has_byte_to_look_at(w))) {
            i += 8;
            continue;
        }
        unsigned char c = p[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0x80) {
            std::size_t len = utf8_sequence_length(p + i, n - i);
            if (len > 0) {
                i += len;
                continue;
            }
            flush();
            out.append("\xEF\xBF\xBD");  // U+FFFD for a byte that is not UTF-8
            run_start = ++i;
            continue;
        }
        flush();
        switch (c) {
            case '"': out.append("\\\""); break;
            case '\\': out.append("\\\\"); break;
            case '\n': out.append("\\n"); break;
            case '\r': out.append("\\r"); break;
            case '\t': out.append("\\t"); break;
            case '\b': out.append("\\b"); break;
            case '\f': out.append("\\f"); break;
            default:
                out.append("\\u00");
                out += hex[c >> 4];
                out += hex[c & 0xF];
        }
        run_start = ++i;
    }
    flush();
}

void json_writer::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
    }
}

json_writer& json_writer::open_container(char bracket) {
    before_value();
    out_ += bracket;
    first_.push_back(true);
    return *this;
}

json_writer& json_writer::close_container(char bracket) {
    out_ += bracket;
    first_.pop_back();
    return *this;
}

json_writer& json_writer::begin_object() { return open_container('{'); }
json_writer& json_writer::end_object() { return close_container('}'); }
json_writer& json_writer::begin_array() { return open_container('['); }
json_writer& json_writer::end_array() { return close_container(']'); }

template <bool Escape>
void json_writer::quoted(std::string_view text, std::string_view closing) {
    before_value();
    out_ += '"';
    if constexpr (Escape) escape_into(out_, text);
    else out_ += text;
    out_ += closing;
}

json_writer& json_writer::key(std::string_view k) {
    quoted<true>(k, "\":");
    after_key_ = true;
    return *this;
}

json_writer& json_writer::plain_key(std::string_view k) {
    quoted<false>(k, "\":");
    after_key_ = true;
    return *this;
}

json_writer& json_writer::value(std::string_view s) {
    quoted<true>(s, "\"");
    return *this;
}

json_writer& json_writer::plain_value(std::string_view s) {
    quoted<false>(s, "\"");
    return *this;
}

json_writer& json_writer::value(std::int64_t n) {
    before_value();
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    out_.append(buf, end);
    return *this;
}

json_writer& json_writer::value(double d) {
    before_value();
    if (!std::isfinite(d)) {  // JSON has no NaN or infinity
        out_ += "null";
        return *this;
    }
    char buf[32];
    // The shortest form writes 1e20 as "100000000000000000000": valid JSON, but an integer beyond
    // 64 bits, which simdjson refuses when we read the document back (a stored profile, a jsonb
    // column). From 1e18 on, the exponent form keeps it a floating-point number for every reader.
    auto [end, ec] = std::fabs(d) < 1e18 ? std::to_chars(buf, buf + sizeof buf, d)
                                         : std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    out_.append(buf, end);
    return *this;
}

json_writer& json_writer::value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
    return *this;
}

json_writer& json_writer::null() {
    before_value();
    out_ += "null";
    return *this;
}

json_writer& json_writer::raw(std::string_view json) {
    before_value();
    out_.append(json);
    return *this;
}

}  // namespace jh
