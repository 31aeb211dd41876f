// job_json.cpp: see job_json.h.
#include "actors/jobs/job_json.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string>

namespace jh::jobs {

namespace {

// `prefix` + id (+ `suffix`) in a buffer of the caller's: a card's links without a string each.
std::string_view link(std::array<char, 64>& buf, std::string_view prefix, std::int64_t id, std::string_view suffix = {}) {
    char* p = std::copy(prefix.begin(), prefix.end(), buf.data());
    p = std::to_chars(p, buf.data() + buf.size() - suffix.size(), id).ptr;
    p = std::copy(suffix.begin(), suffix.end(), p);
    return {buf.data(), static_cast<std::size_t>(p - buf.data())};
}

void card_members(json_writer& w, const search::card_view& c) {
    std::array<char, 64> buf;
    w.member("@id", link(buf, "/api/job_postings/", c.id))
        .member("@type", "JobPosting")
        .member("id", c.id)
        .member("jobId", c.id)
        .member("slug", c.slug)
        .member("title", c.title)
        .member("teaser", c.teaser);
    w.key("organization")
        .begin_object()
        .member("@id", link(buf, "/api/organizations/", c.organization_id))
        .member("@type", "Organization")
        .member("id", c.organization_id)
        .member("name", c.organization_name)
        .member("slug", c.organization_slug)
        .end_object();
    w.member("logo", link(buf, "/api/job_postings/", c.id, "/logo"));
    w.key("activities").raw(c.activities_json);
    w.key("employmentTypes").raw(c.employment_types_json);
    w.key("locations").raw(c.locations_json);
    w.key("tags").raw(c.tags_json);
    w.key("baseSalary");
    if (c.base_salary) w.raw(*c.base_salary);   // numeric from PostgreSQL: a valid JSON number
    else w.null();
    w.member("salaryUnit", c.salary_unit)
        .member("salaryCurrency", c.salary_currency)
        .member("locationDescription", c.location_description)
        .member("isPublished", c.is_published)
        .member("top_job", c.top_job)
        .member("instant_teaser_job", c.instant_teaser_job)
        .member("top_offer", c.top_offer)
        .member("sponsored", c.sponsored)
        .member("opportunity", c.opportunity)
        .member("publishedAt", c.published_at)
        .member("createdAt", c.created_at)
        .member("validThrough", c.valid_through);
    if (c.distance_m) w.member("distance", static_cast<std::int64_t>(*c.distance_m + 0.5));
}

}  // namespace

void write_card(json_writer& w, const job_card& c) {
    w.begin_object();
    card_members(w, search::view_of(c));
    w.end_object();
}

void write_card(json_writer& w, const page_card& c, std::string& locations) {
    w.begin_object();
    card_members(w, c.view(locations));
    w.end_object();
}

void write_detail(json_writer& w, const job_detail& d) {
    card_members(w, search::view_of(d.card));
    w.member("description", d.description);
    w.key("industries").raw(d.industries_json);
    w.key("brands").raw(d.brands_json);
    w.member("periodDescription", d.period_description)
        .member("salaryDescription", d.salary_description)
        .member("overnightStayAllowance", d.overnight_stay_allowance)
        .member("travelExpenses", d.travel_expenses)
        .member("specialPayments", d.special_payments)
        .member("workingTime", d.working_time)
        .member("benefits", d.benefits)
        .member("requirement", d.requirement);
    w.key("contact")
        .begin_object()
        .member("name", d.contact_name)
        .member("email", d.contact_email)
        .member("phone", d.contact_phone)
        .end_object();
    w.key("company")
        .begin_object()
        .member("name", d.company_name)
        .member("legalForm", d.legal_form)
        .member("street", d.street)
        .member("zipcode", d.zipcode)
        .member("city", d.city)
        .member("country", d.country)
        .member("website", d.website)
        .member("vatId", d.vat_id)
        .member("registerCourt", d.register_court)
        .member("registerNumber", d.register_number)
        .end_object();
    w.member("updatedAt", d.updated_at);
    organizations::write_response_time(w, d.response);
}

void write_page(json_writer& w, const job_page& p) {
    w.begin_object()
        .member("@id", "/api/job_postings")
        .member("@type", "hydra:Collection")
        .key("hydra:member")
        .begin_array();
    std::string locations;
    for (const auto& c : p.items) write_card(w, c, locations);
    w.end_array()
        .member("hydra:totalItems", p.total)
        .member("totalItemsCapped", p.capped)
        .member("page", p.page)
        .member("itemsPerPage", p.items_per_page)
        .end_object();
}

}  // namespace jh::jobs
