// media_jobs.cpp: see media_jobs.h.
#include "messages/media_jobs.h"

#include <simdjson.h>

#include "reactor/json_writer.h"

namespace jh::messages {

std::string to_json(const media_removal& m) {
    std::string out;
    json_writer w(out);
    w.begin_object().key("keys").begin_array();
    for (const auto& k : m.keys) w.value(k);
    w.end_array().end_object();
    return out;
}

std::expected<media_removal, std::string> parse_media_removal(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::array keys;
    if (parser.parse(json.data(), json.size()).at_key("keys").get(keys) != simdjson::SUCCESS)
        return std::unexpected("payload has no keys array");
    media_removal m;
    for (auto k : keys) {
        std::string_view key;
        if (k.get(key) == simdjson::SUCCESS) m.keys.emplace_back(key);
    }
    return m;
}

}  // namespace jh::messages
