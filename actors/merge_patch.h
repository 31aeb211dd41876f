// merge_patch.h: reading the members of a JSON merge-patch (RFC 7386) that a provider sends for
// its organization or a job posting, one member at a time, into a checked, normalised JSON
// document that SQL then applies (`p ? 'member'` = change it, JSON null = clear it).
//
// Every reader bounds its value before any rule runs (a string by its length, a list by its
// entries) and adds a violation with the member's property path instead of throwing; the caller
// collects all of them and answers one 422. Messages address providers ("Sie").
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/field_rules.h"
#include "reactor/app_error.h"
#include "reactor/json_writer.h"

namespace jh::patch {

// A patch's messages are the field messages the forms share (choice, object, max_value_prefix
// are the providers' ones).
namespace msg = fields::msg;

// Collects violations and writes the normalised document.
class reader {
public:
    reader(std::vector<violation>& v, json_writer& out) : v_(v), out_(out) {}

    void fail(std::string path, std::string_view message) { v_.push_back({std::move(path), std::string(message)}); }
    std::vector<violation>& violations() { return v_; }
    json_writer& out() { return out_; }

    // A string: trimmed; "" and null clear it (written as null) unless `required`. Returns the
    // value written (nullopt for null or a violation).
    std::optional<std::string> text(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                    std::size_t max_chars, bool required = false);
    // A whole number min..max (JSON number or a string of digits). Null clears.
    std::optional<std::int64_t> integer(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                        std::int64_t min, std::int64_t max);
    // A decimal number min..max with at most two places, written as a JSON number. Null clears.
    std::optional<double> amount(simdjson::dom::element e, const std::string& path, std::string_view out_key, double min,
                                 double max);
    // One of `choices` (or null, which clears). Written as text.
    std::optional<std::string> choice(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                      std::initializer_list<std::string_view> choices);
    // A list of strings, each 1..max_chars, at most max_entries; null is the empty list. Written as
    // a JSON array of strings.
    std::optional<std::vector<std::string>> strings(simdjson::dom::element e, const std::string& path, std::string_view out_key,
                                                    std::size_t max_entries, std::size_t max_chars);

    // A contact person {name, email, phone} at `path` ("contact"), written flat as contactName,
    // contactEmail, contactPhone; null clears all three.
    void contact(simdjson::dom::element e, const std::string& path);

private:
    std::vector<violation>& v_;
    json_writer& out_;
};

// "Dieses Feld darf höchstens {max} sein" (the counterpart of the spec's min_value).
std::string max_value_message(std::string_view max);

// The members of `o` that are not in `known` (nor in `ignored`, the read-only members a client may
// send back unchanged): one "Dieses Feld gibt es nicht" each, under `prefix`.
void unknown_members(simdjson::dom::object o, std::initializer_list<std::string_view> known,
                     std::initializer_list<std::string_view> ignored, std::string_view prefix, std::vector<violation>& v);

}  // namespace jh::patch
