// organization_editor.cpp: see organization_editor.h.
#include "actors/organizations/organization_editor.h"

#include <chrono>

#include "actors/merge_patch.h"
#include "actors/organization_standing.h"
#include "actors/pg_columns.h"
#include "actors/roles.h"
#include "actors/field_rules.h"
#include "actors/route.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

using organizations::membership;
namespace m = organizations::msg;

int current_year() {
    auto now = std::chrono::system_clock::now();
    return static_cast<int>(std::chrono::year_month_day(std::chrono::floor<std::chrono::days>(now)).year());
}

// Why a member may not write (nullopt: it may): the organization's review or block first, then the
// address. `org_state` is pending | approved | rejected | blocked (approved, switched off).
std::optional<std::string> cannot_act(const membership& ms) {
    if (ms.can_act) return std::nullopt;
    if (ms.org_state == "rejected") return "Ihr Unternehmen wurde nicht freigeschaltet. Bitte wenden Sie sich an unseren Support.";
    if (ms.org_state == "blocked") return std::string(organization_blocked_message);
    if (ms.org_state != "approved")
        return "Ihr Unternehmen wird noch geprüft. Sobald wir es freigeschaltet haben, können Sie Ihre Angaben und "
               "Stellenanzeigen bearbeiten.";
    return "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail.";
}

// The retention period of ended applications in days (issue 42 item 4, docs/fair-play.md): at most
// the 180 days Jobhafen's privacy notes promise, at least 90, so the two months of § 15 Abs. 4 AGG
// and the three months to sue (§ 61b Abs. 1 ArbGG) have run before the provider's side is gone.
// The bounds are the column's CHECK too (migrations/0250).
constexpr std::int64_t retention_min_days = 90, retention_max_days = 180, retention_default_days = 180;

// A whole number of days in the bounds, else 422 naming them; null goes back to the default.
void retention_days(simdjson::dom::element e, patch::reader& rd) {
    if (e.is_null()) {
        rd.out().key("applicationRetentionDays").null();
        return;
    }
    std::int64_t n = 0;
    if (e.get(n) != simdjson::SUCCESS || n < retention_min_days || n > retention_max_days) {
        rd.fail("applicationRetentionDays", "Bitte geben Sie eine Aufbewahrungsfrist zwischen 90 und 180 Tagen als ganze Zahl an.");
        return;
    }
    rd.out().member("applicationRetentionDays", n);
}

}  // namespace

organization_editor::organization_editor(loop_context& loop) : loop_(loop), files_(loop, 1) {}

task<result<membership>> organization_editor::membership_of(const auth::identity& who) {
    // A read (pool::read): every provider's write asks it first, and a switchover that broke its
    // session must not turn the write into a 503; repeating a SELECT changes nothing.
    CO_TRY(auto r, co_await loop_.pg.read(
                       "SELECT a.organization_id, a.organization_role = 'owner', jh_active_member_of(a.id) IS NOT NULL, "
                       "       a.email_verified_at IS NOT NULL, "
                       "       CASE WHEN o.rejected_at IS NOT NULL THEN 'rejected' WHEN o.approved_at IS NULL THEN 'pending' "
                       "            WHEN NOT o.active THEN 'blocked' ELSE 'approved' END "
                       "  FROM accounts a JOIN organizations o ON o.id = a.organization_id "
                       " WHERE a.id = $1 AND a.role = 'organization_member' AND NOT a.blocked",
                       pg::bind(who.account_id)));
    if (r.rows() == 0) co_return fail(error_kind::forbidden, m::providers_only);
    membership ms;
    ms.account_id = who.account_id;
    read_columns(r, 0, 0, ms, &membership::organization_id, &membership::owner, &membership::can_act, &membership::email_verified,
                 &membership::org_state);
    co_return ms;
}

task<result<membership>> organization_editor::member_of(const auth::identity& who, std::int64_t org, bool write) {
    CO_TRY(auto ms, co_await membership_of(who));
    if (ms.organization_id != org) co_return fail(error_kind::forbidden, m::other_organization);
    // A blocked organization's member reads nothing of it either (its applicants, its shifts'
    // candidates): only who it is (me) stays open.
    if (ms.org_state == "blocked") co_return fail(error_kind::forbidden, organization_blocked_message);
    if (write)
        if (auto why = cannot_act(ms)) co_return fail(error_kind::forbidden, *why);
    co_return ms;
}

