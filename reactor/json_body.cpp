// json_body.cpp: see json_body.h.
#include "reactor/json_body.h"

namespace jh {

result<simdjson::dom::element> parse_json_body(const http_request& req, simdjson::dom::parser& parser) {
    if (req.body.empty()) return fail(error_kind::bad_request, "Der Inhalt der Anfrage fehlt (JSON erwartet).");
    simdjson::dom::element root;
    // simdjson needs padding after the input; parse() copies into its padded buffer.
    if (auto err = parser.parse(req.body).get(root); err != simdjson::SUCCESS)
        return fail(error_kind::bad_request, "Der Inhalt der Anfrage ist kein gültiges JSON.");
    return root;
}

result<simdjson::dom::object> parse_json_object(const http_request& req, simdjson::dom::parser& parser) {
    auto root = parse_json_body(req, parser);
    if (!root) return std::unexpected(root.error());
    simdjson::dom::object obj;
    if (root->get_object().get(obj) != simdjson::SUCCESS)
        return fail(error_kind::bad_request, "Der Inhalt der Anfrage muss ein JSON-Objekt sein.");
    return obj;
}

}  // namespace jh
