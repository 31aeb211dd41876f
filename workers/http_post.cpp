// http_post.cpp: see http_post.h.
#include "workers/http_post.h"

#include <curl/curl.h>

namespace jh::workers {

namespace {

constexpr std::size_t max_answer_bytes = 4 << 20;

std::size_t keep_cb(char* data, std::size_t size, std::size_t nmemb, void* user) {
    auto* out = static_cast<std::string*>(user);
    std::size_t n = size * nmemb;
    if (out->size() + n > max_answer_bytes) return 0;   // aborts the transfer (CURLE_WRITE_ERROR)
    out->append(data, n);
    return n;
}

std::size_t discard_cb(char*, std::size_t size, std::size_t nmemb, void*) { return size * nmemb; }

}  // namespace

http_answer post(CURL* curl, const std::string& url, const std::vector<std::string>& headers, const std::string& body,
                 int timeout_ms, const char* user_agent, bool keep_body) {
    http_answer a;
    if (!curl) {
        a.curl_code = CURLE_FAILED_INIT;
        a.error = "libcurl could not be initialised";
        return a;
    }
    curl_easy_reset(curl);
    char errbuf[CURL_ERROR_SIZE] = {};
    curl_slist* list = curl_slist_append(nullptr, "Expect:");   // no 100-continue round trip
    for (const auto& h : headers) list = curl_slist_append(list, h.c_str());
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
    if (keep_body) {
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, keep_cb);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &a.body);
    } else {
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard_cb);
    }
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_ms));
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(timeout_ms));
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);

    CURLcode rc = curl_easy_perform(curl);
    a.curl_code = rc;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &a.status);
    char* ct = nullptr;
    if (curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &ct) == CURLE_OK && ct) a.content_type = ct;
    if (rc != CURLE_OK) a.error = errbuf[0] ? errbuf : curl_easy_strerror(rc);
    curl_slist_free_all(list);
    return a;
}

}  // namespace jh::workers
