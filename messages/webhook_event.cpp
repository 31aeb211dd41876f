// webhook_event.cpp: see webhook_event.h.
#include "messages/webhook_event.h"

#include <simdjson.h>

#include "reactor/json_writer.h"

namespace jh::messages {

std::string to_json(const webhook_event& e) {
    std::string_view rest = e.event_json;
    // "{...}" → "{"eventId":N,...}"; an empty object gets no trailing comma.
    if (!rest.empty() && rest.front() == '{') rest.remove_prefix(1);
    std::string out = "{\"eventId\":" + std::to_string(e.event_id);
    if (!rest.empty() && rest.front() != '}') out += ',';
    out += rest.empty() ? std::string_view("}") : rest;
    return out;
}

std::expected<webhook_event, std::string> parse_webhook_event(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::object obj;
    if (parser.parse(json.data(), json.size()).get_object().get(obj)) return std::unexpected("payload is not a JSON object");
    std::int64_t id = 0;
    if (obj["eventId"].get_int64().get(id) || id <= 0) return std::unexpected("payload: 'eventId' (positive integer) is missing");
    webhook_event e{id, {}};
    json_writer w(e.event_json);
    w.begin_object();
    for (auto [key, value] : obj)
        if (key != "eventId") w.key(key).raw(simdjson::minify(value));
    w.end_object();
    return e;
}

}  // namespace jh::messages
