// actions_common.h: small helpers shared by the candidate-actions files (bound parameters, mail
// payloads, messages). Internal to actors/candidate_actions/.
#pragma once

#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reactor/app_error.h"
#include "messages/mail.h"
#include "reactor/json_writer.h"
#include "reactor/pg.h"

namespace jh::actions {

// Bound parameters from a list of values (a call, not a braced list: g++ 12 and co_await).
template <typename... A>
pg::params P(const A&... a) {
    pg::params p;
    (p.add(a), ...);
    return p;
}

inline std::unexpected<app_error> db_fail(const pg::error& e) { return std::unexpected(e.to_app_error()); }

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

// Messages (German; "du" to candidates).
inline constexpr const char* msg_not_found = "Die Seite wurde nicht gefunden.";
inline constexpr const char* msg_job_not_found = "Diesen Job gibt es nicht.";
inline constexpr const char* msg_required = "Dieses Feld darf nicht leer sein";
inline constexpr const char* msg_email = "Dieses Feld muss eine gültige E-Mail Adresse sein";
inline constexpr const char* msg_phone = "Dieses Feld muss eine gültige Telefonnummer sein";
inline constexpr const char* msg_url = "Dieses Feld muss eine gültige URL sein";

}  // namespace jh::actions
