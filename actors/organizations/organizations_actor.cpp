// organizations_actor.cpp: see organizations_actor.h.
#include "actors/organizations/organizations_actor.h"
#include "actors/pg_rows.h"

#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

using organizations::organization_view;

std::optional<std::string> opt_text(const pg::result_set& r, int row, int col) {
    if (r.is_null(row, col)) return std::nullopt;
    return std::string(r.text(row, col));
}
std::optional<std::int64_t> opt_int(const pg::result_set& r, int row, int col) {
    if (r.is_null(row, col)) return std::nullopt;
    return r.int64(row, col);
}

organization_view read_view(const pg::result_set& r, int i) {
    organization_view v;
    v.id = r.int64(i, 0);
    v.slug = r.text(i, 1);
    v.name = r.text(i, 2);
    v.description = r.text(i, 3);
    v.has_logo = r.boolean(i, 4);
    v.founding_year = opt_int(r, i, 5);
    v.employees = opt_int(r, i, 6);
    v.working_days_per_year = opt_int(r, i, 7);
    v.contact_name = opt_text(r, i, 8);
    v.contact_email = opt_text(r, i, 9);
    v.contact_phone = opt_text(r, i, 10);
    v.website = opt_text(r, i, 11);
    v.company_name = opt_text(r, i, 12);
    v.legal_form = opt_text(r, i, 13);
    v.street = opt_text(r, i, 14);
    v.zipcode = opt_text(r, i, 15);
    v.city = opt_text(r, i, 16);
    v.country = opt_text(r, i, 17);
    v.vat_id = opt_text(r, i, 18);
    v.register_court = opt_text(r, i, 19);
    v.register_number = opt_text(r, i, 20);
    v.open_jobs = r.int64(i, 21);
    v.ratings_count = r.int64(i, 22);
    if (!r.is_null(i, 23)) v.rating_average = r.number(i, 23);
    v.favorites_count = r.int64(i, 24);
    v.created_at = r.text(i, 25);
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
