// search_page_link_test.cpp: the digest mail's link to an alert's search (search/search_page_link.h)
// against the case table tests/fixtures/alert_search_links.json, which the web app's alert list
// (web/src/shared/lib/search-address.ts) runs too: the mail and the site open the same search.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <string>

#include "reactor/source_dir.h"
#include "search/search_page_link.h"

TEST(SearchPageLink, EveryCaseOfTheSharedTable) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    ASSERT_EQ(parser.load(jh::source_path("tests/fixtures/alert_search_links.json")).get(doc), simdjson::SUCCESS);
    int n = 0;
    for (simdjson::dom::object c : doc["cases"].get_array()) {
        std::string_view filter = c["filter"].get_string(), path = c["path"].get_string();
        EXPECT_EQ(jh::search::search_page_path(filter), path) << "filter: " << filter;
        ++n;
    }
    EXPECT_GT(n, 10);
}
