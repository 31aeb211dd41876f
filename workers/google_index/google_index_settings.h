// google_index_settings.h: the google_index worker's settings section ("google_index.*";
// reactor/config_section.h). Only that worker reads them, so the section lives beside it; app/
// registers it. docs/reach.md, "Google Indexing API".
#pragma once

#include <string>

#include "reactor/config_section.h"

namespace jh {

struct google_index_settings {
    // The service account's JSON key file (Google Cloud console → service account → keys), kept
    // outside the repository. Empty: the feature is off (nothing is queued or sent).
    std::string service_account_file;
    // Where the signed JWT is exchanged for an access token; empty: the key file's token_uri.
    std::string token_url;
    // Google's batch endpoint: up to 100 urlNotifications:publish calls in one multipart request.
    std::string batch_url = "https://indexing.googleapis.com/batch";
    int timeout_ms = 10000;   // per HTTP request (token and batch)
};

const config_section& google_index_config_section();

}  // namespace jh