task<result<membership>> organization_editor::acting_member(const auth::identity& who) {
    CO_TRY(auto ms, co_await membership_of(who));
    if (auto why = cannot_act(ms)) co_return fail(error_kind::forbidden, *why);
    co_return ms;
}

task<result<std::string>> organization_editor::member_view(std::int64_t org) {
    // With the retention period (issue 42 item 4) and the Indeed feed switch (issue 44), which the
    // portal's settings show.
    CO_TRY(auto r, co_await loop_.pg.read("SELECT (jh_provider_organization_json(o.id) || jsonb_build_object('applicationRetentionDays', "
                                           "o.application_retention_days, 'indeedFeed', o.indeed_feed))::text FROM organizations o WHERE o.id = $1",
                                           pg::bind(org)));
    if (r.rows() == 0 || r.is_null(0, 0)) co_return fail(error_kind::not_found, m::not_found);
    co_return std::string(r.text(0, 0));
}

task<result<std::string>> organization_editor::me(const auth::identity& who) {
    CO_TRY(auto ms, co_await membership_of(who));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT email::text FROM accounts WHERE id = $1", pg::bind(who.account_id)));
    CO_TRY(auto org, co_await member_view(ms.organization_id));
    std::string out;
    json_writer w(out);
    begin_resource(w, "/api/organization_members/", "OrganizationMember", ms.account_id)
        .member("email", r.rows() ? std::string(r.text(0, 0)) : std::string())
        .member("emailVerified", ms.email_verified)
        .member("role", ms.owner ? "owner" : "member")
        .member("canAct", ms.can_act)
        .key("organization")
        .raw(org)
        .end_object();
    co_return out;
}

