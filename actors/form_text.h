// form_text.h: the text rules that forms of several domains share: the e-mail address rule and
// trimming. The account forms' own rules (passwords, confirmations) stay in
// accounts/password_rules.h; these are here so a domain that checks an address (job alerts,
// contact, the provider side) needs nothing of the accounts domain.
#pragma once

#include <string_view>

namespace jh::forms {

// The spec's email rule: local part, "@", a domain with a dot; no whitespace, no second "@",
// no umlauts or ß; at most 254 bytes.
bool is_valid_email(std::string_view email);

// Trims ASCII whitespace at both ends (emails and names are stored trimmed).
std::string_view trim_ascii(std::string_view s);

}  // namespace jh::forms
