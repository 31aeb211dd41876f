// merge_patch.cpp: see merge_patch.h.
#include "actors/merge_patch.h"

#include <algorithm>
#include <cmath>

#include "actors/field_rules.h"
#include "reactor/json_body.h"

namespace jh::patch {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

bool contains(std::initializer_list<std::string_view> list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

}  // namespace

std::string max_value_message(std::string_view max) { return std::string(msg::max_value_prefix) + std::string(max) + " sein"; }

std::optional<std::string> reader::text(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                        std::size_t max_chars, bool required) {
    if (e.is_null()) {
        if (required) fail(path, fields::msg::required);
        else out_.key(out_key).null();
        return std::nullopt;
    }
    std::string_view s;
    if (e.get(s) != simdjson::SUCCESS) {
        fail(path, fields::msg::text);
        return std::nullopt;
    }
    if (utf8_length(s) > max_chars) {
        fail(path, too_long_message(max_chars));
        return std::nullopt;
    }
    s = trim(s);
    if (s.empty()) {
        if (required) fail(path, fields::msg::required);
        else out_.key(out_key).null();
        return std::nullopt;
    }
    out_.member(out_key, s);
    return std::string(s);
}

std::optional<std::int64_t> reader::integer(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                            std::int64_t min, std::int64_t max) {
    if (e.is_null()) {
        out_.key(out_key).null();
        return std::nullopt;
    }
    std::int64_t n = 0;
    std::string_view s;
    if (e.get(n) != simdjson::SUCCESS) {
        if (e.get(s) != simdjson::SUCCESS || s.size() > 12 || !fields::is_integer_text(s)) {
            fail(path, fields::msg::integer);
            return std::nullopt;
        }
        n = std::stoll(std::string(s));
    }
    if (n < min) {
        fail(path, fields::min_value_message(std::to_string(min)));
        return std::nullopt;
    }
    if (n > max) {
        fail(path, max_value_message(std::to_string(max)));
        return std::nullopt;
    }
    out_.member(out_key, n);
    return n;
}

std::optional<double> reader::amount(simdjson::dom::element e, const std::string& path, std::string_view out_key, double min,
                                     double max) {
    if (e.is_null()) {
        out_.key(out_key).null();
        return std::nullopt;
    }
    double d = 0;
    std::int64_t i = 0;
    if (e.get(i) == simdjson::SUCCESS) d = static_cast<double>(i);
    else if (e.get(d) != simdjson::SUCCESS || !std::isfinite(d)) {
        fail(path, fields::msg::numeric);
        return std::nullopt;
    }
    if (d < min) {
        fail(path, fields::min_value_message(std::to_string(static_cast<std::int64_t>(min))));
        return std::nullopt;
    }
    if (d > max) {
        fail(path, max_value_message(std::to_string(static_cast<std::int64_t>(max))));
        return std::nullopt;
    }
    d = std::round(d * 100) / 100;   // numeric(10, 2): cents
    out_.member(out_key, d);
    return d;
}

std::optional<std::string> reader::choice(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                          std::initializer_list<std::string_view> choices) {
    if (e.is_null()) {
        out_.key(out_key).null();
        return std::nullopt;
    }
    std::string_view s;
    if (e.get(s) != simdjson::SUCCESS || !contains(choices, s)) {
        fail(path, msg::choice);
        return std::nullopt;
    }
    out_.member(out_key, s);
    return std::string(s);
}

std::optional<std::vector<std::string>> reader::strings(simdjson::dom::element e, const std::string& path,
                                                        std::string_view out_key, std::size_t max_entries,
                                                        std::size_t max_chars) {
    std::vector<std::string> out;
    if (e.is_null()) {
        out_.key(out_key).begin_array().end_array();
        return out;
    }
    simdjson::dom::array a;
    if (e.get(a) != simdjson::SUCCESS) {
        fail(path, fields::msg::list);
        return std::nullopt;
    }
    if (a.size() > max_entries) {
        fail(path, fields::msg::too_many);
        return std::nullopt;
    }
    bool ok = true;
    std::size_t i = 0;
    for (auto item : a) {
        std::string at = path + "[" + std::to_string(i++) + "]";
        std::string_view s;
        std::int64_t n = 0;
        if (item.get(n) == simdjson::SUCCESS) {   // ids are fine as numbers
            out.push_back(std::to_string(n));
            continue;
        }
        if (item.get(s) != simdjson::SUCCESS) {
            fail(at, fields::msg::text);
            ok = false;
        } else if (utf8_length(s) > max_chars) {
            fail(at, too_long_message(max_chars));
            ok = false;
        } else if (trim(s).empty()) {
            fail(at, fields::msg::required);
            ok = false;
        } else {
            out.emplace_back(trim(s));
        }
    }
    if (!ok) return std::nullopt;
    out_.key(out_key).begin_array();
    for (const auto& s : out) out_.value(s);
    out_.end_array();
    return out;
}

void reader::contact(simdjson::dom::element e, const std::string& path) {
    simdjson::dom::object c;
    if (e.is_null()) {
        out_.key("contactName").null().key("contactEmail").null().key("contactPhone").null();
        return;
    }
    if (e.get(c) != simdjson::SUCCESS) return fail(path, msg::object);
    unknown_members(c, {"name", "email", "phone"}, {}, path + ".", v_);
    if (c["name"].get(e) == simdjson::SUCCESS) text(e, path + ".name", "contactName", 200);
    if (c["email"].get(e) == simdjson::SUCCESS)
        if (auto s = text(e, path + ".email", "contactEmail", 254); s && !fields::is_email(*s)) fail(path + ".email", fields::msg::email);
    if (c["phone"].get(e) == simdjson::SUCCESS)
        if (auto s = text(e, path + ".phone", "contactPhone", 50); s && !fields::is_phone_number(*s))
            fail(path + ".phone", fields::msg::phone_number);
}

void unknown_members(simdjson::dom::object o, std::initializer_list<std::string_view> known,
                     std::initializer_list<std::string_view> ignored, std::string_view prefix, std::vector<violation>& v) {
    for (auto field : o) {
        if (contains(known, field.key) || contains(ignored, field.key)) continue;
        v.push_back({std::string(prefix) + std::string(field.key), std::string(fields::msg::unknown_field)});
    }
}

}  // namespace jh::patch
