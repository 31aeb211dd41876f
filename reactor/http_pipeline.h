// http_pipeline.h: what answers a parsed request, and the headers every answer gets.
//
// handle_request decides between a route handler, /metrics, a static file from web/dist and an
// error; finish_response adds what every answer of its kind needs (compression, caching and
// security headers). The connection only moves bytes; these two functions hold the policy.
#pragma once

#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "reactor/router.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

task<http_response> handle_request(loop_context& loop, http_request& req, const route_match& match);

// The route policy's `who` (reactor/route_policy.h): ctx.caller is set, or the refusal (401, 403,
// 503) is returned. Also the gate of an upload, before its body is read.
task<std::optional<http_response>> authenticate_caller(request_context& ctx, const route_policy& policy);

// For an account_on_demand route whose request needs the caller after all (a personalized
// filter): the caller when credentials came, nullopt without; bad credentials are an error.
task<result<std::optional<auth::identity>>> ask_caller(request_context& ctx);

// Compression (gzip over 1 KB when accepted), Cache-Control for API answers, security headers for
// HTML. Called once per answer, after the handler.
void finish_response(const http_request& req, http_response& res);

// The one mapping from a domain error to a status and a JSON body:
//   {"status": 422, "message": "...", "violations": [{"propertyPath": "...", "message": "..."}]}
http_response error_response(const app_error& e);
http_response error_response(int status, std::string_view message);
int status_of(error_kind k) noexcept;

}  // namespace jh
