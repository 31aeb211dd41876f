// form_text.h: the text rules that forms of several domains share: the e-mail address rule,
// trimming, and the key=value pairs of a form body or a query string. The account forms' own rules (passwords, confirmations) stay in
// accounts/password_rules.h; these are here so a domain that checks an address (job alerts,
// contact, the provider side) needs nothing of the accounts domain.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jh::forms {

// The spec's email rule: local part, "@", a domain with a dot; no whitespace, no second "@",
// no umlauts or ß; at most 254 bytes.
bool is_valid_email(std::string_view email);

// Trims ASCII whitespace at both ends (emails and names are stored trimmed).
std::string_view trim_ascii(std::string_view s);

// The pairs of "a=1&b=x+y" (a form body or a query string) in their order, percent-decoded with
// '+' as a space; a pair without "=" has an empty value, and a pair whose key or value does not
// decode is left out (a bad escape or an encoded NUL byte).
std::vector<std::pair<std::string, std::string>> decoded_pairs(std::string_view text);

}  // namespace jh::forms
