// render.cpp: see render.h.
#include "messages/render.h"

#include <simdjson.h>

#include "reactor/json_writer.h"

namespace jh::messages {

std::string invoice_model_json(const invoice_document& doc) {
    std::string out;
    json_writer w(out);
    w.begin_object()
        .member("number", doc.number)
        .member("date", doc.date)
        .member("recipient", doc.recipient)
        .member("issuer", doc.issuer)
        .member("currency", doc.currency)
        .key("lines")
        .begin_array();
    for (const auto& l : doc.lines)
        w.begin_object().member("text", l.text).member("quantity", l.quantity).member("unitCents", l.unit_cents).end_object();
    w.end_array().end_object();
    return out;
}

std::expected<invoice_document, std::string> parse_invoice_model(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(json.data(), json.size()).get(o)) return std::unexpected(std::string("invoice model: not a JSON object"));
    invoice_document d;
    std::string_view s;
    if (o["number"].get(s) || s.empty()) return std::unexpected(std::string("invoice model: number is missing"));
    d.number = std::string(s);
    if (o["date"].get(s) == simdjson::SUCCESS) d.date = std::string(s);
    if (o["recipient"].get(s) == simdjson::SUCCESS) d.recipient = std::string(s);
    if (o["issuer"].get(s) == simdjson::SUCCESS) d.issuer = std::string(s);
    if (o["currency"].get(s) == simdjson::SUCCESS) d.currency = std::string(s);
    simdjson::dom::array lines;
    if (o["lines"].get(lines) == simdjson::SUCCESS)
        for (auto e : lines) {
            invoice_line l;
            std::int64_t n = 0;
            if (e["text"].get(s) == simdjson::SUCCESS) l.text = std::string(s);
            if (e["quantity"].get(n) == simdjson::SUCCESS) l.quantity = n;
            if (e["unitCents"].get(n) == simdjson::SUCCESS) l.unit_cents = n;
            d.lines.push_back(std::move(l));
        }
    return d;
}

}  // namespace jh::messages
