// provider_registration_actor.cpp: see provider_registration_actor.h.
#include "actors/provider_registration/provider_registration_actor.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include "actors/accounts/password_rules.h"
#include "actors/actions_common.h"
#include "reactor/config.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;

namespace {

// A provider's website: an optional http:// or https://, two or more dot-separated labels of
// letters, digits and hyphens, then optionally a path without spaces. One pass, no regex library.
bool valid_website(std::string_view s) {
    if (s.starts_with("http://")) s.remove_prefix(7);
    else if (s.starts_with("https://")) s.remove_prefix(8);
    auto host_char = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; };
    std::size_t labels = 0, i = 0;
    while (true) {
        std::size_t start = i;
        while (i < s.size() && host_char(s[i])) ++i;
        if (i == start) return false;
        ++labels;
        if (i < s.size() && s[i] == '.') {
            ++i;
            continue;
        }
        break;
    }
    if (labels < 2) return false;
    std::string_view path = s.substr(i);
    if (path.empty()) return true;
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; };
    return path.front() == '/' && std::none_of(path.begin(), path.end(), space);
}

}  // namespace

provider_registration_actor::provider_registration_actor(loop_context& loop, accounts_actor& accounts) : loop_(loop), accounts_(accounts) {}

// The registrations per client are counted by the route's rate class (accounts/rate_classes.h).
task<result<void>> provider_registration_actor::register_provider(provider_registration reg) {
    std::vector<violation> v;
    auto t = [](std::string& s) { s = std::string(accounts::trim_ascii(s)); };
    for (auto* s : {&reg.email, &reg.first_name, &reg.last_name, &reg.phone, &reg.company, &reg.street, &reg.zipcode, &reg.city,
                    &reg.website})
        t(*s);
    if (reg.email.empty()) v.push_back({"email", msg_required});
    else if (!accounts::is_valid_email(reg.email)) v.push_back({"email", msg_email});
    accounts::check_password(reg.password, "password", v);
    if (reg.password_confirmation != reg.password) v.push_back({"passwordConfirmation", "Passwort muss gleich sein"});
    for (auto [name, value] : {std::pair<const char*, const std::string*>{"firstName", &reg.first_name},
                               {"lastName", &reg.last_name},
                               {"company", &reg.company}}) {
        if (value->empty()) v.push_back({name, msg_required});
        else if (value->size() > 200) v.push_back({name, "Dieses Feld darf höchstens 200 Zeichen lang sein"});
    }
    if (!reg.phone.empty() && !valid_phone(reg.phone)) v.push_back({"phone", msg_phone});
    if (!reg.zipcode.empty() && (reg.zipcode.size() != 5 || !std::all_of(reg.zipcode.begin(), reg.zipcode.end(), ::isdigit)))
        v.push_back({"zipcode", "Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten"});
    // Lengths before the format rules (docs/decisions.md, "Input bounds and resource limits").
    for (auto [name, value, max] : {std::tuple<const char*, const std::string*, std::size_t>{"street", &reg.street, 200},
                                    {"city", &reg.city, 100},
                                    {"website", &reg.website, 255}})
        if (utf8_length(*value) > max) v.push_back({name, too_long_message(max)});
    if (!reg.website.empty() && utf8_length(reg.website) <= 255 && !valid_website(reg.website)) v.push_back({"website", msg_url});
    if (reg.job_title) {
        std::string title(accounts::trim_ascii(*reg.job_title));
        if (title.empty()) v.push_back({"jobPosting.title", msg_required});
        else if (title.size() > 200) v.push_back({"jobPosting.title", "Dieses Feld darf höchstens 200 Zeichen lang sein"});
        reg.job_title = title;
        if (reg.job_description && reg.job_description->size() > 50000)
            v.push_back({"jobPosting.description", "Dieses Feld darf höchstens 50000 Zeichen lang sein"});
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    // The organization waits for review (inactive, not approved: `jobhafen admin organizations
    // approve`); its slug is the name plus a random tail.
    accounts::organization_member_registration member;
    member.email = reg.email;
    member.password = std::move(reg.password);
    member.first_name = reg.first_name;
    member.last_name = reg.last_name;
    member.company = reg.company;
    member.query_json = std::move(reg.query_json);
    member.job_title = reg.job_title;
    member.create_organization = [reg = std::move(reg)](pg::transaction& tx) -> task<result<std::int64_t>> {
        std::string tail = auth::sha256_hex(auth::random_token(8)).substr(0, 6);
        CO_TRY(auto org, co_await tx.query(
            "INSERT INTO organizations (slug, name, contact_name, contact_email, contact_phone, website, street, zipcode, city, active, "
            "                           review_pending, approved_at) "
            "VALUES (left(coalesce(nullif(trim(both '-' from regexp_replace(lower(jh_fold_plain($1)), '[^a-z0-9]+', '-', 'g')), ''), "
            "             'anbieter'), 100) || '-' || $9, $1, $2, $3, nullif($4, ''), nullif($5, ''), nullif($6, ''), nullif($7, ''), "
            "        nullif($8, ''), false, true, NULL) RETURNING id",
            pg::bind(reg.company, full_name(reg.first_name, reg.last_name), reg.email, reg.phone, reg.website, reg.street, reg.zipcode,
                     reg.city, tail)));
        std::int64_t org_id = org.int64(0, 0);
        if (reg.job_title) {
            CO_TRY(auto jp, co_await tx.query(
                "INSERT INTO job_postings (slug, organization_id, title, description, is_published) "
                "VALUES (left(coalesce(nullif(trim(both '-' from regexp_replace(lower(jh_fold_plain($2)), '[^a-z0-9]+', '-', 'g')), ''), "
                "             'job'), 150) || '-' || $4, $1, $2, $3, false) RETURNING id",
                pg::bind(org_id, *reg.job_title, reg.job_description.value_or(""), tail)));
            if (reg.job_city && !reg.job_city->empty()) {
                auto loc = co_await tx.query(
                    "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon, place_id) "
                    "SELECT $1, p.name, p.lat, p.lon, p.id FROM places p WHERE p.name = $2 AND p.country IN ('de', 'at', 'ch') "
                    "ORDER BY p.population DESC LIMIT 1",
                    pg::bind(jp.int64(0, 0), *reg.job_city));
                if (!loc) spdlog::debug("provider registration: job city not placed: {}", loc.error().message);
            }
        }
        co_return org_id;
    };
    co_return co_await accounts_.create_organization_member_account(std::move(member));
}

}  // namespace jh
