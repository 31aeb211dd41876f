// render.cpp: see render.h.
#include "messages/render.h"

#include <simdjson.h>

#include "reactor/json_writer.h"

namespace jh::messages {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;

std::string member(element e, std::string_view key) {
    std::string_view s;
    if (e[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return {};
}

void write_pairs(json_writer& w, const std::vector<std::pair<std::string, std::string>>& pairs) {
    w.begin_array();
    for (const auto& [l, v] : pairs) w.begin_array().value(l).value(v).end_array();
    w.end_array();
}

// [[label, value], ...]; anything else in the list is skipped.
std::vector<std::pair<std::string, std::string>> read_pairs(array list) {
    std::vector<std::pair<std::string, std::string>> out;
    for (element e : list) {
        array pair;
        std::string_view l, v;
        if (e.get(pair) || pair.size() != 2 || pair.at(0).get(l) || pair.at(1).get(v)) continue;
        out.emplace_back(l, v);
    }
    return out;
}

}  // namespace

std::string to_json(const sedcard_document& d) {
    std::string out;
    json_writer w(out);
    w.begin_object().member("name", d.name).key("facts");
    write_pairs(w, d.facts);
    w.member("summary", d.summary).key("sections").begin_array();
    for (const auto& s : d.sections) {
        w.begin_object().member("heading", s.heading);
        if (s.has_entries) {
            w.key("entries").begin_array();
            for (const auto& e : s.entries) w.begin_object().member("title", e.title).member("meta", e.meta).member("text", e.text).end_object();
            w.end_array();
        } else {
            w.key("rows");
            write_pairs(w, s.rows);
        }
        w.end_object();
    }
    w.end_array().end_object();
    return out;
}

std::expected<sedcard_document, std::string> parse_sedcard_model(std::string_view json) {
    simdjson::dom::parser parser;
    element model;
    if (parser.parse(json.data(), json.size()).get(model) != simdjson::SUCCESS || !model.is_object())
        return std::unexpected(std::string("the model is not a JSON object"));
    sedcard_document d;
    d.name = member(model, "name");
    d.summary = member(model, "summary");
    array list;
    if (model["facts"].get(list) == simdjson::SUCCESS) d.facts = read_pairs(list);
    if (model["sections"].get(list) == simdjson::SUCCESS)
        for (element s : list) {
            sedcard_section section;
            section.heading = member(s, "heading");
            array items;
            if (s["rows"].get(items) == simdjson::SUCCESS) section.rows = read_pairs(items);
            if (s["entries"].get(items) == simdjson::SUCCESS) {
                section.has_entries = true;
                for (element e : items) section.entries.push_back({member(e, "title"), member(e, "meta"), member(e, "text")});
            }
            d.sections.push_back(std::move(section));
        }
    return d;
}

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

std::string time_record_sheet_json(const time_record_sheet& s) {
    std::string out;
    json_writer w(out);
    w.begin_object().member("organization", s.organization).member("month", s.month).member("made", s.made);
    w.key("columns").begin_array();
    for (const auto& c : s.columns) w.value(c);
    w.end_array();
    w.key("rows").begin_array();
    for (const auto& row : s.rows) {
        w.begin_array();
        for (const auto& cell : row) w.value(cell);
        w.end_array();
    }
    w.end_array().end_object();
    return out;
}

std::expected<time_record_sheet, std::string> parse_time_record_sheet(std::string_view json) {
    simdjson::dom::parser parser;
    element o;
    if (parser.parse(json.data(), json.size()).get(o) || !o.is_object())
        return std::unexpected(std::string("time records model: not a JSON object"));
    time_record_sheet s;
    s.organization = member(o, "organization");
    s.month = member(o, "month");
    s.made = member(o, "made");
    array columns, rows;
    if (o["columns"].get(columns) || columns.size() == 0) return std::unexpected(std::string("time records model: no columns"));
    for (element c : columns) {
        std::string_view v;
        s.columns.emplace_back(c.get(v) ? std::string_view{} : v);
    }
    if (o["rows"].get(rows) == simdjson::SUCCESS) {
        for (element r : rows) {
            array cells;
            if (r.get(cells) || cells.size() != s.columns.size()) continue;
            std::vector<std::string> row;
            for (element c : cells) {
                std::string_view v;
                row.emplace_back(c.get(v) ? std::string_view{} : v);
            }
            s.rows.push_back(std::move(row));
        }
    }
    return s;
}

}  // namespace jh::messages
