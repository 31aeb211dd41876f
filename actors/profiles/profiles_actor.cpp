// profiles_actor.cpp: see profiles_actor.h. The shared helpers (profiles_internal.h), the profile
// document (get, patch, completeness), search status and the reference lists. The rest by topic:
// profiles_images.cpp, profiles_documents.cpp, profiles_videos.cpp, profiles_sedcard.cpp.
#include "actors/profiles/profiles_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <ctime>

#include "actors/organization_standing.h"
#include "actors/accounts/accounts_actor.h"
#include "media/media_files.h"
#include "messages/render.h"
#include "actors/profiles/profiles_internal.h"
#include "reactor/config.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg.h"

namespace jh {

using namespace profiles;
using namespace media;

namespace profiles::detail {

std::unexpected<app_error> invalid(std::string field, std::string_view message) {
    return std::unexpected(app_error::invalid({{std::move(field), std::string(message)}}));
}

std::string today_berlin() {
    // Dates in the profile are calendar days in Germany (Europe/Berlin); a day's difference at
    // midnight UTC does not matter for "not in the future", so UTC+1 is close enough here.
    std::time_t t = std::time(nullptr) + 3600;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

// Media counts of a profile `p`, as select-list items (static SQL text, see pg.h).
#define JH_MEDIA_COUNTS                                                                                           \
    "(SELECT count(*) FROM profile_images i WHERE i.profile_id = p.id), "                                         \
    "EXISTS (SELECT 1 FROM profile_images i WHERE i.profile_id = p.id AND i.type = 'portrait'), "                 \
    "(SELECT count(*) FROM profile_videos v WHERE v.profile_id = p.id), "                                         \
    "EXISTS (SELECT 1 FROM profile_videos v WHERE v.profile_id = p.id AND v.type = 'introduction'), "             \
    "(SELECT count(*) FROM profile_documents d WHERE d.profile_id = p.id)"

#define JH_PROFILE_DOCUMENT "(p.sedcard || jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name))"

media_counts counts_at(const pg::result_set& r, int col) {
    media_counts m;
    m.images = static_cast<int>(r.int64(0, col));
    m.portrait_image = r.boolean(0, col + 1);
    m.videos = static_cast<int>(r.int64(0, col + 2));
    m.introduction_video = r.boolean(0, col + 3);
    m.documents = static_cast<int>(r.int64(0, col + 4));
    return m;
}

// Recomputes and stores completeness inside `tx` (after a media change). The profile row is locked.
// The lock is a statement of its own and the media are counted in the next: a statement's snapshot
// is taken before it waits for a lock, so counts beside the lock would miss the upload it waited for.
task<pg::expected<void>> store_completeness(pg::transaction& tx, std::int64_t profile_id) {
    auto locked = co_await tx.query("SELECT 1 FROM candidate_profiles WHERE id = $1 FOR UPDATE", pg::bind(profile_id));
    if (!locked) co_return std::unexpected(locked.error());
    auto r = co_await tx.query("SELECT " JH_PROFILE_DOCUMENT "::text, " JH_MEDIA_COUNTS
                               " FROM candidate_profiles p WHERE p.id = $1",
                               pg::bind(profile_id));
    if (!r) co_return std::unexpected(r.error());
    if (r->rows() != 1) co_return pg::expected<void>{};
    simdjson::dom::parser parser;
    simdjson::dom::object doc;
    if (parser.parse(std::string(r->text(0, 0))).get(doc) != simdjson::SUCCESS)
        co_return std::unexpected(pg::error{false, "", "stored sedcard is not a JSON object"});
    completeness c = compute_completeness(doc, counts_at(*r, 1));
    auto u = co_await tx.query(
        "UPDATE candidate_profiles SET has_relevant_data_for_application = $2, completeness_percent = $3, "
        "completeness_points = $4 WHERE id = $1",
        pg::bind(profile_id, c.has_relevant_data_for_application, c.percent, c.points));
    if (!u) co_return std::unexpected(u.error());
    co_return pg::expected<void>{};
}

task<result<pg::result_set>> delete_owned(pg::transaction& tx, std::string_view delete_sql, std::int64_t id,
                                          std::int64_t account_id) {
    CO_TRY(auto d, co_await tx.query(delete_sql, pg::bind(id, account_id)));
    if (d.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    co_return d;
}

}  // namespace profiles::detail

using namespace profiles::detail;

std::string_view profiles::document_kind_name(document_kind k) {
    switch (k) {
        case document_kind::business_license: return "business_license";
        case document_kind::certificate_of_enrollment: return "certificate_of_enrollment";
        case document_kind::misc: return "misc";
    }
    return "misc";
}

profiles_actor::profiles_actor(loop_context& loop, accounts::accounts_actor& accounts)
    : loop_(loop), accounts_(accounts), files_(loop, 2) {}
profiles_actor::~profiles_actor() = default;

// ---- helpers -----------------------------------------------------------------------------------------

task<result<reference_lists*>> profiles_actor::references() {
    if (refs_) co_return &*refs_;
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT 'l', code, name FROM languages UNION ALL SELECT 'c', code, name FROM countries UNION ALL "
        "SELECT 'd', slug, name FROM denominations UNION ALL SELECT 'a', slug, name FROM activities UNION ALL "
        "SELECT 'i', slug, name FROM industries"));
    reference_lists l;
    for (int i = 0; i < r.rows(); ++i) {
        std::string v(r.text(i, 1));
        names_[std::string(r.text(i, 0)) + ":" + v] = std::string(r.text(i, 2));
        switch (r.text(i, 0)[0]) {
            case 'l': l.languages.insert(v); break;
            case 'c': l.countries.insert(v); break;
            case 'd': l.denominations.insert(v); break;
            case 'a': l.activities.insert(v); break;
            default: l.industries.insert(v); break;
        }
    }
    refs_ = std::move(l);
    co_return &*refs_;
}

task<result<void>> profiles_actor::owns_profile(const auth::identity& who, std::int64_t profile_id) {
    CO_TRY(auto r, co_await loop_.pg.read("SELECT 1 FROM candidate_profiles WHERE id = $1 AND account_id = $2", pg::bind(profile_id, who.account_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    co_return result<void>{};
}

// ---- the profile document ------------------------------------------------------------------------------

task<result<profile_view>> profiles_actor::get(const auth::identity& who, std::int64_t id) {
    co_return co_await load(id, who.account_id);
}

task<result<profile_view>> profiles_actor::load(std::int64_t id, std::optional<std::int64_t> owner) {
    auto r = co_await loop_.pg.read(
        "SELECT p.id, p.account_id, " JH_PROFILE_DOCUMENT "::text, " JH_MEDIA_COUNTS ", p.profile_image_portrait_id, "
        " (SELECT max(v.id) FROM profile_videos v WHERE v.profile_id = p.id AND v.type = 'introduction'), "
        " (SELECT coalesce(json_agg(json_build_object('@id', '/api/profile_images/' || i.id, 'id', i.id, 'type', i.type, "
        "     'width', i.width, 'height', i.height, 'contentUrl', '/api/profile_images/file/' || i.id, "
        "     'thumbnailUrl', '/api/profile_images/file/' || i.id || '?filter=thumbnail', 'thumbnailWidths', i.thumb_widths, "
        "     'createdAt', i.created_at) ORDER BY i.id), '[]') FROM profile_images i WHERE i.profile_id = p.id)::text, "
        " (SELECT coalesce(json_agg(json_build_object('@id', '/api/profile_videos/' || v.id, 'id', v.id, 'type', v.type, "
        "     'contentType', v.content_type, 'bytes', v.bytes, 'contentUrl', '/api/profile_videos/file/' || v.id, "
        "     'posterUrl', '/api/profile_videos/file/' || v.id || '?filter=poster', 'createdAt', v.created_at) ORDER BY v.id), '[]') "
        "   FROM profile_videos v WHERE v.profile_id = p.id)::text, "
        " (SELECT coalesce(json_agg(json_build_object('@id', '/api/profile_documents/' || d.id, 'id', d.id, 'kind', d.kind, "
        "     'type', d.type, 'validFrom', d.valid_from, 'validUntil', d.valid_until, 'validOpenEnded', d.valid_open_ended, "
        "     'notes', d.notes, 'attachments', (SELECT coalesce(json_agg(json_build_object("
        "         '@id', '/api/profile_document_attachments/' || a.id, 'id', a.id, 'fileName', a.file_name, "
        "         'contentType', a.content_type, 'bytes', a.bytes, "
        "         'contentUrl', '/api/profile_document_attachments/' || a.id || '/file') ORDER BY a.id), '[]') "
        "       FROM profile_document_attachments a WHERE a.document_id = d.id)) ORDER BY d.id), '[]') "
        "   FROM profile_documents d WHERE d.profile_id = p.id)::text, "
        " to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "
        "FROM candidate_profiles p WHERE p.id = $1 AND ($2::bigint IS NULL OR p.account_id = $2)",
        pg::bind(id, owner));
    if (!r) co_return std::unexpected(r.error().to_app_error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    profile_view v;
    v.id = r->int64(0, 0);
    v.account_id = r->int64(0, 1);
    v.document = std::string(r->text(0, 2));
    media_counts m = counts_at(*r, 3);
    if (!r->is_null(0, 8)) v.portrait_id = r->int64(0, 8);
    if (!r->is_null(0, 9)) v.introduction_video_id = r->int64(0, 9);
    v.images_json = std::string(r->text(0, 10));
    v.videos_json = std::string(r->text(0, 11));
    v.documents_json = std::string(r->text(0, 12));
    v.updated_at = std::string(r->text(0, 13));
    simdjson::dom::parser parser;
    simdjson::dom::object doc;
    if (parser.parse(v.document).get(doc) != simdjson::SUCCESS) co_return fail(error_kind::internal);
    v.score = compute_completeness(doc, m);
    co_return v;
}

task<result<profile_view>> profiles_actor::patch(const auth::identity& who, std::int64_t id, std::string patch_json) {
    CO_TRY(auto refs, co_await references());
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        // Merge in PostgreSQL (jh_json_merge_patch, RFC 7386) under the row lock, check the result
        // here, and store it only when every rule holds: one transaction, all or nothing. The lock
        // first, in its own statement, so the media counted next include an upload it waited for.
        CO_TRY(auto locked, co_await tx.query("SELECT 1 FROM candidate_profiles WHERE id = $1 AND account_id = $2 FOR UPDATE",
                                              pg::bind(id, who.account_id)));
        if (locked.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
        CO_TRY(auto r, co_await tx.query("SELECT jh_json_merge_patch(" JH_PROFILE_DOCUMENT ", $2::jsonb)::text, " JH_MEDIA_COUNTS
                                          " FROM candidate_profiles p WHERE p.id = $1",
                                          pg::bind(id, patch_json)));
        if (r.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
        std::string merged(r.text(0, 0));
        simdjson::dom::parser parser;
        simdjson::dom::object doc;
        if (parser.parse(merged).get(doc) != simdjson::SUCCESS) co_return fail(error_kind::bad_request, "Bitte sende ein JSON-Objekt.");
        std::vector<violation> v = validate_profile(doc, *refs, today_berlin());
        if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
        completeness c = compute_completeness(doc, counts_at(r, 1));
        std::string_view first, last;
        if (doc["firstName"].get(first) != simdjson::SUCCESS) first = {};
        if (doc["lastName"].get(last) != simdjson::SUCCESS) last = {};
        CO_CHECK(co_await tx.query(
            "UPDATE candidate_profiles SET sedcard = ($2::jsonb - 'firstName' - 'lastName'), first_name = $3, last_name = $4, "
            "has_relevant_data_for_application = $5, completeness_percent = $6, completeness_points = $7 WHERE id = $1",
            pg::bind(id, merged, first, last, c.has_relevant_data_for_application, c.percent, c.points)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    co_return co_await get(who, id);
}

task<result<search_status>> profiles_actor::search_status(const auth::identity& who, std::int64_t id, std::int64_t organization_id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    // The candidate asks about their own profile; an active member of that organization about a
    // candidate it may see (jh_provider_may_see); administrators about any profile.
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT p.account_id, EXISTS (SELECT 1 FROM organizations o WHERE o.id = $2), "
        "       a.role = 'admin' OR (jh_active_member_of(a.id) = $2 AND jh_provider_may_see(a.id, p.account_id)) "
        "  FROM candidate_profiles p, accounts a WHERE p.id = $1 AND a.id = $3",
        pg::bind(id, organization_id, who.account_id)));
    if (r.rows() == 0 || !r.boolean(0, 1) || (r.int64(0, 0) != who.account_id && !r.boolean(0, 2)))
        co_return fail(error_kind::not_found, std::string(msg_not_found));
    CO_TRY(auto vis, co_await accounts_.profile_visibility(r.int64(0, 0)));
    // The organization's own state of this candidate in its candidate search (actors/talents/).
    CO_TRY(auto st, co_await loop_.pg.read(
        "SELECT status, to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "
        "  FROM candidate_search_status WHERE profile_id = $1 AND organization_id = $2",
        pg::bind(id, organization_id)));
    profiles::search_status out{"none", vis.profile_public, vis.searchable_by_providers, std::nullopt};
    if (st.rows() == 1) {
        out.status = std::string(st.text(0, 0));
        out.changed_at = std::string(st.text(0, 1));
    }
    co_return out;
}

task<result<profiles_actor::visibility>> profiles_actor::provider_may_see(const std::optional<auth::identity>& who,
                                                                           std::int64_t candidate_account) {
    std::int64_t asker = who ? who->account_id : 0;
    CO_TRY(auto r, co_await loop_.pg.read("SELECT a.profile_public, jh_provider_may_see($2, a.id) FROM accounts a WHERE a.id = $1",
                                           pg::bind(candidate_account, asker)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    co_return visibility{r.boolean(0, 0), r.boolean(0, 1)};
}

namespace profiles {

task<result<void>> recompute_completeness(pg::transaction& tx, std::int64_t profile_id) {
    CO_CHECK(co_await store_completeness(tx, profile_id));
    co_return result<void>{};
}

namespace {
// List name → the statement reading it. The code column is what profile_rules.cpp checks against
// (languages and countries by ISO code, the others by slug).
std::string_view reference_sql(std::string_view name) {
    static constexpr std::pair<std::string_view, std::string_view> lists[] = {
        {"activities", "SELECT slug, name FROM activities WHERE active ORDER BY sort_order, name"},
        {"industries", "SELECT slug, name FROM industries WHERE active ORDER BY sort_order, name"},
        {"employment_types", "SELECT slug, name FROM employment_types WHERE active ORDER BY sort_order, name"},
        {"languages", "SELECT code, name FROM languages WHERE active ORDER BY sort_order, name"},
        {"countries", "SELECT code, name FROM countries WHERE active ORDER BY sort_order, name"},
        {"denominations", "SELECT slug, name FROM denominations WHERE active ORDER BY sort_order, name"},
        {"event_audience_types", "SELECT slug, name FROM event_audience_types WHERE active ORDER BY sort_order, name"},
    };
    for (auto [n, sql] : lists)
        if (n == name) return sql;
    return {};
}
}  // namespace

bool is_reference_list(std::string_view name) { return !reference_sql(name).empty(); }

}  // namespace profiles

task<result<std::vector<profiles::reference_entry>>> profiles_actor::reference_list(std::string_view name) {
    std::string_view sql = profiles::reference_sql(name);
    if (sql.empty()) co_return fail(error_kind::not_found, "Diese Liste gibt es nicht.");
    CO_TRY(auto r, co_await loop_.pg.read(sql));
    std::vector<profiles::reference_entry> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) out.push_back({std::string(r.text(i, 0)), std::string(r.text(i, 1))});
    co_return out;
}

}  // namespace jh