task<result<std::string>> organization_editor::patch(const auth::identity& who, std::int64_t org, simdjson::dom::object body) {
    CO_TRY(auto ms, co_await member_of(who, org, true));
    (void)ms;
    // The postal code and VAT id rules depend on the country: the one sent, else the stored one.
    CO_TRY(auto stored, co_await loop_.pg.read("SELECT country FROM organizations WHERE id = $1", pg::bind(org)));
    if (stored.rows() == 0) co_return fail(error_kind::not_found, m::not_found);
    std::string country(stored.text(0, 0));

    std::vector<violation> v;
    std::string doc;
    json_writer out(doc);
    patch::reader rd(v, out);
    out.begin_object();
    patch::unknown_members(body,
                           {"name", "description", "website", "foundingYear", "employees", "workingDaysPerYear", "contact", "company",
                            "rejectionMessage", "applicationRetentionDays", "indeedFeed"},
                           {"@id", "@type", "@context", "id", "slug", "logo", "hasLogo", "state", "activeAdQuota", "activeAds",
                            "candidateSearch", "publicUrl", "createdAt", "updatedAt", "openJobs", "ratingsCount",
                            "ratingAverage", "favoritesCount", "city", "jobPostings"},
                           "", v);
    simdjson::dom::element e;
    if (body["name"].get(e) == simdjson::SUCCESS) rd.text(e, "name", "name", 200, true);
    if (body["description"].get(e) == simdjson::SUCCESS) rd.text(e, "description", "description", 20000);
    if (body["website"].get(e) == simdjson::SUCCESS)
        if (auto s = rd.text(e, "website", "website", 500); s && !fields::is_url(*s)) rd.fail("website", fields::msg::url);
    if (body["foundingYear"].get(e) == simdjson::SUCCESS) rd.integer(e, "foundingYear", "foundingYear", 1800, current_year());
    if (body["employees"].get(e) == simdjson::SUCCESS) rd.integer(e, "employees", "employees", 0, 10'000'000);
    if (body["workingDaysPerYear"].get(e) == simdjson::SUCCESS) rd.integer(e, "workingDaysPerYear", "workingDaysPerYear", 0, 1'000'000);

    if (body["contact"].get(e) == simdjson::SUCCESS) rd.contact(e, "contact");
    // The organization's own text for the rejection a closing job sends (issue 42, docs/fair-play.md).
    if (body["rejectionMessage"].get(e) == simdjson::SUCCESS) rd.text(e, "rejectionMessage", "rejectionMessage", 2000);
    // How long an ended application stays readable (issue 42 item 4, docs/fair-play.md): null is the default.
    if (body["applicationRetentionDays"].get(e) == simdjson::SUCCESS) retention_days(e, rd);
    // Whether the organization's jobs go into the Indeed feed (issue 44, docs/reach.md): true or false.
    if (body["indeedFeed"].get(e) == simdjson::SUCCESS) {
        bool on = false;
        if (e.get(on) != simdjson::SUCCESS) rd.fail("indeedFeed", patch::msg::choice);
        else out.member("indeedFeed", on);
    }
    if (body["company"].get(e) == simdjson::SUCCESS) {
        simdjson::dom::object c;
        if (e.get(c) != simdjson::SUCCESS) {
            rd.fail("company", patch::msg::object);
        } else {
            patch::unknown_members(c, {"name", "legalForm", "street", "zipcode", "city", "country", "vatId", "registerCourt", "registerNumber"},
                                   {}, "company.", v);
            if (c["country"].get(e) == simdjson::SUCCESS) {
                std::string_view s;
                if (e.is_null()) country = "de";
                else if (e.get(s) != simdjson::SUCCESS || s.size() != 2 || !std::islower(static_cast<unsigned char>(s[0])) ||
                         !std::islower(static_cast<unsigned char>(s[1])))
                    rd.fail("company.country", patch::msg::choice);
                else country = std::string(s);
                out.member("country", country);
            }
            if (c["name"].get(e) == simdjson::SUCCESS) rd.text(e, "company.name", "companyName", 200);
            if (c["legalForm"].get(e) == simdjson::SUCCESS) rd.text(e, "company.legalForm", "legalForm", 50);
            if (c["street"].get(e) == simdjson::SUCCESS) rd.text(e, "company.street", "street", 200);
            if (c["zipcode"].get(e) == simdjson::SUCCESS)
                if (auto s = rd.text(e, "company.zipcode", "zipcode", 20); s && !fields::is_zip_code_for_country(*s, country))
                    rd.fail("company.zipcode", fields::msg::zip_code);
            if (c["city"].get(e) == simdjson::SUCCESS) rd.text(e, "company.city", "city", 200);
            if (c["vatId"].get(e) == simdjson::SUCCESS)
                if (auto s = rd.text(e, "company.vatId", "vatId", 20); s && !fields::is_vat_id(*s, country))
                    rd.fail("company.vatId", fields::msg::vat_id);
            if (c["registerCourt"].get(e) == simdjson::SUCCESS) rd.text(e, "company.registerCourt", "registerCourt", 200);
            if (c["registerNumber"].get(e) == simdjson::SUCCESS) rd.text(e, "company.registerNumber", "registerNumber", 50);
        }
    }
    out.end_object();
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        auto applied = co_await tx.query("SELECT jh_organization_apply($1, $2::jsonb)", pg::bind(org, doc));
        if (!applied) {
            if (applied.error().sqlstate == "23503")   // a country code that is not in the countries list
                co_return std::unexpected(app_error::invalid({{"company.country", std::string(patch::msg::choice)}}));
            co_return std::unexpected(applied.error().to_app_error());
        }
        CO_CHECK(co_await tx.query("UPDATE organizations SET rejection_message = nullif(btrim($2::jsonb ->> 'rejectionMessage'), '') "
                                   " WHERE id = $1 AND $2::jsonb ? 'rejectionMessage'",
                                   pg::bind(org, doc)));
        CO_CHECK(co_await tx.query("UPDATE organizations SET application_retention_days = "
                                   "       coalesce(($2::jsonb ->> 'applicationRetentionDays')::integer, $3) "
                                   " WHERE id = $1 AND $2::jsonb ? 'applicationRetentionDays'",
                                   pg::bind(org, doc, retention_default_days)));
        CO_CHECK(co_await tx.query("UPDATE organizations SET indeed_feed = ($2::jsonb ->> 'indeedFeed')::boolean "
                                   " WHERE id = $1 AND $2::jsonb ? 'indeedFeed'",
                                   pg::bind(org, doc)));
        CO_TRY(auto view, co_await tx.query("SELECT (jh_provider_organization_json(o.id) || jsonb_build_object('rejectionMessage', "
                                            "o.rejection_message, 'applicationRetentionDays', o.application_retention_days, "
                                            "'indeedFeed', o.indeed_feed))::text "
                                            "FROM organizations o WHERE o.id = $1",
                                            pg::bind(org)));
        CO_CHECK(co_await tx.commit());
        co_return std::string(view.text(0, 0));
    });
}

