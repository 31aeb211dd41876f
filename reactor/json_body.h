// json_body.h: reading a JSON request body with simdjson.
//
// Malformed JSON, or a body that is not the expected shape, is a 400 with a JSON error body — one
// place decides that, so every route answers bad input the same way. Every string in a body (each
// value and each member name) is bounded here, before any route or rule sees it: a longer one is
// a 422 naming the field ("Diese Eingabe ist zu lang. Erlaubt sind höchstens N Zeichen."), so no
// field rule ever runs on megabytes of text.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/http_message.h"

namespace jh {

// The bound for every string in a body, in characters (config http.max_json_string_chars). Set
// once at start, before the loops run.
void set_max_json_string_chars(std::size_t max_chars) noexcept;
std::size_t max_json_string_chars() noexcept;

// Characters (UTF-8 code points; a stray byte counts as one) of `s`.
std::size_t utf8_length(std::string_view s) noexcept;
// "Diese Eingabe ist zu lang. Erlaubt sind höchstens N Zeichen."
std::string too_long_message(std::size_t max_chars);

// One violation per string longer than `max_chars` (at most `max_reported`), with the property
// path of the field ("addresses[0].street"; a member name that is too long is reported at its
// own path).
std::vector<violation> overlong_strings(simdjson::dom::element root, std::size_t max_chars, std::size_t max_reported = 20);

// Parses req.body into `parser` (which owns the document; keep it alive while using the result).
// An empty body or malformed JSON → error_kind::bad_request; a string over the bound → 422.
result<simdjson::dom::element> parse_json_body(const http_request& req, simdjson::dom::parser& parser);

// The same, and the top level must be an object.
result<simdjson::dom::object> parse_json_object(const http_request& req, simdjson::dom::parser& parser);

}  // namespace jh
