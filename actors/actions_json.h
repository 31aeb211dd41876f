// actions_json.h: what the candidate-side domains' routes share when reading a body and writing
// an answer: optional text members and name lists of a JSON object, and the job reference that applications
// and favourites carry.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/json_writer.h"

namespace jh::actions {

// The member `key` when it is a string, else "" (absent, null or another type).
inline std::string text_field(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return {};
}

// The member `key` when it is a string, else nullopt: "not sent" differs from "".
inline std::optional<std::string> optional_text(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return std::nullopt;
}

// A list of short names in `key` (an API key's scopes, a webhook's events): nullopt when absent or
// null; a list with one empty name for anything that is no list of strings (so the rule answers
// "unknown"), and at most a few names are read.
inline std::optional<std::vector<std::string>> name_list_field(simdjson::dom::object o, std::string_view key) {
    simdjson::dom::element e;
    if (o[key].get(e) != simdjson::SUCCESS || e.is_null()) return std::nullopt;
    simdjson::dom::array a;
    if (e.get(a) != simdjson::SUCCESS) return std::vector<std::string>{""};
    std::vector<std::string> out;
    for (auto item : a) {
        std::string_view s;
        if (out.size() > 8 || item.get(s) != simdjson::SUCCESS) return std::vector<std::string>{""};
        out.emplace_back(s);
    }
    return out;
}

// {"@id", "id", "slug", "title", "organization": {"@id", "id", "name"}} of a job posting.
inline void write_job_ref(json_writer& w, std::int64_t id, const std::string& slug, const std::string& title, std::int64_t org_id,
                          const std::string& org_name) {
    w.begin_object()
        .member("@id", "/api/job_postings/" + std::to_string(id))
        .member("id", id)
        .member("slug", slug)
        .member("title", title)
        .key("organization")
        .begin_object()
        .member("@id", "/api/organizations/" + std::to_string(org_id))
        .member("id", org_id)
        .member("name", org_name)
        .end_object()
        .end_object();
}

}  // namespace jh::actions
