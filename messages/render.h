// render.h: the render requests, what the server asks the render worker (`jobhafen worker
// sedcard`, workers/render/) for over the request/reply link (reactor/zmq_request.h): a document
// kind, a JSON model with every label and value already in German, and optional attachments.
//
// The kinds are named here once; the server passes them to zmq_requester::request and the worker
// picks the renderer by them (workers/render/documents.cpp). Both models are typed here with their
// JSON. The sedcard's producer (actors/profiles/sedcard_model.cpp) still writes the same JSON with
// its own json_writer calls; tests/unit/messages_test.cpp reads its output back with
// parse_sedcard_model and requires the same bytes from to_json, so the two cannot drift.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jh::messages {

namespace render_kind {
inline constexpr std::string_view sedcard = "sedcard";   // attachment 0 (optional): portrait JPEG
inline constexpr std::string_view invoice = "invoice";   // no attachments
inline constexpr std::string_view time_records = "time_records";   // the § 17 MiLoG record; no attachments
}  // namespace render_kind

// The sedcard: labels and values in German, only sections that have content.
struct sedcard_entry {
    std::string title, meta, text;
};

struct sedcard_section {
    std::string heading;
    // One of the two: label/value rows, or entries (work experience, education).
    std::vector<std::pair<std::string, std::string>> rows;
    std::vector<sedcard_entry> entries;
    bool has_entries = false;
};

struct sedcard_document {
    std::string name;
    std::vector<std::pair<std::string, std::string>> facts;
    std::string summary;
    std::vector<sedcard_section> sections;
};

// {"name", "facts": [[label, value]], "summary", "sections": [{"heading", "rows": [[label, value]]}
// | {"heading", "entries": [{"title", "meta", "text"}]}]}.
std::string to_json(const sedcard_document& d);
// An object is required; malformed rows and entries are left out (a card with a gap beats none).
std::expected<sedcard_document, std::string> parse_sedcard_model(std::string_view json);

struct invoice_line {
    std::string text;
    std::int64_t quantity = 1;
    std::int64_t unit_cents = 0;
};

// The invoice (Rechnung) as the worker draws it.
struct invoice_document {
    std::string number;          // "RE-2026-0001"
    std::string date;            // "21.11.2026"
    std::string recipient;       // several lines, separated by '\n'
    std::string currency = "EUR";
    std::vector<invoice_line> lines;
    std::string issuer = "Jobhafen GmbH\nMusterstraße 1\n20095 Hamburg";
};

// {"number", "date", "recipient", "issuer", "currency", "lines": [{"text", "quantity", "unitCents"}]}.
std::string invoice_model_json(const invoice_document& doc);
// A number is required; every other member falls back to its default.
std::expected<invoice_document, std::string> parse_invoice_model(std::string_view json);

// The § 17 MiLoG record of one organization and month (docs/shifts.md "The § 17 MiLoG record"):
// one row per worker and shift, every cell already as the CSV writes it (German dates, "7,42" hours).
struct time_record_sheet {
    std::string organization;   // "Messebau Nord GmbH"
    std::string month;          // "November 2026"
    std::string made;           // "29.11.2026, 19:45 Uhr": when the PDF was made
    std::vector<std::string> columns;                // Datum, Name, Beginn, Ende, Pause (Minuten), Stunden, Tätigkeit, Status
    std::vector<std::vector<std::string>> rows;      // each as many cells as columns
};

// {"organization", "month", "made", "columns": [..], "rows": [[..]]}.
std::string time_record_sheet_json(const time_record_sheet& s);
// An object with columns is required; a row of another width is left out.
std::expected<time_record_sheet, std::string> parse_time_record_sheet(std::string_view json);

}  // namespace jh::messages
