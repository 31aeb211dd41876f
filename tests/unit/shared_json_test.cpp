// shared_json_test.cpp: the JSON that one writer now writes for two answers, pinned byte for byte
// as a client reads it: the contact and company details of the job detail (the website inside
// "company") and of the organization page (the website beside the description), the paged hydra
// list of jobs, and the yes/no members of a job card in their order. A writer that moves, drops or
// renames a member for one of its two users fails here.
#include <gtest/gtest.h>

#include <string>

#include "actors/jobs/job_json.h"
#include "actors/organizations/organization_json.h"
#include "reactor/json_writer.h"

namespace jh {
namespace {

// The same contact and company details, set on any view that carries them.
template <typename View>
void set_company(View& v) {
    v.contact_name = "Ina Berg";
    v.contact_email = "ina@muster.example";
    v.website = "https://muster.example";
    v.company_name = "Muster \"Events\" GmbH";
    v.legal_form = "GmbH";
    v.street = "Hauptstraße 1";
    v.zipcode = "10115";
    v.city = "Berlin";
    v.country = "DE";
    v.vat_id = "DE123456789";
    v.register_number = "HRB 4711";
}

TEST(SharedJson, JobDetailShowsItsTextsAndTheWebsiteInsideCompany) {
    jobs::job_detail d;
    d.card.id = 7;
    d.description = "Promotion am Wochenende.";
    d.period_description = "ab sofort";
    d.travel_expenses = "werden erstattet";
    d.working_time = "20 Stunden";
    d.requirement = "Führerschein";
    set_company(d);
    d.updated_at = "2026-11-20T08:15:00+00:00";
    std::string out;
    json_writer w(out);
    w.begin_object();
    jobs::write_detail(w, d);
    w.end_object();
    const auto from = out.find(R"("description")");
    ASSERT_NE(from, std::string::npos) << out;
    EXPECT_EQ(out.substr(from),
              R"("description":"Promotion am Wochenende.","industries":[],"brands":[],)"
              R"("periodDescription":"ab sofort","salaryDescription":null,"overnightStayAllowance":null,)"
              R"("travelExpenses":"werden erstattet","specialPayments":null,"workingTime":"20 Stunden","benefits":null,)"
              R"("requirement":"Führerschein",)"
              R"("contact":{"name":"Ina Berg","email":"ina@muster.example","phone":null},)"
              R"("company":{"name":"Muster \"Events\" GmbH","legalForm":"GmbH","street":"Hauptstraße 1","zipcode":"10115",)"
              R"("city":"Berlin","country":"DE","website":"https://muster.example","vatId":"DE123456789","registerCourt":null,)"
              R"("registerNumber":"HRB 4711"},"updatedAt":"2026-11-20T08:15:00+00:00","responseTime":null,)"
              R"("baseSalaryMax":null,"wageExemption":null})");
}

TEST(SharedJson, OrganizationPageShowsTheWebsiteBesideTheDescription) {
    organizations::organization_view o{.id = 11,
                                       .slug = "muster-events",
                                       .name = "Muster Events",
                                       .description = "Wir machen Messen. Und mehr.",
                                       .open_jobs = 3,
                                       .created_at = "2026-01-02T03:04:05+00:00"};
    set_company(o);
    std::string out;
    json_writer w(out);
    organizations::write_organization(w, o, false);
    EXPECT_EQ(out,
              R"({"@id":"/api/organizations/11","@type":"Organization","id":11,"slug":"muster-events","name":"Muster Events",)"
              R"("hasLogo":false,"city":"Berlin","foundingYear":null,"employees":null,"workingDaysPerYear":null,"openJobs":3,)"
              R"("ratingsCount":0,"ratingAverage":null,"favoritesCount":0,"description":"Wir machen Messen. Und mehr.",)"
              R"("website":"https://muster.example","contact":{"name":"Ina Berg","email":"ina@muster.example","phone":null},)"
              R"("company":{"name":"Muster \"Events\" GmbH","legalForm":"GmbH","street":"Hauptstraße 1","zipcode":"10115",)"
              R"("city":"Berlin","country":"DE","vatId":"DE123456789","registerCourt":null,"registerNumber":"HRB 4711"},)"
              R"("jobPostings":"/api/job_postings?organization=11","createdAt":"2026-01-02T03:04:05+00:00","responseTime":null})");
}

TEST(SharedJson, JobListPageCarriesItsPaging) {
    jobs::job_page p;
    p.total = 1000;
    p.capped = true;
    p.page = 3;
    p.items_per_page = 30;
    std::string out;
    json_writer w(out);
    jobs::write_page(w, p);
    EXPECT_EQ(out, R"({"@id":"/api/job_postings","@type":"hydra:Collection","hydra:member":[],"hydra:totalItems":1000,)"
                   R"("totalItemsCapped":true,"page":3,"itemsPerPage":30})");
}

TEST(SharedJson, JobCardFlagsStandInTheirOrder) {
    jobs::job_card c;
    c.id = 5;
    c.is_published = true;
    c.top_offer = true;
    c.opportunity = true;
    std::string out;
    json_writer w(out);
    jobs::write_card(w, c);
    EXPECT_NE(out.find(R"("isPublished":true,"top_job":false,"instant_teaser_job":false,"top_offer":true,"sponsored":false,)"
                       R"("opportunity":true,"publishedAt")"),
              std::string::npos)
        << out;
}

}  // namespace
}  // namespace jh
