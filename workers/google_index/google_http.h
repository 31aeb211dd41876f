// google_http.h: one blocking HTTPS POST with libcurl for the google_index worker (the token
// exchange and the batch request), answer body and Content-Type kept. Worker process only.
#pragma once

#include <string>
#include <vector>

typedef void CURL;

namespace jh::workers::google {

struct http_answer {
    int curl_code = 0;      // CURLE_OK (0) when an answer came
    long status = 0;        // 0: no answer
    std::string content_type;
    std::string body;
    std::string error;      // libcurl's words when curl_code != 0
};

// POSTs `body` to `url`; `headers` as "Name: value". A redirect is not followed. The answer body
// is kept up to 4 MiB (Google's answers are a few KiB); beyond that the request fails.
http_answer post(CURL* curl, const std::string& url, const std::vector<std::string>& headers, const std::string& body,
                 int timeout_ms);

}  // namespace jh::workers::google
