// job_filter.h: the job filter of the server's routes. The filter itself (its fields, decoding,
// rules, SQL arguments and index query) is search/job_filter.h, shared with the alerts worker; this
// adds the HTTP side: a request's query string read into it, bad input as a 400 app_error.
#pragma once

#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "search/job_filter.h"

namespace jh::jobs {

using search::default_items_per_page;
using search::default_radius_m;
using search::job_filter;
using search::max_ids;
using search::max_items_per_page;
using search::max_list_values;
using search::max_text_bytes;
using search::result_window;

// The request's query string through search::parse_job_filter; 400 (bad_request) on bad input.
result<job_filter> parse_job_filter(const http_request& req);
// The same for parameters that do not come from a query string (a multi-search member list).
result<job_filter> read_job_filter(const search::filter_params& params);

}  // namespace jh::jobs
