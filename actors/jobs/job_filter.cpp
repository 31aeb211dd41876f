// job_filter.cpp: see job_filter.h.
#include "actors/jobs/job_filter.h"

namespace jh::jobs {

namespace {

result<search::job_filter> as_result(std::expected<search::job_filter, std::string> f) {
    if (!f) return std::unexpected(app_error::make(error_kind::bad_request, std::move(f.error())));
    return std::move(*f);
}

}  // namespace

result<search::job_filter> parse_job_filter(const http_request& req) { return as_result(search::parse_job_filter(req.query)); }

result<search::job_filter> read_job_filter(const search::filter_params& params) { return as_result(search::read_job_filter(params)); }

}  // namespace jh::jobs
