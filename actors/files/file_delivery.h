// file_delivery.h: answering a request with a stored file (a candidate's image, document or video,
// the sedcard PDF): streamed from disk or sent as bytes, never cached unless its owner made it
// public, downloads with a cleaned file name. Used by the profile routes and by the routes through
// which a provider opens an applicant's files (actors/applications/).
#pragma once

#include <optional>
#include <string_view>

#include "actors/files/stored_file.h"
#include "reactor/http_pipeline.h"
#include "reactor/router.h"
#include "reactor/task.h"

namespace jh {

enum class delivery { inline_file, download, video };

// A stored file streamed from disk, or bytes made for this request. Private files are never
// cached (`private, no-store`); an image of a public profile may be cached by anyone for a year,
// because the URL of a file never changes its bytes (a new upload is a new id).
// Bytes with an `etag` (the sedcard PDF) say `private, no-cache` and carry it as a weak ETag, so a reader
// that kept its copy asks again each time and gets 304 for the same version (`not_modified`).
task<http_response> send_file(request_context& ctx, files::file_answer f, delivery how);

// Whether an If-None-Match header names `etag` (given without quotes): "*", or one of a
// comma-separated list of entity tags, weak ones (W/"…") compared by their opaque part (RFC 9110
// 13.1.2). A header that is missing, empty or malformed names nothing.
bool etag_listed(std::optional<std::string_view> if_none_match, std::string_view etag);

}  // namespace jh