task<result<organization_editor::ad_quota>> organization_editor::lock_ad_quota(pg::transaction& tx, std::int64_t org) {
    // The lock in one statement, the count in the next. In READ COMMITTED a statement's snapshot is
    // taken before it waits for the lock: a count in the locking statement would miss the
    // publication it waited for, and parallel publications would pass the quota. The row's own
    // columns are re-read after the wait, so liveness may be read with the lock.
    CO_TRY(auto lock, co_await tx.query("SELECT active_ad_quota, active AND approved_at IS NOT NULL AND rejected_at IS NULL "
                                        "  FROM organizations WHERE id = $1 FOR UPDATE",
                                        pg::bind(org)));
    if (lock.rows() != 1) co_return fail(error_kind::not_found, m::not_found);
    // No publication while the organization is not live (blocked since the member's check, say):
    // a job held meanwhile would pass the quota when the organization comes back.
    if (!lock.boolean(0, 1)) co_return fail(error_kind::forbidden, organization_blocked_message);
    CO_TRY(auto count, co_await tx.query("SELECT jh_active_ads($1)", pg::bind(org)));
    co_return ad_quota{lock.int64(0, 0), count.int64(0, 0)};
}

task<result<std::string>> organization_editor::set_logo(const auth::identity& who, std::int64_t org, files::upload u) {
    CO_TRY(auto ms, co_await member_of(who, org, true));
    (void)ms;
    CO_TRY(auto key, co_await files_.store_image(std::move(u), organizations::max_logo_bytes));
    std::string path = "profiles/" + key;
    auto r = co_await loop_.pg.query(
        "WITH old AS (SELECT logo_path FROM organizations WHERE id = $1 FOR UPDATE) "
        "UPDATE organizations o SET logo_path = $2 FROM old WHERE o.id = $1 RETURNING old.logo_path",
        pg::bind(org, path));
    if (!r) {
        co_await remove_logo_file(path);
        co_return std::unexpected(r.error().to_app_error());
    }
    if (r->rows() && !r->is_null(0, 0)) {
        std::string old(r->text(0, 0));
        co_await remove_logo_file(std::move(old));
    }
    co_return co_await member_view(org);
}

task<void> organization_editor::remove_logo_file(std::string logo_path) {
    // Only files our upload wrote (profiles/<key>); a path an operator set is left alone.
    if (!logo_path.starts_with("profiles/")) co_return;
    std::vector<std::string> keys{logo_path.substr(9)};
    (void)co_await files_.discard(std::move(keys), {});
}

task<result<void>> organization_editor::delete_logo(const auth::identity& who, std::int64_t org) {
    CO_TRY(auto ms, co_await member_of(who, org, true));
    (void)ms;
    CO_TRY(auto r, co_await loop_.pg.query(
                       "WITH old AS (SELECT logo_path FROM organizations WHERE id = $1 FOR UPDATE) "
                       "UPDATE organizations o SET logo_path = NULL FROM old WHERE o.id = $1 RETURNING old.logo_path",
                       pg::bind(org)));
    if (r.rows() && !r.is_null(0, 0)) {
        std::string old(r.text(0, 0));
        co_await remove_logo_file(std::move(old));
    }
    co_return result<void>{};
}

task<result<std::string>> organization_editor::logo_path(const std::optional<auth::identity>& who, std::int64_t org) {
    CO_TRY(auto r, co_await loop_.pg.read("SELECT logo_path, active FROM organizations WHERE id = $1", pg::bind(org)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, m::not_found);
    bool visible = r.boolean(0, 1);
    if (!visible && who && who->account_role == auth::role::organization_member) {
        auto own = co_await member_of(*who, org, false);
        visible = own.has_value();
    }
    if (!visible) co_return fail(error_kind::not_found, m::not_found);
    if (r.is_null(0, 0)) co_return fail(error_kind::not_found, m::no_logo);
    std::string rel(r.text(0, 0));
    // Names written by the media code: never absolute, never climbing.
    if (rel.starts_with('/') || rel.find("..") != std::string::npos) co_return fail(error_kind::not_found, m::no_logo);
    co_return loop_.cfg.var_dir + "/media/" + rel;
}

}  // namespace jh
