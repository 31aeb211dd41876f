// company_json.h: the provider's contact person and company details (Impressum) in JSON, as the
// organization page and the job detail both show them. The job detail's details are the job's own,
// else its organization's (jobs_actor.h), so both views carry the same members under the same names
// and one writer serves both.
#pragma once

#include <optional>
#include <string>

#include "actors/json_members.h"
#include "reactor/json_writer.h"

namespace jh::organizations {

// Where the company's website goes: the organization page shows it beside the description, the
// job detail inside "company".
enum class website_place { outside_company, in_company };

// The company's name and address, then (after the website, where it is inside) its register entry.
template <typename View>
inline constexpr json_member<View, std::optional<std::string>> company_address[] = {
    {"name", &View::company_name},
    {"legalForm", &View::legal_form},
    {"street", &View::street},
    {"zipcode", &View::zipcode},
    {"city", &View::city},
    {"country", &View::country},
};
template <typename View>
inline constexpr json_member<View, std::optional<std::string>> company_register[] = {
    {"vatId", &View::vat_id},
    {"registerCourt", &View::register_court},
    {"registerNumber", &View::register_number},
};

// "contact": {"name", "email", "phone"}, "company": {"name", "legalForm", "street", "zipcode",
// "city", "country"[, "website"], "vatId", "registerCourt", "registerNumber"} of a view with the
// members contact_name … register_number (organization_view, job_detail).
template <typename View>
void write_contact_and_company(json_writer& w, const View& v, website_place website) {
    w.key("contact")
        .begin_object()
        .member("name", v.contact_name)
        .member("email", v.contact_email)
        .member("phone", v.contact_phone)
        .end_object();
    w.key("company").begin_object();
    write_members(w, v, company_address<View>);
    if (website == website_place::in_company) w.member("website", v.website);
    write_members(w, v, company_register<View>);
    w.end_object();
}

}  // namespace jh::organizations
