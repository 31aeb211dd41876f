// job_json.cpp: see job_json.h.
#include "actors/jobs/job_json.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <utility>

#include "actors/json_members.h"
#include "actors/organizations/company_json.h"
#include "actors/paged_collection.h"

namespace jh::jobs {

namespace {

// `prefix` + id (+ `suffix`) in a buffer of the caller's: a card's links without a string each.
std::string_view link(std::array<char, 64>& buf, std::string_view prefix, std::int64_t id, std::string_view suffix = {}) {
    char* p = std::copy(prefix.begin(), prefix.end(), buf.data());
    p = std::to_chars(p, buf.data() + buf.size() - suffix.size(), id).ptr;
    p = std::copy(suffix.begin(), suffix.end(), p);
    return {buf.data(), static_cast<std::size_t>(p - buf.data())};
}

// The card's yes/no members with their keys, in the order the card shows them.
constexpr std::pair<std::string_view, bool search::card_view::*> card_flags[] = {
    {"isPublished", &search::card_view::is_published},
    {"top_job", &search::card_view::top_job},
    {"instant_teaser_job", &search::card_view::instant_teaser_job},
    {"top_offer", &search::card_view::top_offer},
    {"sponsored", &search::card_view::sponsored},
    {"opportunity", &search::card_view::opportunity},
};

void card_members(json_writer& w, const search::card_view& c) {
    // The keys, links and types are ASCII without quotes or backslashes, and a card whose texts
    // need no escape (card_view::texts_need_no_escape, found when the index keeps it) has its texts
    // copied as they are: the escape scan was some 7 % of a search's CPU. Same bytes either way.
    const auto text = [&](std::string_view k, std::string_view v) -> json_writer& {
        w.plain_key(k);
        return c.texts_need_no_escape ? w.plain_value(v) : w.value(v);
    };
    const auto optional_text = [&](std::string_view k, const std::optional<std::string_view>& v) -> json_writer& {
        return v ? text(k, *v) : w.plain_key(k).null();
    };
    std::array<char, 64> buf;
    w.plain_key("@id").plain_value(link(buf, "/api/job_postings/", c.id));
    w.plain_key("@type").plain_value("JobPosting");
    w.plain_key("id").value(c.id);
    w.plain_key("jobId").value(c.id);
    text("slug", c.slug);
    text("title", c.title);
    text("teaser", c.teaser);
    w.plain_key("organization").begin_object();
    w.plain_key("@id").plain_value(link(buf, "/api/organizations/", c.organization_id));
    w.plain_key("@type").plain_value("Organization");
    w.plain_key("id").value(c.organization_id);
    text("name", c.organization_name);
    text("slug", c.organization_slug);
    w.end_object();
    w.plain_key("logo").plain_value(link(buf, "/api/job_postings/", c.id, "/logo"));
    w.plain_key("activities").raw(c.activities_json);
    w.plain_key("employmentTypes").raw(c.employment_types_json);
    w.plain_key("locations").raw(c.locations_json);
    w.plain_key("tags").raw(c.tags_json);
    w.plain_key("baseSalary");
    if (c.base_salary) w.raw(*c.base_salary);   // numeric from PostgreSQL: a valid JSON number
    else w.null();
    optional_text("salaryUnit", c.salary_unit);
    text("salaryCurrency", c.salary_currency);
    optional_text("locationDescription", c.location_description);
    for (const auto& [key, member] : card_flags) w.plain_key(key).value(c.*member);
    text("publishedAt", c.published_at);
    text("createdAt", c.created_at);
    optional_text("validThrough", c.valid_through);
    if (c.distance_m) w.plain_key("distance").value(static_cast<std::int64_t>(*c.distance_m + 0.5));
}

// The texts of the detail that the provider may leave out (null then), in the order the detail shows them.
constexpr json_member<job_detail, std::optional<std::string>> detail_texts[] = {
    {"periodDescription", &job_detail::period_description},
    {"salaryDescription", &job_detail::salary_description},
    {"overnightStayAllowance", &job_detail::overnight_stay_allowance},
    {"travelExpenses", &job_detail::travel_expenses},
    {"specialPayments", &job_detail::special_payments},
    {"workingTime", &job_detail::working_time},
    {"benefits", &job_detail::benefits},
    {"requirement", &job_detail::requirement},
};

}  // namespace

void write_card(json_writer& w, const job_card& c) {
    w.begin_object();
    card_members(w, search::view_of(c));
    w.end_object();
}

void write_card(json_writer& w, const page_card& c, std::string& scratch) {
    w.begin_object();
    card_members(w, c.view(scratch));
    // A search by Einsatztage: {"total", "next"} (jh_job_free_shifts); absent when none is free in those dates.
    if (!c.free_shifts_json.empty()) w.key("freeShifts").raw(c.free_shifts_json);
    w.end_object();
}

void write_detail(json_writer& w, const job_detail& d) {
    card_members(w, search::view_of(d.card));
    w.member("description", d.description);
    w.key("industries").raw(d.industries_json);
    w.key("brands").raw(d.brands_json);
    write_members(w, d, detail_texts);
    organizations::write_contact_and_company(w, d, organizations::website_place::in_company);
    w.member("updatedAt", d.updated_at);
    organizations::write_response_time(w, d.response);
    // Issue 42: the range's upper end (a number from PostgreSQL) and the exemption, or null.
    w.plain_key("baseSalaryMax");
    if (d.base_salary_max) w.raw(*d.base_salary_max);
    else w.null();
    w.member("wageExemption", d.wage_exemption);
}

void write_page(json_writer& w, const job_page& p) {
    std::string scratch;   // page_card::view's, reused card by card
    write_paged_collection(w, "/api/job_postings", p, [&](json_writer& out, const page_card& c) { write_card(out, c, scratch); });
}

}  // namespace jh::jobs
