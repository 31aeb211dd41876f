// json_writer.h: streaming JSON output into one growing buffer.
//
// Handlers write JSON straight into the response body: no document tree is built. Strings are
// escaped as RFC 8259 asks (quotes, backslashes, control characters); valid UTF-8 passes through
// unchanged and invalid bytes become U+FFFD, so the output is always valid JSON. Commas between
// members and elements are placed automatically.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jh {

class json_writer {
public:
    // Reserves room for a small document up front, so building one never regrows the buffer.
    explicit json_writer(std::string& out) : out_(out) { out_.reserve(out_.size() + 256); }

    json_writer& begin_object();
    json_writer& end_object();
    json_writer& begin_array();
    json_writer& end_array();
    json_writer& key(std::string_view k);

    json_writer& value(std::string_view s);
    json_writer& value(const char* s) { return value(std::string_view(s)); }
    json_writer& value(const std::string& s) { return value(std::string_view(s)); }
    json_writer& value(std::int64_t n);
    json_writer& value(int n) { return value(static_cast<std::int64_t>(n)); }
    json_writer& value(double d);
    json_writer& value(bool b);
    json_writer& null();
    // Inserts already-serialised JSON (e.g. a jsonb column) as one value.
    json_writer& raw(std::string_view json);
    template <typename T>
    json_writer& value(const std::optional<T>& v) { return v ? value(*v) : null(); }

    // key(k).value(v) in one call.
    template <typename T>
    json_writer& member(std::string_view k, const T& v) { key(k); return value(v); }

    // Appends `s` escaped (without the surrounding quotes) to `out`.
    static void escape_into(std::string& out, std::string_view s);
    // key(k) and value(s) for a text the caller knows escape_into leaves unchanged (no control
    // character, '"' or '\\', valid UTF-8): copied without the scan.
    json_writer& plain_key(std::string_view k);
    json_writer& plain_value(std::string_view s);

private:
    void before_value();
    // '{' or '[' and its matching close: the objects and arrays differ only in the bracket.
    json_writer& open_container(char bracket);
    json_writer& close_container(char bracket);
    // One JSON string as a value or, with `closing` "\":", as a key: escaped or, for the plain_
    // calls, copied as it is (a template, so plain_value stays a copy without a branch).
    template <bool Escape>
    void quoted(std::string_view text, std::string_view closing);
    std::string& out_;
    std::vector<bool> first_;      // per open container: no element written yet
    bool after_key_ = false;
};

}  // namespace jh
