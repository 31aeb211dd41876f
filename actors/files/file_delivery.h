// file_delivery.h: answering a request with a stored file (a candidate's image, document or video,
// the sedcard PDF): streamed from disk or sent as bytes, never cached unless its owner made it
// public, downloads with a cleaned file name. Used by the profile routes and by the routes through
// which a provider opens an applicant's files (actors/applications/).
#pragma once

#include "actors/files/stored_file.h"
#include "reactor/http_pipeline.h"
#include "reactor/router.h"
#include "reactor/task.h"

namespace jh {

enum class delivery { inline_file, download, video };

// A stored file streamed from disk, or bytes made for this request. Private files are never
// cached (`private, no-store`); an image of a public profile may be cached by anyone for a year,
// because the URL of a file never changes its bytes (a new upload is a new id).
task<http_response> send_file(request_context& ctx, files::file_answer f, delivery how);

}  // namespace jh
