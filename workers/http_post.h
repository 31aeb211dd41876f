// http_post.h: one blocking HTTP(S) POST with libcurl, as the workers send them (webhooks, the
// google_index worker's token exchange and batch request): no redirect followed, one timeout for
// connecting and for the whole, the answer's status, Content-Type and (when asked) body kept.
// Worker processes only: it blocks.
#pragma once

#include <string>
#include <vector>

typedef void CURL;

namespace jh::workers {

struct http_answer {
    int curl_code = 0;      // CURLE_OK (0) when an answer came
    long status = 0;        // 0: no answer
    std::string content_type;
    std::string body;
    std::string error;      // libcurl's words when curl_code != 0
};

// POSTs `body` to `url`; `headers` as "Name: value". A redirect is not followed: a POST must not
// silently turn into a GET elsewhere. With `keep_body` the answer body is kept up to 4 MiB
// (Google's answers are a few KiB; beyond that the request fails); without, it is read and dropped.
http_answer post(CURL* curl, const std::string& url, const std::vector<std::string>& headers, const std::string& body,
                 int timeout_ms, const char* user_agent, bool keep_body = true);

}  // namespace jh::workers
