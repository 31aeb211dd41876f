// organizations_actor.cpp: see organizations_actor.h.
#include "actors/organizations/organizations_actor.h"
#include "actors/pg_columns.h"
#include "actors/pg_rows.h"

#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

using organizations::organization_view;

// Columns in jh_organization_views' order.
organization_view read_view(const pg::result_set& r, int i) {
    using org = organization_view;
    organization_view v;
    read_columns(r, i, 0, v, &org::id, &org::slug, &org::name, &org::description, &org::has_logo, &org::founding_year,
                 &org::employees, &org::working_days_per_year, &org::contact_name, &org::contact_email, &org::contact_phone,
                 &org::website, &org::company_name, &org::legal_form, &org::street, &org::zipcode, &org::city, &org::country,
                 &org::vat_id, &org::register_court, &org::register_number, &org::open_jobs, &org::ratings_count,
                 &org::rating_average, &org::favorites_count, &org::created_at);
    return v;
}

}  // namespace

task<result<std::vector<organization_view>>> organizations_actor::views(std::string ids_literal) {
    pg::params p;
    p.add(ids_literal);
    CO_TRY(auto r, co_await loop_.reads.query("SELECT * FROM jh_organization_views($1::bigint[])", std::move(p)));
    co_return rows_of(r, read_view);
}

task<result<organizations::organization_page>> organizations_actor::list(std::optional<std::string> q, int page,
                                                                         int items_per_page) {
    organizations::organization_page out;
    out.page = page;
    out.items_per_page = items_per_page;
    int offset = (page - 1) * items_per_page;
    pg::params p;
    p.add(q).add(offset >= 1000 ? 0 : items_per_page).add(std::min(offset, 1000));
    CO_TRY(auto r, co_await loop_.reads.query("SELECT total, ids::text FROM jh_organization_search($1::text, $2::int, $3::int)",
                                              std::move(p)));
    out.total = r.int64(0, 0);
    out.capped = out.total >= 1000;
    std::string ids(r.text(0, 1));
    if (ids != "{}") {
        CO_TRY(auto v, co_await views(std::move(ids)));
        out.items = std::move(v);
    }
    co_return out;
}

task<result<organization_view>> organizations_actor::by_id(std::int64_t id) {
    CO_TRY(auto v, co_await views("{" + std::to_string(id) + "}"));
    if (v.empty()) co_return std::unexpected(app_error::make(error_kind::not_found, "Diesen Jobanbieter gibt es nicht."));
    // The stored figure of migrations/0120: one primary-key lookup.
    CO_TRY(auto t, co_await loop_.reads.query("SELECT median_seconds, sample_size FROM organization_response_times WHERE organization_id = $1",
                                              pg::bind(id)));
    if (t.rows() == 1) v.front().response = organizations::read_response_time(t, 0, 0);
    co_return std::move(v.front());
}

task<result<organization_view>> organizations_actor::by_slug(std::string slug) {
    pg::params p;
    p.add(slug);
    CO_TRY(auto r, co_await loop_.reads.query("SELECT id FROM organizations WHERE slug = $1::text AND active", std::move(p)));
    if (r.rows() == 0) co_return std::unexpected(app_error::make(error_kind::not_found, "Diesen Jobanbieter gibt es nicht."));
    std::int64_t id = r.int64(0, 0);
    co_return co_await by_id(id);
}

}  // namespace jh
