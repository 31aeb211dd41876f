// application_source.h: where an application came from (issue 44, item 4; docs/reach.md,
// "Herkunft der Bewerbungen"). The apply routes read `source` from the body: the campaign values
// (utm_source, utm_medium, utm_campaign) and the referring site's host name, which the web carries
// in the URL of the application flow (no cookie, no storage). Each value is bounded before any
// rule; the label the portal shows ("Indeed", "Google", …, else the utm_source as given, else
// "Direkt") is made here and stored with the application, so the lists and the counts agree.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "reactor/app_error.h"

namespace jh::actions {

inline constexpr std::size_t source_value_max_chars = 100;

struct application_source {
    std::optional<std::string> utm_source, utm_medium, utm_campaign, referrer_host;
    std::string label = "Direkt";
};

// The known label of one name ("indeed", "de.indeed.com", "google_jobs_apply", "l.facebook.com"),
// or nothing.
std::optional<std::string> known_source_label(std::string_view name);

// utm_source when given (its known label, else as given), else the referrer's known label, else
// its host without "www.", else "Direkt".
std::string source_label(const application_source& s);

// A host name as a referrer gives it: letters, digits, '-' and '.', no scheme, port, path or query.
bool is_host_name(std::string_view host);

// `source` of an apply body: absent or null is "Direkt"; not an object or a value that is no text
// 400; a value over 100 characters, with control characters, or a referrer that is no host name 422
// at `source.<field>`. Empty values count as absent. The label is set.
result<application_source> read_application_source(simdjson::dom::object body);

}  // namespace jh::actions
