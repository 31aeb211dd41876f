// app_error.h: the one error type that actors return and routes turn into HTTP answers.
//
// An actor never knows HTTP: it returns std::expected<T, app_error>. The single mapping from an
// error kind to a status code and a JSON body lives in reactor/http_pipeline.cpp (error_response).
#pragma once

#include <expected>
#include <string>
#include <vector>

namespace jh {

enum class error_kind {
    bad_request,        // 400: malformed JSON, wrong parameter types
    unauthorized,       // 401: not logged in, bad credentials
    forbidden,          // 403: logged in but not allowed
    not_found,          // 404
    method_not_allowed, // 405
    conflict,           // 409
    gone,               // 410: e.g. "JobPosting is inactive!"
    payload_too_large,  // 413
    validation,         // 422: violations per field
    too_many_requests,  // 429
    unavailable,        // 503: PostgreSQL, Redis or a worker did not answer
    internal,           // 500
};

struct violation {
    std::string property_path;  // e.g. "email", "addresses[0].zipcode"
    std::string message;        // the German message from the spec
};

struct app_error {
    error_kind kind = error_kind::internal;
    std::string message;                 // shown as "message" (German where a user reads it)
    std::vector<violation> violations;   // only for error_kind::validation
    int retry_after_s = 0;               // too_many_requests, unavailable: sent as Retry-After when > 0

    static app_error make(error_kind k, std::string msg = {}) { return app_error{k, std::move(msg), {}}; }
    static app_error invalid(std::vector<violation> v) {
        return app_error{error_kind::validation, "Die Eingaben sind nicht gültig.", std::move(v)};
    }
};

template <typename T>
using result = std::expected<T, app_error>;

inline std::unexpected<app_error> fail(error_kind k, std::string msg = {}) {
    return std::unexpected(app_error::make(k, std::move(msg)));
}

// A reading that refuses with a sentence (a query string's parser, e.g. search::parse_job_filter)
// as a result: the sentence becomes a 400. HTTP-free parsers stay in their own layer this way.
template <class T>
result<T> bad_request_unless(std::expected<T, std::string> read) {
    if (!read) return fail(error_kind::bad_request, std::move(read.error()));
    return std::move(*read);
}

}  // namespace jh
