// delivery.h: hands a built message to the world: SMTP through libcurl, or a .eml file.
//
// Blocking on purpose (the mail worker is its own process). The outcome says whether trying again
// can help: a relay's 5xx is permanent, a 4xx, a refused connection or a timeout is temporary.
#pragma once

#include <string>
#include <string_view>

typedef void CURL;

namespace jh {
struct config;
}

namespace jh::workers {

struct delivery_result {
    // no_room: the .eml could not be written for want of room on the disk: the job waits
    // (outcome::wait) without using an attempt.
    enum class status { sent, temporary, permanent, no_room };
    status kind = status::sent;
    std::string error;
};

// One SMTP client per worker; libcurl keeps the connection to the relay open between mails.
class smtp_client {
public:
    explicit smtp_client(const config& cfg);
    ~smtp_client();
    smtp_client(const smtp_client&) = delete;
    smtp_client& operator=(const smtp_client&) = delete;

    delivery_result send(std::string_view from_address, std::string_view to_address, const std::string& message);

private:
    const config& cfg_;
    CURL* curl_ = nullptr;
};

// The local default without SMTP: DIR/<key>.eml, written to a temporary name and renamed
// (reactor/whole_file.h), so a reader never sees half a mail and a retry replaces the file instead
// of adding a second one.
delivery_result write_eml(const std::string& dir, std::string_view idempotency_key, const std::string& message);

// The file name for a key: [A-Za-z0-9-_] kept, everything else %XX (no '/', no leading dot).
std::string eml_file_name(std::string_view idempotency_key);

// How an SMTP reply code and a libcurl result map to an outcome (exposed for unit tests).
delivery_result::status classify_smtp(int curl_code, long smtp_code);

}  // namespace jh::workers
