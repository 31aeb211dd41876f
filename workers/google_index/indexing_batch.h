// indexing_batch.h: the body of one batch request to the Indexing API and the reading of its
// answer — Google's batch format ("Send batch indexing requests",
// https://developers.google.com/search/apis/indexing-api/v3/using-api#batching, and the general
// "Sending Batch Requests" of Google's APIs): a multipart/mixed body, each part Content-Type
// application/http with a Content-ID, holding one `POST /v3/urlNotifications:publish` with a JSON
// body {"url": …, "type": "URL_UPDATED" | "URL_DELETED"}; at most 100 parts. The answer is
// multipart/mixed as well, one part per call, Content-ID "response-" + the call's id, holding that
// call's HTTP status line, headers and body.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jh::workers::google {

inline constexpr std::size_t max_batch_parts = 100;   // Google's limit per batch request
inline constexpr std::string_view batch_boundary = "jobhafen_indexing_batch";
// How the worker names itself to Google (the token exchange and the batch request).
inline constexpr const char* indexing_user_agent = "Jobhafen-Indexing/1";

struct url_notification {
    std::string url;
    std::string type;   // URL_UPDATED or URL_DELETED
};

// The multipart/mixed body (boundary batch_boundary); part i has Content-ID <item{i+1}>.
std::string batch_body(std::span<const url_notification> items);

// The HTTP status of each call, in request order (0 where the answer has no part for it), or
// nullopt when the answer is not a multipart/mixed document with a boundary.
std::optional<std::vector<int>> batch_statuses(std::string_view content_type, std::string_view body, std::size_t calls);

}  // namespace jh::workers::google
