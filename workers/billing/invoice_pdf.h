// invoice_pdf.h: the invoice layout (Rechnung) as a PDF, drawn with cairo and pango.
//
// Pure CPU work with no I/O, run by the render worker (`jobhafen worker sedcard`, document kind
// "invoice", workers/render/documents.cpp): the server sends the invoice as a JSON model
// (messages/render.h) over the request/reply link (reactor/zmq_request.h) and gets the PDF
// back. tests/unit/billing_invoice_pdf_test.cpp renders one and reads it back with pdftotext.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "messages/render.h"

namespace jh::billing {

using messages::invoice_document;
using messages::invoice_line;

// "1.234,50 €": German number format.
std::string format_money(std::int64_t cents, const std::string& currency);

// The PDF's bytes, or what went wrong.
std::expected<std::string, std::string> render_invoice_pdf(const invoice_document& doc);

}  // namespace jh::billing
