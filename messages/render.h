// render.h: the render requests, what the server asks the render worker (`jobhafen worker
// sedcard`, workers/render/) for over the request/reply link (reactor/zmq_request.h): a document
// kind, a JSON model with every label and value already in German, and optional attachments.
//
// The kinds are named here once; the server passes them to zmq_requester::request and the worker
// picks the renderer by them (workers/render/documents.cpp). The invoice model is typed here with
// its JSON; the sedcard model's JSON is written by actors/profiles/sedcard_model.h and read by
// workers/render/documents.cpp (its shape is described in workers/render/documents.h).
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace jh::messages {

namespace render_kind {
inline constexpr std::string_view sedcard = "sedcard";   // attachment 0 (optional): portrait JPEG
inline constexpr std::string_view invoice = "invoice";   // no attachments
}  // namespace render_kind

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

}  // namespace jh::messages
