// Integration tests of the organization list, details and cards (GET /api/organizations,
// /api/organizations/{id}, /api/organizations/slug/{slug}, /api/organization_cards[/{id}]).
#include <gtest/gtest.h>
#include <simdjson.h>

#include <string>

#include "tests/support/harness.h"

namespace jh::test {
namespace {

const char* catalogue_sql = R"SQL(
INSERT INTO organizations (id, slug, name, description, founding_year, employees, working_days_per_year, city,
                           contact_name, contact_email, legal_form, register_court, register_number, active)
VALUES
 (11, 'hanse-promotion-team', 'Hanse Promotion Team GmbH', 'Promotion im Norden. Seit 2001 in Hamburg.', 2001, 120, 8000, 'Hamburg',
  'Jan Meyer', 'jobs@hanse.example', 'GmbH', 'Amtsgericht Hamburg', 'HRB 12345', true),
 (12, 'isar-event-crew', 'Isar Event Crew GmbH', 'Events in München und Umgebung.', 2010, 40, 3000, 'München',
  NULL, NULL, 'GmbH', NULL, NULL, true),
 (13, 'alte-agentur', 'Alte Agentur KG', 'Gibt es nicht mehr.', 1990, 5, 10, 'Köln', NULL, NULL, 'KG', NULL, NULL, false);
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, activity_ids)
VALUES (201, 'promoter-hamburg-201', 11, 'Promoter (m/w/d) in Hamburg', true, true, now(), '{1}'),
       (202, 'promoter-hamburg-202', 11, 'Promoter (m/w/d) in Hamburg', true, true, now(), '{1}'),
       (203, 'promoter-hamburg-203', 11, 'Promoter (m/w/d) in Hamburg', true, false, now(), '{1}'),
       (204, 'eventhelfer-muenchen-204', 12, 'Eventhelfer (m/w/d) in München', false, true, NULL, '{3}');
INSERT INTO job_posting_locations (job_posting_id, city, lat, lon) VALUES
 (201, 'Hamburg', 53.55, 9.99), (202, 'Hamburg', 53.55, 9.99), (203, 'Hamburg', 53.55, 9.99), (204, 'München', 48.13, 11.57);
)SQL";

class OrganizationsCatalogue : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("orgs");
        server_ = new server_process({
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_REDIS_URL", shared_redis_url()},
            {"JOBHAFEN_LOG_ACCESS", "false"},
        });
        ASSERT_TRUE(server_->wait_ready(std::chrono::seconds(90))) << server_->log();
        exec_sql(db_->url(), catalogue_sql);
    }
    static void TearDownTestSuite() {
        delete server_;
        delete db_;
    }
    static http_reply get(const std::string& path) { return http_request(server_->port(), "GET", path); }
    static temp_database* db_;
    static server_process* server_;
};
temp_database* OrganizationsCatalogue::db_ = nullptr;
server_process* OrganizationsCatalogue::server_ = nullptr;

TEST_F(OrganizationsCatalogue, ListIsAHydraCollectionOfActiveOrganizationsByName) {
    auto r = get("/api/organizations");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/hydra:totalItems"), "2");
    EXPECT_EQ(field(r.body, "/hydra:member/0/@id"), "/api/organizations/11");
    EXPECT_EQ(field(r.body, "/hydra:member/0/@type"), "Organization");
    EXPECT_EQ(field(r.body, "/hydra:member/0/name"), "Hanse Promotion Team GmbH");
    EXPECT_EQ(field(r.body, "/hydra:member/0/openJobs"), "2");        // 203 inactive
    EXPECT_EQ(field(r.body, "/hydra:member/1/name"), "Isar Event Crew GmbH");
    EXPECT_EQ(field(r.body, "/hydra:member/1/openJobs"), "0");        // 204 unpublished
    EXPECT_EQ(field(get("/api/organizations?itemsPerPage=1&page=2").body, "/hydra:member/0/id"), "12");
    EXPECT_EQ(field(get("/api/organizations?page=5").body, "/hydra:member"), "[]");
}

TEST_F(OrganizationsCatalogue, SearchByName) {
    EXPECT_EQ(field(get("/api/organizations?q=Hanse").body, "/hydra:member/0/id"), "11");
    EXPECT_EQ(field(get("/api/organizations?q=Isar%20Evnet").body, "/hydra:member/0/id"), "12");   // typos
    EXPECT_EQ(field(get("/api/organizations?q=M%C3%BCnchen").body, "/hydra:member/0/id"), "12");   // city
    EXPECT_EQ(field(get("/api/organizations?q=Alte%20Agentur").body, "/hydra:totalItems"), "0");   // inactive
    EXPECT_EQ(get("/api/organizations?q=" + std::string(2000, 'x')).status, 400);
    EXPECT_EQ(get("/api/organizations?itemsPerPage=500").status, 400);
}

TEST_F(OrganizationsCatalogue, DetailsAndCards) {
    auto r = get("/api/organizations/11");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/foundingYear"), "2001");
    EXPECT_EQ(field(r.body, "/employees"), "120");
    EXPECT_EQ(field(r.body, "/workingDaysPerYear"), "8000");
    EXPECT_EQ(field(r.body, "/company/registerNumber"), "HRB 12345");
    EXPECT_EQ(field(r.body, "/contact/email"), "jobs@hanse.example");
    EXPECT_EQ(field(r.body, "/ratingsCount"), "0");
    EXPECT_EQ(field(r.body, "/favoritesCount"), "0");
    EXPECT_EQ(field(r.body, "/jobPostings"), "/api/job_postings?organization=11");
    EXPECT_EQ(field(get("/api/organizations/slug/isar-event-crew").body, "/id"), "12");

    auto card = get("/api/organization_cards/11");
    ASSERT_EQ(card.status, 200);
    EXPECT_EQ(field(card.body, "/@id"), "/api/organization_cards/11");
    EXPECT_EQ(field(card.body, "/@type"), "OrganizationCard");
    EXPECT_EQ(field(card.body, "/openJobs"), "2");
    EXPECT_EQ(field(card.body, "/teaser"), "Promotion im Norden.");
    auto cards = get("/api/organization_cards?itemsPerPage=1");
    EXPECT_EQ(field(cards.body, "/hydra:totalItems"), "2");
    EXPECT_EQ(field(cards.body, "/hydra:member/0/@type"), "OrganizationCard");

    EXPECT_EQ(get("/api/organizations/13").status, 404);              // inactive
    EXPECT_EQ(get("/api/organizations/999").status, 404);
    EXPECT_EQ(get("/api/organizations/abc").status, 404);
    EXPECT_EQ(get("/api/organization_cards/abc").status, 404);
    EXPECT_EQ(get("/api/organizations/slug/alte-agentur").status, 404);
}

}  // namespace
}  // namespace jh::test
