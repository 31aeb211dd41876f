// invoice_pdf.h: the invoice layout (Rechnung) as a PDF, drawn with cairo and pango.
//
// Pure CPU work with no I/O, run by the render worker (`jobhafen worker sedcard`, document kind
// "invoice", workers/render/documents.cpp): the server sends the invoice as a JSON model over the
// request/reply link (reactor/zmq_request.h) and gets the PDF back. tests/unit/
// billing_invoice_pdf_test.cpp renders one from its model and reads it back with pdftotext.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace jh::billing {

struct invoice_line {
    std::string text;
    std::int64_t quantity = 1;
    std::int64_t unit_cents = 0;
};

struct invoice_document {
    std::string number;          // "RE-2026-0001"
    std::string date;            // "21.11.2026"
    std::string recipient;       // several lines, separated by '\n'
    std::string currency = "EUR";
    std::vector<invoice_line> lines;
    std::string issuer = "Jobhafen GmbH\nMusterstraße 1\n20095 Hamburg";
};

// "1.234,50 €": German number format.
std::string format_money(std::int64_t cents, const std::string& currency);

// The model the server sends: {"number", "date", "recipient", "issuer", "currency",
// "lines": [{"text", "quantity", "unitCents"}]}.
std::string invoice_model_json(const invoice_document& doc);
std::expected<invoice_document, std::string> parse_invoice_model(std::string_view json);

// The PDF's bytes, or what went wrong.
std::expected<std::string, std::string> render_invoice_pdf(const invoice_document& doc);

}  // namespace jh::billing
