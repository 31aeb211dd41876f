// job_filter.h: the HTTP side of the job filter: a request's query string read into it, bad input
// as a 400 app_error. The filter itself (its fields, decoding, rules, SQL arguments and index
// query) is search/job_filter.h, shared with the alerts worker; callers name its types search::.
#pragma once

#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "search/job_filter.h"

namespace jh::jobs {

// The request's query string through search::parse_job_filter; 400 (bad_request) on bad input.
result<search::job_filter> parse_job_filter(const http_request& req);
// The same for parameters that do not come from a query string (a multi-search member list).
result<search::job_filter> read_job_filter(const search::filter_params& params);

}  // namespace jh::jobs
