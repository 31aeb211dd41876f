// json_body.cpp: see json_body.h.
#include "reactor/json_body.h"

#include <atomic>

namespace jh {

namespace {

std::atomic<std::size_t> max_string_chars{50000};

constexpr std::string_view msg_nul_character = "Dieses Feld enthält ein unzulässiges Steuerzeichen (Nullzeichen).";

class overlong_walker {
public:
    overlong_walker(std::size_t max_chars, std::size_t max_reported) : max_(max_chars), max_reported_(max_reported) {}

    void walk(simdjson::dom::element e, const std::string& path) {
        if (out.size() >= max_reported_) return;
        switch (e.type()) {
            case simdjson::dom::element_type::STRING: {
                std::string_view s;
                if (e.get_string().get(s) == simdjson::SUCCESS) check(s, path);
                break;
            }
            case simdjson::dom::element_type::ARRAY: {
                simdjson::dom::array items;
                if (e.get_array().get(items) != simdjson::SUCCESS) break;
                std::size_t i = 0;
                for (auto item : items) walk(item, path + "[" + std::to_string(i++) + "]");
                break;
            }
            case simdjson::dom::element_type::OBJECT: {
                simdjson::dom::object members;
                if (e.get_object().get(members) != simdjson::SUCCESS) break;
                for (auto [key, value] : members) {
                    // A huge member name (or one holding a NUL) is reported under a short stand-in, not echoed back.
                    if (utf8_length(key) > max_ || key.find('\0') != std::string_view::npos) {
                        check(key, path.empty() ? "(Feldname)" : path + ".(Feldname)");
                        continue;
                    }
                    walk(value, path.empty() ? std::string(key) : path + "." + std::string(key));
                }
                break;
            }
            default:
                break;
        }
    }

    std::vector<violation> out;

private:
    void check(std::string_view s, const std::string& path) {
        if (out.size() >= max_reported_) return;
        // A byte count within the bound cannot hold more characters: most strings skip the count.
        if (s.size() > max_ && utf8_length(s) > max_) out.push_back({path, too_long_message(max_)});
        // "\u0000" is valid JSON, but PostgreSQL stores no NUL in text or jsonb (a 500 later, or a
        // text cut short where libpq reads it as the end): refused here for every field at once.
        else if (s.find('\0') != std::string_view::npos) out.push_back({path, std::string(msg_nul_character)});
    }

    std::size_t max_, max_reported_;
};

}  // namespace

void set_max_json_string_chars(std::size_t max_chars) noexcept { max_string_chars.store(max_chars, std::memory_order_relaxed); }
std::size_t max_json_string_chars() noexcept { return max_string_chars.load(std::memory_order_relaxed); }

std::size_t utf8_length(std::string_view s) noexcept {
    std::size_t n = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

std::string too_long_message(std::size_t max_chars) {
    return "Diese Eingabe ist zu lang. Erlaubt sind höchstens " + std::to_string(max_chars) + " Zeichen.";
}

std::vector<violation> overlong_strings(simdjson::dom::element root, std::size_t max_chars, std::size_t max_reported) {
    overlong_walker w(max_chars, max_reported);
    w.walk(root, "");
    return std::move(w.out);
}

result<simdjson::dom::element> parse_json_body(const http_request& req, simdjson::dom::parser& parser) {
    if (req.body.empty()) return fail(error_kind::bad_request, "Der Inhalt der Anfrage fehlt (JSON erwartet).");
    simdjson::dom::element root;
    // simdjson needs padding after the input; parse() copies into its padded buffer.
    if (auto err = parser.parse(req.body).get(root); err != simdjson::SUCCESS)
        return fail(error_kind::bad_request, "Der Inhalt der Anfrage ist kein gültiges JSON.");
    if (auto v = overlong_strings(root, max_json_string_chars()); !v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
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
