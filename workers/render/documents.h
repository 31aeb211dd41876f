// documents.h: the PDF documents the render worker knows, by kind.
//
// A request carries a kind (messages/render.h render_kind), a JSON model the server built (labels and values already
// in German; the worker needs no database) and optional binary attachments (the portrait JPEG).
// Adding a document means adding its kind to messages/render.h and one function and one branch
// in documents.cpp; the page mechanics live in pdf_layout.h.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace jh::render {

// The PDF bytes, or a message saying what is wrong with the request.
std::expected<std::string, std::string> render_document(std::string_view kind, std::string_view model_json,
                                                        const std::vector<std::string>& attachments);

// The sedcard: messages::sedcard_document's JSON (messages/render.h, built by
// actors/profiles/sedcard_model.h); attachment 0 (optional): portrait JPEG.
std::expected<std::string, std::string> render_sedcard(std::string_view model_json, const std::vector<std::string>& attachments);

// The § 17 MiLoG record of an organization's month: messages::time_record_sheet's JSON (built by
// actors/shifts/time_records_actor.cpp), a table with its header on every page.
std::expected<std::string, std::string> render_time_records(std::string_view model_json);

}  // namespace jh::render
