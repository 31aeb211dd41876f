// delivery.cpp: see delivery.h. Blocking libcurl and file I/O, by design (worker process only).
#include "workers/mail/delivery.h"

#include <curl/curl.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "reactor/config.h"
#include "reactor/whole_file.h"

namespace jh::workers {

namespace {

struct upload {
    const std::string* data;
    std::size_t offset = 0;
};

std::size_t read_cb(char* buffer, std::size_t size, std::size_t nitems, void* userdata) {
    auto* u = static_cast<upload*>(userdata);
    std::size_t n = std::min(size * nitems, u->data->size() - u->offset);
    std::memcpy(buffer, u->data->data() + u->offset, n);
    u->offset += n;
    return n;
}

// The relay's last reply line ("550 5.7.1 Rejected"): the error we keep is the relay's words.
int debug_cb(CURL*, curl_infotype type, char* data, std::size_t size, void* userdata) {
    if (type != CURLINFO_HEADER_IN) return 0;
    std::string line(data, size);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (!line.empty()) *static_cast<std::string*>(userdata) = line;
    return 0;
}

}  // namespace

delivery_result::status classify_smtp(int curl_code, long smtp_code) {
    if (curl_code == CURLE_OK) return delivery_result::status::sent;
    // A refused login is our configuration, not this mail: keep the mail and retry.
    if (curl_code == CURLE_LOGIN_DENIED) return delivery_result::status::temporary;
    if (smtp_code >= 500 && smtp_code <= 599) return delivery_result::status::permanent;
    // 4xx, no connection, timeouts, TLS trouble: worth another attempt later.
    return delivery_result::status::temporary;
}

smtp_client::smtp_client(const config& cfg) : cfg_(cfg), curl_(curl_easy_init()) {}

smtp_client::~smtp_client() {
    if (curl_) curl_easy_cleanup(curl_);
}

delivery_result smtp_client::send(std::string_view from_address, std::string_view to_address, const std::string& message) {
    if (!curl_) return {delivery_result::status::temporary, "libcurl could not be initialised"};
    // reset() keeps the open connection to the relay for the next mail.
    curl_easy_reset(curl_);
    upload up{&message};
    std::string last_reply;
    char errbuf[CURL_ERROR_SIZE] = {};
    std::string from = "<" + std::string(from_address) + ">";
    std::string to = "<" + std::string(to_address) + ">";
    curl_slist* rcpt = curl_slist_append(nullptr, to.c_str());

    curl_easy_setopt(curl_, CURLOPT_URL, cfg_.smtp_url.c_str());
    curl_easy_setopt(curl_, CURLOPT_MAIL_FROM, from.c_str());
    curl_easy_setopt(curl_, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(curl_, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl_, CURLOPT_READFUNCTION, read_cb);
    curl_easy_setopt(curl_, CURLOPT_READDATA, &up);
    curl_easy_setopt(curl_, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
    curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::min(cfg_.smtp_timeout_ms, 10000)));
    curl_easy_setopt(curl_, CURLOPT_TIMEOUT_MS, static_cast<long>(cfg_.smtp_timeout_ms));
    curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(curl_, CURLOPT_VERBOSE, 1L);   // only so that debug_cb sees the replies
    curl_easy_setopt(curl_, CURLOPT_DEBUGFUNCTION, debug_cb);
    curl_easy_setopt(curl_, CURLOPT_DEBUGDATA, &last_reply);
    if (cfg_.smtp_starttls) curl_easy_setopt(curl_, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
    if (!cfg_.smtp_user.empty()) {
        curl_easy_setopt(curl_, CURLOPT_USERNAME, cfg_.smtp_user.c_str());
        curl_easy_setopt(curl_, CURLOPT_PASSWORD, cfg_.smtp_password.c_str());
    }

    CURLcode rc = curl_easy_perform(curl_);
    long code = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &code);
    curl_slist_free_all(rcpt);

    delivery_result r;
    r.kind = classify_smtp(rc, code);
    if (r.kind != delivery_result::status::sent) {
        std::string why = errbuf[0] ? errbuf : curl_easy_strerror(rc);
        r.error = code > 0 && !last_reply.empty() ? "SMTP " + last_reply + " (" + why + ")" : "SMTP: " + why;
    }
    return r;
}

std::string eml_file_name(std::string_view key) {
    std::string out;
    for (unsigned char c : key) {
        if (std::isalnum(c) || c == '-' || c == '_') {
            out += static_cast<char>(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            out += buf;
        }
    }
    return out + ".eml";
}

delivery_result write_eml(const std::string& dir, std::string_view key, const std::string& message) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    // A folder that cannot be made for want of room is a full disk too, not the mail's fault.
    if (ec && is_out_of_space(ec.value())) return {delivery_result::status::no_room, "cannot make " + dir + ": " + ec.message()};
    // Synced before the rename: once the job is recorded as done, the mail is on the disk.
    auto w = write_whole_file((std::filesystem::path(dir) / eml_file_name(key)).string(), message, true);
    switch (w.status) {
        case write_status::written: return {};
        case write_status::no_space: return {delivery_result::status::no_room, std::move(w.error)};
        case write_status::failed: break;
    }
    return {delivery_result::status::temporary, std::move(w.error)};
}

}  // namespace jh::workers
