// actions_common.h: what the candidate-side domains share (applications, favourites, job alerts,
// ratings, contact, billing, provider registration, and the accounts actor's provider accounts):
// a page of a list, one-field violations, the mail payload until messages/ types it, and the
// form messages and rules their checks have in common.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reactor/app_error.h"
#include "messages/mail.h"
#include "reactor/json_writer.h"

namespace jh::actions {

// One page of a list and the number of items in the whole list.
template <typename T>
struct page_of {
    std::int64_t total = 0;
    int page = 1, items_per_page = 20;
    std::vector<T> items;
};

inline std::unexpected<app_error> invalid(std::string field, std::string message) {
    std::vector<violation> v;
    v.push_back({std::move(field), std::move(message)});
    return std::unexpected(app_error::invalid(std::move(v)));
}

using mail_data = messages::mail_data;


inline std::string full_name(std::string_view first, std::string_view last) {
    std::string n(first);
    if (!first.empty() && !last.empty()) n += ' ';
    n += last;
    return n;
}

// A PostgreSQL array literal of integers: {1,2,3}.
inline std::string int_array(const std::vector<std::int64_t>& v) {
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i) s += ',';
        s += std::to_string(v[i]);
    }
    return s + "}";
}

// A phone number as the forms accept it: digits, spaces and / - +, at most 50 characters.
inline bool valid_phone(std::string_view s) {
    if (s.empty() || s.size() > 50) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || c == '/' || c == '-' || c == '+' || c == ' '; });
}

// Messages (German; "du" to candidates).
inline constexpr const char* msg_not_found = "Die Seite wurde nicht gefunden.";
inline constexpr const char* msg_job_not_found = "Diesen Job gibt es nicht.";
inline constexpr const char* msg_required = "Dieses Feld darf nicht leer sein";
inline constexpr const char* msg_email = "Dieses Feld muss eine gültige E-Mail Adresse sein";
inline constexpr const char* msg_phone = "Dieses Feld muss eine gültige Telefonnummer sein";
inline constexpr const char* msg_url = "Dieses Feld muss eine gültige URL sein";

}  // namespace jh::actions
