// search_page_link.h: the address of the search page that shows a job alert's stored filter again
// (the digest mail's "Alle Treffer ansehen"). An alert stores the API's parameters (q, lat/lon/
// distance, interval_created, shiftsFrom/shiftsTo, activity, jobType, city); the search page reads
// its own German names (was, wo, umkreis, seit, einsatz, von, bis) on /jobs/suche, and the fixed
// part on its path (/jobs/suche-als/{activity}, /{jobType}, /jobs-stadt/{city}). The web app does
// the same in web/src/shared/lib/search-address.ts; the case table
// tests/fixtures/alert_search_links.json holds both to the same answer, byte for byte. Pure.
#pragma once

#include <string>
#include <string_view>

namespace jh::search {

// The path and query (without the origin) for a stored filter (a query string, '?' optional).
std::string search_page_path(std::string_view stored_filter);

}  // namespace jh::search
