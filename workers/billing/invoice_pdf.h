// invoice_pdf.h: the invoice layout (Rechnung) as a PDF, drawn with cairo and pango.
//
// Pure CPU work with no I/O: the server calls it on the libuv thread pool (never on a loop), and a
// worker process may call it directly. tests/unit/billing_invoice_pdf_test.cpp renders one and
// reads it back with pdftotext.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
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

// The PDF's bytes, or what went wrong.
std::expected<std::string, std::string> render_invoice_pdf(const invoice_document& doc);

}  // namespace jh::billing
