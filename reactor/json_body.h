// json_body.h: reading a JSON request body with simdjson.
//
// Malformed JSON, or a body that is not the expected shape, is a 400 with a JSON error body — one
// place decides that, so every route answers bad input the same way.
#pragma once

#include <simdjson.h>

#include "reactor/app_error.h"
#include "reactor/http_message.h"

namespace jh {

// Parses req.body into `parser` (which owns the document; keep it alive while using the result).
// An empty body or malformed JSON → error_kind::bad_request.
result<simdjson::dom::element> parse_json_body(const http_request& req, simdjson::dom::parser& parser);

// The same, and the top level must be an object.
result<simdjson::dom::object> parse_json_object(const http_request& req, simdjson::dom::parser& parser);

}  // namespace jh
