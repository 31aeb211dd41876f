// query_values_fuzz.cpp: the query-string readers of the catalogue routes (jobs, organizations,
// places, multi-search): the input is a raw query string; every parameter the routes read is
// taken out of it (percent-decoding, repeated `name[]` values) and fed to each strict reader,
// which must either refuse it or return a value inside its documented range.
#include <cmath>
#include <cstdlib>
#include <string>

#include "search/query_values.h"
#include "fuzz/fuzz_support.h"
#include "reactor/http_message.h"

namespace {

using namespace jh::search;

void check(bool ok) {
    if (!ok) std::abort();   // a documented guarantee broken: libFuzzer keeps the input
}

void read_value(std::string_view v) {
    (void)parse_int(v);
    if (auto id = parse_id(v)) check(*id >= 1 && *id <= (std::int64_t{1} << 62));
    if (auto n = parse_number(v)) check(std::isfinite(*n));
    (void)parse_flag(v);
    if (auto d = parse_distance_m(v))
        check(*d == 10000 || *d == 25000 || *d == 50000 || *d == 100000 || *d == 250000 || *d == 500000);
    if (auto s = parse_interval_s(v)) check(*s == 3600 || *s == 4 * 3600 || *s == 86400 || *s == 3 * 86400 || *s == 7 * 86400);
    if (auto n = parse_number(v)) {
        (void)valid_lat(*n);
        (void)valid_lon(*n);
    }
    if (valid_slug(v)) {
        check(!v.empty() && v.size() <= 120);
        for (char c : v) check((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-');
    }
}

// The names the catalogue routes read (actors/jobs, actors/organizations, actors/places, actors/search).
constexpr std::string_view names[] = {"page", "itemsPerPage", "id", "lat", "lng", "lon", "distance", "interval_created",
                                      "activity", "employmentType", "jobType", "city", "organization", "q", "query",
                                      "exists", "order[createdAt]", "showcase", "slug", "limit"};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string target = "/api/job_postings?" + std::string(jh::fuzz::as_text(data, size));
    jh::http_request req;
    req.target = target;
    req.query = std::string_view(req.target).substr(req.target.find('?') + 1);
    read_value(req.query);
    for (std::string_view name : names) {
        if (auto v = req.query_param(name)) read_value(*v);
        for (const std::string& v : req.query_params(name)) read_value(v);
    }
    std::string decoded;
    (void)jh::percent_decode(req.query, decoded, true);
    return 0;
}
