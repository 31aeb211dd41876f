// profiles_actor.cpp: see profiles_actor.h. Order: helpers, the profile document (get, patch,
// completeness), search status, uploads (images, documents, videos), files, the sedcard PDF.
#include "actors/profiles/profiles_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <ctime>
#include <filesystem>

#include "actors/actors.h"
#include "actors/profiles/media_files.h"
#include "actors/profiles/multipart.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg.h"

namespace jh {

using namespace profiles;

namespace {

template <typename... A>
pg::params P(const A&... a) {
    pg::params p;
    (p.add(a), ...);
    return p;
}

std::unexpected<app_error> db_fail(const pg::error& e) { return std::unexpected(e.to_app_error()); }

constexpr std::string_view msg_not_found = "Das gibt es nicht.";
const std::vector<std::string> no_keys, no_paths;

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
task<pg::expected<void>> store_completeness(pg::transaction& tx, std::int64_t profile_id) {
    auto r = co_await tx.query("SELECT " JH_PROFILE_DOCUMENT "::text, " JH_MEDIA_COUNTS
                               " FROM candidate_profiles p WHERE p.id = $1 FOR UPDATE",
                               P(profile_id));
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
        P(profile_id, c.has_relevant_data_for_application, c.percent, c.points));
    if (!u) co_return std::unexpected(u.error());
    co_return pg::expected<void>{};
}

// A queue job for the media worker that removes the files of deleted rows (after the commit).
task<pg::expected<void>> enqueue_removal(pg::transaction& tx, const std::vector<std::string>& keys, std::string idempotency_key) {
    if (keys.empty()) co_return pg::expected<void>{};
    std::string payload;
    json_writer w(payload);
    w.begin_object().key("keys").begin_array();
    for (const auto& k : keys) w.value(k);
    w.end_array().end_object();
    auto q = co_await job_queue::enqueue(tx, "media", payload, idempotency_key);
    if (!q) co_return std::unexpected(q.error());
    co_return pg::expected<void>{};
}

std::optional<std::int64_t> trailing_id(std::string_view s) {
    auto slash = s.rfind('/');
    if (slash != std::string_view::npos) s = s.substr(slash + 1);
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v <= 0) return std::nullopt;
    return v;
}

std::optional<bool> form_bool(std::string_view s) {
    if (s == "true" || s == "1" || s == "on") return true;
    if (s == "false" || s == "0" || s == "off" || s.empty()) return false;
    return std::nullopt;
}

}  // namespace

std::string_view profiles::document_kind_name(document_kind k) {
    switch (k) {
        case document_kind::business_license: return "business_license";
        case document_kind::certificate_of_enrollment: return "certificate_of_enrollment";
        case document_kind::misc: return "misc";
    }
    return "misc";
}

struct profiles_actor::parsed_upload {
    multipart_form form;
};

profiles_actor::profiles_actor(loop_context& loop) : loop_(loop), files_(loop.uv, 2, 64) {}
profiles_actor::~profiles_actor() = default;

// ---- helpers -----------------------------------------------------------------------------------------

task<result<reference_lists*>> profiles_actor::references() {
    if (refs_) co_return &*refs_;
    auto r = co_await loop_.pg.query(
        "SELECT 'l', code, name FROM languages UNION ALL SELECT 'c', code, name FROM countries UNION ALL "
        "SELECT 'd', slug, name FROM denominations UNION ALL SELECT 'a', slug, name FROM activities UNION ALL "
        "SELECT 'i', slug, name FROM industries");
    if (!r) co_return db_fail(r.error());
    reference_lists l;
    for (int i = 0; i < r->rows(); ++i) {
        std::string v(r->text(i, 1));
        names_[std::string(r->text(i, 0)) + ":" + v] = std::string(r->text(i, 2));
        switch (r->text(i, 0)[0]) {
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
    auto r = co_await loop_.pg.query("SELECT 1 FROM candidate_profiles WHERE id = $1 AND account_id = $2", P(profile_id, who.account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    co_return result<void>{};
}

task<result<profiles_actor::parsed_upload>> profiles_actor::parse_upload(upload u, std::uint64_t max_file_bytes) {
    auto boundary = multipart_boundary(u.content_type);
    if (!boundary || u.body_file.empty())
        co_return fail(error_kind::bad_request, "Bitte sende die Datei als Formular (multipart/form-data).");
    std::string tmp = loop_.cfg.var_dir + "/tmp";
    auto job = [path = u.body_file, b = *boundary, tmp, max_file_bytes] {
        std::pair<multipart_error, multipart_form> out;
        multipart_limits limits;
        limits.max_file_bytes = max_file_bytes;
        out.first = parse_multipart_file(path, b, tmp, limits, out.second);
        return out;
    };
    auto parsed = co_await files_.run(std::move(job));
    if (!parsed) co_return std::unexpected(parsed.error());
    switch (parsed->first) {
        case multipart_error::none: break;
        case multipart_error::malformed: co_return fail(error_kind::bad_request, "Das Formular ist nicht lesbar.");
        case multipart_error::file_too_large: co_return fail(error_kind::payload_too_large, std::string(msg::file_too_large));
        case multipart_error::io: co_return fail(error_kind::internal);
    }
    co_return parsed_upload{std::move(parsed->second)};
}

task<result<void>> profiles_actor::discard_files(std::vector<std::string> keys, std::vector<std::string> paths) {
    auto job = [keys = std::move(keys), paths = std::move(paths), var = loop_.cfg.var_dir] {
        for (const auto& k : keys) remove_media(var, k);
        std::error_code ec;
        for (const auto& p : paths) std::filesystem::remove(p, ec);
        return true;
    };
    auto r = co_await files_.run(std::move(job));
    if (!r) co_return std::unexpected(r.error());
    co_return result<void>{};
}

// ---- the profile document ------------------------------------------------------------------------------

task<result<profile_view>> profiles_actor::get(const auth::identity& who, std::int64_t id) {
    auto r = co_await loop_.pg.query(
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
        "FROM candidate_profiles p WHERE p.id = $1 AND p.account_id = $2",
        P(id, who.account_id));
    if (!r) co_return db_fail(r.error());
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
    auto refs = co_await references();
    if (!refs) co_return std::unexpected(refs.error());
    {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        // Merge in PostgreSQL (jh_json_merge_patch, RFC 7386) under the row lock, check the result
        // here, and store it only when every rule holds: one transaction, all or nothing.
        auto r = co_await tx->query("SELECT jh_json_merge_patch(" JH_PROFILE_DOCUMENT ", $2::jsonb)::text, " JH_MEDIA_COUNTS
                                    " FROM candidate_profiles p WHERE p.id = $1 AND p.account_id = $3 FOR UPDATE",
                                    P(id, patch_json, who.account_id));
        if (!r) co_return db_fail(r.error());
        if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
        std::string merged(r->text(0, 0));
        simdjson::dom::parser parser;
        simdjson::dom::object doc;
        if (parser.parse(merged).get(doc) != simdjson::SUCCESS) co_return fail(error_kind::bad_request, "Bitte sende ein JSON-Objekt.");
        std::vector<violation> v = validate_profile(doc, **refs, today_berlin());
        if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
        completeness c = compute_completeness(doc, counts_at(*r, 1));
        std::string_view first, last;
        if (doc["firstName"].get(first) != simdjson::SUCCESS) first = {};
        if (doc["lastName"].get(last) != simdjson::SUCCESS) last = {};
        auto u = co_await tx->query(
            "UPDATE candidate_profiles SET sedcard = ($2::jsonb - 'firstName' - 'lastName'), first_name = $3, last_name = $4, "
            "has_relevant_data_for_application = $5, completeness_percent = $6, completeness_points = $7 WHERE id = $1",
            P(id, merged, first, last, c.has_relevant_data_for_application, c.percent, c.points));
        if (!u) co_return db_fail(u.error());
        auto committed = co_await tx->commit();
        if (!committed) co_return db_fail(committed.error());
    }
    co_return co_await get(who, id);
}

task<result<search_status>> profiles_actor::search_status(const auth::identity& who, std::int64_t id, std::int64_t organization_id) {
    // The candidate asks about their own profile; an active member of that organization about a
    // candidate it may see (jh_provider_may_see); administrators about any profile.
    auto r = co_await loop_.pg.query(
        "SELECT p.account_id, EXISTS (SELECT 1 FROM organizations o WHERE o.id = $2), "
        "       a.role = 'admin' OR (jh_active_member_of(a.id) = $2 AND jh_provider_may_see(a.id, p.account_id)) "
        "  FROM candidate_profiles p, accounts a WHERE p.id = $1 AND a.id = $3",
        P(id, organization_id, who.account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0 || !r->boolean(0, 1) || (r->int64(0, 0) != who.account_id && !r->boolean(0, 2)))
        co_return fail(error_kind::not_found, std::string(msg_not_found));
    auto vis = co_await loop_.domain->accounts.profile_visibility(r->int64(0, 0));
    if (!vis) co_return std::unexpected(vis.error());
    co_return profiles::search_status{vis->searchable_by_providers ? "searchable" : "not_searchable", vis->profile_public};
}

task<result<profiles_actor::visibility>> profiles_actor::provider_may_see(const std::optional<auth::identity>& who,
                                                                           std::int64_t candidate_account) {
    std::int64_t asker = who ? who->account_id : 0;
    auto r = co_await loop_.pg.query("SELECT a.profile_public, jh_provider_may_see($2, a.id) FROM accounts a WHERE a.id = $1",
                                     P(candidate_account, asker));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    co_return visibility{r->boolean(0, 0), r->boolean(0, 1)};
}

// ---- images ----------------------------------------------------------------------------------------------

task<result<std::int64_t>> profiles_actor::add_image(const auth::identity& who, std::int64_t profile_id, upload u) {
    if (auto o = co_await owns_profile(who, profile_id); !o) co_return std::unexpected(o.error());
    auto up = co_await parse_upload(std::move(u), max_image_bytes);
    if (!up) co_return std::unexpected(up.error());
    multipart_form& form = up->form;
    std::vector<std::string> parts;
    for (const auto& f : form.files) parts.push_back(f.path);

    std::vector<violation> v;
    std::string type(form.field("type").value_or(""));
    if (type.empty()) v.push_back({"type", std::string(msg::required)});
    else if (!in(enums::image_type, type)) v.push_back({"type", std::string(msg::choice)});
    const multipart_file* file = nullptr;
    for (const auto& f : form.files)
        if (!file && (f.field == "file" || f.field == "file[]")) file = &f;
    if (!file) v.push_back({"file", std::string(msg::required)});
    else if (!is_image(sniff(file->head))) v.push_back({"file", std::string(msg::not_an_image)});
    if (!v.empty()) {
        (void)co_await discard_files(no_keys, parts);
        co_return std::unexpected(app_error::invalid(std::move(v)));
    }

    std::string key = new_storage_key();
    auto job = [in = file->path, var = loop_.cfg.var_dir, key] { return process_image(in, var, key, true); };
    auto img = co_await files_.run(std::move(job));
    (void)co_await discard_files(no_keys, parts);
    if (!img) co_return std::unexpected(img.error());
    if (!img->ok) co_return invalid("file", msg::not_an_image);

    std::string widths = "{";
    for (std::size_t i = 0; i < img->thumb_widths.size(); ++i) widths += (i ? "," : "") + std::to_string(img->thumb_widths[i]);
    widths += "}";
    auto stored = [&]() -> task<result<std::int64_t>> {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        auto ins = co_await tx->query(
            "INSERT INTO profile_images (profile_id, type, storage_key, width, height, bytes, thumb_widths) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7::integer[]) RETURNING id",
            P(profile_id, type, key, img->width, img->height, static_cast<std::int64_t>(img->bytes), widths));
        if (!ins) co_return db_fail(ins.error());
        std::int64_t image_id = ins->int64(0, 0);
        // images_updated_at: the dashboard's "last image update" (docs/candidate-actions.md).
        auto up2 = co_await tx->query(
            "UPDATE candidate_profiles SET images_updated_at = now(), "
            "profile_image_portrait_id = CASE WHEN $3 THEN $2 ELSE profile_image_portrait_id END WHERE id = $1",
            P(profile_id, image_id, type == "portrait"));
        if (!up2) co_return db_fail(up2.error());
        if (auto s = co_await store_completeness(*tx, profile_id); !s) co_return db_fail(s.error());
        auto c = co_await tx->commit();
        if (!c) co_return db_fail(c.error());
        co_return image_id;
    };
    auto id = co_await stored();
    if (!id) {
        std::vector<std::string> ks{key};
        (void)co_await discard_files(ks, no_paths);
    }
    co_return id;
}

task<result<std::string>> profiles_actor::store_uploaded_image(upload u, std::uint64_t max_bytes) {
    auto up = co_await parse_upload(std::move(u), max_bytes);
    if (!up) co_return std::unexpected(up.error());
    std::vector<std::string> parts;
    for (const auto& f : up->form.files) parts.push_back(f.path);
    const multipart_file* file = nullptr;
    for (const auto& f : up->form.files)
        if (!file && f.field == "file") file = &f;
    if (!file || !is_image(sniff(file->head))) {
        (void)co_await discard_files(no_keys, parts);
        co_return invalid("file", file ? msg::not_an_image : msg::required);
    }
    std::string key = new_storage_key() + ".jpg";
    auto job = [in = file->path, var = loop_.cfg.var_dir, key] { return process_image(in, var, key, false); };
    auto img = co_await files_.run(std::move(job));
    (void)co_await discard_files(no_keys, parts);
    if (!img) co_return std::unexpected(img.error());
    if (!img->ok) co_return invalid("file", msg::not_an_image);
    co_return key;
}

task<result<void>> profiles_actor::delete_image(const auth::identity& who, std::int64_t image_id) {
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto d = co_await tx->query(
        "DELETE FROM profile_images i USING candidate_profiles p WHERE i.id = $1 AND i.profile_id = p.id AND p.account_id = $2 "
        "RETURNING i.storage_key, p.id",
        P(image_id, who.account_id));
    if (!d) co_return db_fail(d.error());
    if (d->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::string key(d->text(0, 0));
    std::int64_t profile_id = d->int64(0, 1);
    // The portrait shown is the newest portrait left (the foreign key set it to NULL).
    auto p = co_await tx->query(
        "UPDATE candidate_profiles SET images_updated_at = now(), profile_image_portrait_id = "
        "(SELECT max(id) FROM profile_images WHERE profile_id = $1 AND type = 'portrait') WHERE id = $1",
        P(profile_id));
    if (!p) co_return db_fail(p.error());
    if (auto s = co_await store_completeness(*tx, profile_id); !s) co_return db_fail(s.error());
    std::vector<std::string> removed{key};
    std::string idem = "media_remove:image:" + std::to_string(image_id);
    if (auto q = co_await enqueue_removal(*tx, removed, idem); !q) co_return db_fail(q.error());
    auto c = co_await tx->commit();
    if (!c) co_return db_fail(c.error());
    job_queue::wake(loop_, "media");
    co_return result<void>{};
}

task<result<file_answer>> profiles_actor::image_file(const std::optional<auth::identity>& who, std::int64_t image_id, std::string filter,
                                                     int width) {
    auto r = co_await loop_.pg.query(
        "SELECT i.storage_key, array_to_string(i.thumb_widths, ','), p.account_id FROM profile_images i "
        "JOIN candidate_profiles p ON p.id = i.profile_id WHERE i.id = $1",
        P(image_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::int64_t owner = r->int64(0, 2);
    bool public_cache = false;
    if (!who || who->account_id != owner) {
        // Others see it only when the owner's profile is public (everybody), or when the asker is
        // a provider or administrator jh_provider_may_see() lets through. Otherwise it does not exist.
        auto may = co_await provider_may_see(who, owner);
        if (!may) co_return std::unexpected(may.error());
        if (!may->public_profile && !may->provider) co_return fail(error_kind::not_found, std::string(msg_not_found));
        public_cache = may->public_profile;
    }
    std::string key(r->text(0, 0));
    std::string suffix;
    if (filter == "thumbnail") {
        int want = width > 0 ? width : image_breakpoints[0];
        std::string_view list = r->text(0, 1);
        while (!list.empty()) {
            auto comma = list.find(',');
            std::string_view one = list.substr(0, comma);
            int w = 0;
            std::from_chars(one.data(), one.data() + one.size(), w);
            if (w >= want) {
                suffix = "-w" + std::to_string(w);
                break;
            }
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
        }
    } else if (!filter.empty()) {
        co_return fail(error_kind::bad_request, "Unbekannter Filter.");
    }
    co_return file_answer{"image/jpeg", {}, {}, public_cache, media_path(loop_.cfg.var_dir, key, suffix)};
}

// ---- documents ----------------------------------------------------------------------------------------------

namespace {

struct stored_part {
    std::string key;
    std::string content_type;
    std::string file_name;
    std::uint64_t bytes = 0;
};

// Checks each file part by its bytes and moves it into the media folder: PDFs as they are, images
// re-encoded (metadata dropped). Runs on the pool. Empty result and `bad_index` set on a file that
// is neither.
struct stored_parts {
    std::vector<stored_part> parts;
    int bad_index = -1;
    bool failed = false;
};

stored_parts store_document_files(const std::vector<multipart_file>& files, const std::string& var_dir) {
    stored_parts out;
    for (std::size_t i = 0; i < files.size(); ++i) {
        file_kind k = sniff(files[i].head);
        if (k != file_kind::pdf && !is_image(k)) {
            out.bad_index = static_cast<int>(i);
            break;
        }
    }
    if (out.bad_index < 0) {
        for (std::size_t i = 0; i < files.size(); ++i) {
            const auto& f = files[i];
            stored_part s{new_storage_key(), "", f.client_name, 0};
            file_kind k = sniff(f.head);
            if (k == file_kind::pdf) {
                if (!move_into_media(f.path, var_dir, s.key)) {
                    out.failed = true;
                    break;
                }
                s.content_type = "application/pdf";
                s.bytes = f.size;
            } else {
                processed_image img = process_image(f.path, var_dir, s.key, false);
                if (!img.ok) {
                    out.bad_index = static_cast<int>(i);
                    break;
                }
                s.content_type = "image/jpeg";
                s.bytes = img.bytes;
            }
            out.parts.push_back(std::move(s));
        }
    }
    if (out.bad_index >= 0 || out.failed) {
        for (const auto& p : out.parts) remove_media(var_dir, p.key);
        out.parts.clear();
    }
    std::error_code ec;
    for (const auto& f : files) std::filesystem::remove(f.path, ec);
    return out;
}

struct document_fields {
    std::optional<std::string> type, valid_from, valid_until, notes;
    std::optional<bool> open_ended;
};

void read_document_fields(const multipart_form& form, document_fields& d, std::vector<violation>& v) {
    if (auto t = form.field("type")) {
        if (!in(enums::document_type, *t)) v.push_back({"type", std::string(msg::choice)});
        else d.type = std::string(*t);
    }
    auto date = [&](const char* name, std::optional<std::string>& out) {
        if (auto s = form.field(name)) {
            if (s->empty()) out = std::string();
            else if (!is_date(*s)) v.push_back({name, std::string(msg::date)});
            else out = std::string(*s);
        }
    };
    date("validFrom", d.valid_from);
    date("validUntil", d.valid_until);
    if (auto s = form.field("validOpenEnded")) {
        if (auto b = form_bool(*s)) d.open_ended = *b;
        else v.push_back({"validOpenEnded", std::string(msg::boolean)});
    }
    if (auto s = form.field("notes")) {
        if (s->size() > 2000) v.push_back({"notes", std::string(msg::too_long)});
        else d.notes = std::string(*s);
    }
}

std::vector<multipart_file> file_parts(const multipart_form& form) {
    std::vector<multipart_file> out;
    for (const auto& f : form.files)
        if (f.size > 0) out.push_back(f);
    return out;
}

}  // namespace

task<result<std::int64_t>> profiles_actor::add_document(const auth::identity& who, document_kind kind, upload u) {
    auto prof = co_await loop_.pg.query("SELECT id FROM candidate_profiles WHERE account_id = $1", P(who.account_id));
    if (!prof) co_return db_fail(prof.error());
    if (prof->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::int64_t profile_id = prof->int64(0, 0);

    auto up = co_await parse_upload(std::move(u), max_document_bytes);
    if (!up) co_return std::unexpected(up.error());
    std::vector<std::string> parts;
    for (const auto& f : up->form.files) parts.push_back(f.path);
    std::vector<violation> v;
    document_fields d;
    read_document_fields(up->form, d, v);
    if (!d.type) {
        if (kind == document_kind::business_license) d.type = "business_license";
        else if (kind == document_kind::certificate_of_enrollment) d.type = "enrollment_certificate";
        else if (!up->form.field("type")) v.push_back({"type", std::string(msg::required)});
    }
    if (d.valid_from && d.valid_until && !d.valid_from->empty() && !d.valid_until->empty() && *d.valid_until < *d.valid_from)
        v.push_back({"validUntil", std::string(msg::date_order)});
    auto files = file_parts(up->form);
    if (files.empty()) v.push_back({"file", std::string(msg::required)});
    for (std::size_t i = 0; i < files.size(); ++i)
        if (file_kind k = sniff(files[i].head); k != file_kind::pdf && !is_image(k))
            v.push_back({files.size() == 1 ? std::string("file") : "file[" + std::to_string(i) + "]", std::string(msg::not_a_document)});
    if (!v.empty()) {
        (void)co_await discard_files(no_keys, parts);
        co_return std::unexpected(app_error::invalid(std::move(v)));
    }
    auto job = [files, var = loop_.cfg.var_dir] { return store_document_files(files, var); };
    auto stored = co_await files_.run(std::move(job));
    (void)co_await discard_files(no_keys, parts);
    if (!stored) co_return std::unexpected(stored.error());
    if (stored->bad_index >= 0) co_return invalid("file", msg::not_a_document);
    if (stored->failed) co_return fail(error_kind::internal);

    std::vector<std::string> keys;
    for (const auto& p : stored->parts) keys.push_back(p.key);
    auto write = [&]() -> task<result<std::int64_t>> {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        std::optional<std::string> from = d.valid_from && !d.valid_from->empty() ? d.valid_from : std::nullopt;
        std::optional<std::string> until = d.valid_until && !d.valid_until->empty() ? d.valid_until : std::nullopt;
        auto ins = co_await tx->query(
            "INSERT INTO profile_documents (profile_id, kind, type, valid_from, valid_until, valid_open_ended, notes) "
            "VALUES ($1, $2, $3, $4::date, $5::date, $6, $7) RETURNING id",
            P(profile_id, document_kind_name(kind), *d.type, from, until, d.open_ended.value_or(false), d.notes.value_or("")));
        if (!ins) co_return db_fail(ins.error());
        std::int64_t doc_id = ins->int64(0, 0);
        for (const auto& p : stored->parts) {
            auto a = co_await tx->query(
                "INSERT INTO profile_document_attachments (document_id, storage_key, content_type, file_name, bytes) "
                "VALUES ($1, $2, $3, $4, $5)",
                P(doc_id, p.key, p.content_type, p.file_name, static_cast<std::int64_t>(p.bytes)));
            if (!a) co_return db_fail(a.error());
        }
        if (auto s = co_await store_completeness(*tx, profile_id); !s) co_return db_fail(s.error());
        auto c = co_await tx->commit();
        if (!c) co_return db_fail(c.error());
        co_return doc_id;
    };
    auto id = co_await write();
    if (!id) (void)co_await discard_files(keys, no_paths);
    co_return id;
}

task<result<void>> profiles_actor::patch_document(const auth::identity& who, std::int64_t document_id, upload u) {
    auto cur = co_await loop_.pg.query(
        "SELECT d.type, coalesce(d.valid_from::text, ''), coalesce(d.valid_until::text, ''), d.valid_open_ended, d.notes, d.profile_id "
        "FROM profile_documents d JOIN candidate_profiles p ON p.id = d.profile_id WHERE d.id = $1 AND p.account_id = $2",
        P(document_id, who.account_id));
    if (!cur) co_return db_fail(cur.error());
    if (cur->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::int64_t profile_id = cur->int64(0, 5);

    auto up = co_await parse_upload(std::move(u), max_document_bytes);
    if (!up) co_return std::unexpected(up.error());
    std::vector<std::string> parts;
    for (const auto& f : up->form.files) parts.push_back(f.path);
    std::vector<violation> v;
    document_fields d;
    read_document_fields(up->form, d, v);
    std::string type = d.type.value_or(std::string(cur->text(0, 0)));
    std::string from = d.valid_from.value_or(std::string(cur->text(0, 1)));
    std::string until = d.valid_until.value_or(std::string(cur->text(0, 2)));
    bool open_ended = d.open_ended.value_or(cur->boolean(0, 3));
    std::string notes = d.notes.value_or(std::string(cur->text(0, 4)));
    if (!from.empty() && !until.empty() && until < from) v.push_back({"validUntil", std::string(msg::date_order)});
    // attachmentsToKeep: when the form carries it, attachments not named in it are removed.
    bool has_keep = false;
    std::vector<std::int64_t> keep;
    for (const auto& [k, val] : up->form.fields) {
        if (k != "attachmentsToKeep" && k != "attachmentsToKeep[]") continue;
        has_keep = true;
        if (val.empty()) continue;
        if (auto id = trailing_id(val)) keep.push_back(*id);
        else v.push_back({"attachmentsToKeep", std::string(msg::integer)});
    }
    auto files = file_parts(up->form);
    for (std::size_t i = 0; i < files.size(); ++i)
        if (file_kind k = sniff(files[i].head); k != file_kind::pdf && !is_image(k))
            v.push_back({files.size() == 1 ? std::string("file") : "file[" + std::to_string(i) + "]", std::string(msg::not_a_document)});
    if (!v.empty()) {
        (void)co_await discard_files(no_keys, parts);
        co_return std::unexpected(app_error::invalid(std::move(v)));
    }
    auto job = [files, var = loop_.cfg.var_dir] { return store_document_files(files, var); };
    auto stored = co_await files_.run(std::move(job));
    (void)co_await discard_files(no_keys, parts);
    if (!stored) co_return std::unexpected(stored.error());
    if (stored->bad_index >= 0) co_return invalid("file", msg::not_a_document);
    if (stored->failed) co_return fail(error_kind::internal);
    std::vector<std::string> new_keys;
    for (const auto& p : stored->parts) new_keys.push_back(p.key);

    auto write = [&]() -> task<result<void>> {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        std::optional<std::string> f = from.empty() ? std::nullopt : std::optional(from);
        std::optional<std::string> t = until.empty() ? std::nullopt : std::optional(until);
        auto upd = co_await tx->query(
            "UPDATE profile_documents SET type = $2, valid_from = $3::date, valid_until = $4::date, valid_open_ended = $5, "
            "notes = $6, updated_at = now() WHERE id = $1",
            P(document_id, type, f, t, open_ended, notes));
        if (!upd) co_return db_fail(upd.error());
        std::vector<std::string> removed;
        if (has_keep) {
            std::string keep_list = "{";
            for (std::size_t i = 0; i < keep.size(); ++i) keep_list += (i ? "," : "") + std::to_string(keep[i]);
            keep_list += "}";
            auto del = co_await tx->query(
                "DELETE FROM profile_document_attachments WHERE document_id = $1 AND NOT (id = ANY ($2::bigint[])) RETURNING storage_key",
                P(document_id, keep_list));
            if (!del) co_return db_fail(del.error());
            for (int i = 0; i < del->rows(); ++i) removed.emplace_back(del->text(i, 0));
        }
        for (const auto& p : stored->parts) {
            auto a = co_await tx->query(
                "INSERT INTO profile_document_attachments (document_id, storage_key, content_type, file_name, bytes) "
                "VALUES ($1, $2, $3, $4, $5)",
                P(document_id, p.key, p.content_type, p.file_name, static_cast<std::int64_t>(p.bytes)));
            if (!a) co_return db_fail(a.error());
        }
        if (auto s = co_await store_completeness(*tx, profile_id); !s) co_return db_fail(s.error());
        std::string idem = "media_remove:document_edit:" + std::to_string(document_id) + ":" + new_storage_key();
        if (auto q = co_await enqueue_removal(*tx, removed, idem); !q) co_return db_fail(q.error());
        auto c = co_await tx->commit();
        if (!c) co_return db_fail(c.error());
        if (!removed.empty()) job_queue::wake(loop_, "media");
        co_return result<void>{};
    };
    auto done = co_await write();
    if (!done) (void)co_await discard_files(new_keys, no_paths);
    co_return done;
}

task<result<void>> profiles_actor::delete_document(const auth::identity& who, std::int64_t document_id) {
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto keys = co_await tx->query(
        "SELECT a.storage_key FROM profile_document_attachments a JOIN profile_documents d ON d.id = a.document_id "
        "JOIN candidate_profiles p ON p.id = d.profile_id WHERE d.id = $1 AND p.account_id = $2",
        P(document_id, who.account_id));
    if (!keys) co_return db_fail(keys.error());
    auto d = co_await tx->query(
        "DELETE FROM profile_documents d USING candidate_profiles p WHERE d.id = $1 AND d.profile_id = p.id AND p.account_id = $2 "
        "RETURNING p.id",
        P(document_id, who.account_id));
    if (!d) co_return db_fail(d.error());
    if (d->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::vector<std::string> removed;
    for (int i = 0; i < keys->rows(); ++i) removed.emplace_back(keys->text(i, 0));
    if (auto s = co_await store_completeness(*tx, d->int64(0, 0)); !s) co_return db_fail(s.error());
    std::string idem = "media_remove:document:" + std::to_string(document_id);
    if (auto q = co_await enqueue_removal(*tx, removed, idem); !q)
        co_return db_fail(q.error());
    auto c = co_await tx->commit();
    if (!c) co_return db_fail(c.error());
    job_queue::wake(loop_, "media");
    co_return result<void>{};
}

task<result<std::int64_t>> profiles_actor::add_attachment(const auth::identity& who, std::int64_t document_id, upload u) {
    auto cur = co_await loop_.pg.query(
        "SELECT d.profile_id FROM profile_documents d JOIN candidate_profiles p ON p.id = d.profile_id "
        "WHERE d.id = $1 AND p.account_id = $2",
        P(document_id, who.account_id));
    if (!cur) co_return db_fail(cur.error());
    if (cur->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    auto up = co_await parse_upload(std::move(u), max_document_bytes);
    if (!up) co_return std::unexpected(up.error());
    auto files = file_parts(up->form);
    std::vector<std::string> parts;
    for (const auto& f : up->form.files) parts.push_back(f.path);
    if (files.size() != 1) {
        (void)co_await discard_files(no_keys, parts);
        co_return invalid("file", msg::required);
    }
    auto job = [files, var = loop_.cfg.var_dir] { return store_document_files(files, var); };
    auto stored = co_await files_.run(std::move(job));
    (void)co_await discard_files(no_keys, parts);
    if (!stored) co_return std::unexpected(stored.error());
    if (stored->bad_index >= 0) co_return invalid("file", msg::not_a_document);
    if (stored->failed || stored->parts.empty()) co_return fail(error_kind::internal);
    const stored_part& p = stored->parts.front();
    auto a = co_await loop_.pg.query(
        "INSERT INTO profile_document_attachments (document_id, storage_key, content_type, file_name, bytes) "
        "VALUES ($1, $2, $3, $4, $5) RETURNING id",
        P(document_id, p.key, p.content_type, p.file_name, static_cast<std::int64_t>(p.bytes)));
    if (!a) {
        std::vector<std::string> ks{p.key};
        (void)co_await discard_files(ks, no_paths);
        co_return db_fail(a.error());
    }
    co_return a->int64(0, 0);
}

task<result<void>> profiles_actor::delete_attachment(const auth::identity& who, std::int64_t attachment_id) {
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto d = co_await tx->query(
        "DELETE FROM profile_document_attachments a USING profile_documents d, candidate_profiles p "
        "WHERE a.id = $1 AND a.document_id = d.id AND d.profile_id = p.id AND p.account_id = $2 RETURNING a.storage_key",
        P(attachment_id, who.account_id));
    if (!d) co_return db_fail(d.error());
    if (d->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::vector<std::string> removed{std::string(d->text(0, 0))};
    std::string idem = "media_remove:attachment:" + std::to_string(attachment_id);
    if (auto q = co_await enqueue_removal(*tx, removed, idem); !q)
        co_return db_fail(q.error());
    auto c = co_await tx->commit();
    if (!c) co_return db_fail(c.error());
    job_queue::wake(loop_, "media");
    co_return result<void>{};
}

task<result<file_answer>> profiles_actor::attachment_file(const auth::identity& who, std::int64_t attachment_id) {
    auto r = co_await loop_.pg.query(
        "SELECT a.storage_key, a.content_type, a.file_name FROM profile_document_attachments a "
        "JOIN profile_documents d ON d.id = a.document_id JOIN candidate_profiles p ON p.id = d.profile_id "
        "WHERE a.id = $1 AND p.account_id = $2",
        P(attachment_id, who.account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    co_return file_answer{std::string(r->text(0, 1)), {}, std::string(r->text(0, 2)), false, media_path(loop_.cfg.var_dir, r->text(0, 0))};
}

// ---- videos -------------------------------------------------------------------------------------------------

task<result<std::int64_t>> profiles_actor::add_video(const auth::identity& who, std::int64_t profile_id, std::string type, upload u) {
    auto prof = co_await loop_.pg.query("SELECT first_name FROM candidate_profiles WHERE id = $1 AND account_id = $2",
                                        P(profile_id, who.account_id));
    if (!prof) co_return db_fail(prof.error());
    if (prof->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::string first_name(prof->text(0, 0));
    auto up = co_await parse_upload(std::move(u), max_video_bytes);
    if (!up) co_return std::unexpected(up.error());
    auto files = file_parts(up->form);
    std::vector<std::string> parts;
    for (const auto& f : up->form.files) parts.push_back(f.path);
    file_kind kind = files.size() == 1 ? sniff(files[0].head) : file_kind::unknown;
    if (files.size() != 1 || !is_video(kind)) {
        (void)co_await discard_files(no_keys, parts);
        co_return invalid("file", files.empty() ? msg::required : msg::not_a_video);
    }
    std::string key = new_storage_key();
    std::string title = type == "goals" ? "Meine Ziele" : type == "introduction" ? "Vorstellungsvideo" : "Das zeichnet mich aus";
    auto job = [from = files[0].path, var = loop_.cfg.var_dir, key, title, first_name] {
        if (!move_into_media(from, var, key)) return false;
        if (!write_video_poster(var, key, title, first_name)) {
            remove_media(var, key);
            return false;
        }
        return true;
    };
    auto moved = co_await files_.run(std::move(job));
    (void)co_await discard_files(no_keys, parts);
    if (!moved) co_return std::unexpected(moved.error());
    if (!*moved) co_return fail(error_kind::internal);
    auto write = [&]() -> task<result<std::int64_t>> {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        auto ins = co_await tx->query(
            "INSERT INTO profile_videos (profile_id, type, storage_key, content_type, bytes) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            P(profile_id, type, key, content_type_of(kind), static_cast<std::int64_t>(files[0].size)));
        if (!ins) co_return db_fail(ins.error());
        if (auto s = co_await store_completeness(*tx, profile_id); !s) co_return db_fail(s.error());
        auto c = co_await tx->commit();
        if (!c) co_return db_fail(c.error());
        co_return ins->int64(0, 0);
    };
    auto id = co_await write();
    if (!id) {
        std::vector<std::string> ks{key};
        (void)co_await discard_files(ks, no_paths);
    }
    co_return id;
}

task<result<void>> profiles_actor::delete_video(const auth::identity& who, std::int64_t video_id) {
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto d = co_await tx->query(
        "DELETE FROM profile_videos v USING candidate_profiles p WHERE v.id = $1 AND v.profile_id = p.id AND p.account_id = $2 "
        "RETURNING v.storage_key, p.id",
        P(video_id, who.account_id));
    if (!d) co_return db_fail(d.error());
    if (d->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::vector<std::string> removed{std::string(d->text(0, 0))};
    if (auto s = co_await store_completeness(*tx, d->int64(0, 1)); !s) co_return db_fail(s.error());
    std::string idem = "media_remove:video:" + std::to_string(video_id);
    if (auto q = co_await enqueue_removal(*tx, removed, idem); !q) co_return db_fail(q.error());
    auto c = co_await tx->commit();
    if (!c) co_return db_fail(c.error());
    job_queue::wake(loop_, "media");
    co_return result<void>{};
}

task<result<file_answer>> profiles_actor::video_file(const auth::identity& who, std::int64_t video_id, bool poster) {
    auto r = co_await loop_.pg.query(
        "SELECT v.storage_key, v.content_type FROM profile_videos v JOIN candidate_profiles p ON p.id = v.profile_id "
        "WHERE v.id = $1 AND p.account_id = $2",
        P(video_id, who.account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::string path = media_path(loop_.cfg.var_dir, r->text(0, 0), poster ? "-poster" : "");
    co_return file_answer{poster ? "image/jpeg" : std::string(r->text(0, 1)), {}, {}, false, std::move(path)};
}

namespace profiles {

task<result<void>> recompute_completeness(pg::transaction& tx, std::int64_t profile_id) {
    auto r = co_await store_completeness(tx, profile_id);
    if (!r) co_return db_fail(r.error());
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
    auto r = co_await loop_.pg.query(sql);
    if (!r) co_return db_fail(r.error());
    std::vector<profiles::reference_entry> out;
    out.reserve(static_cast<std::size_t>(r->rows()));
    for (int i = 0; i < r->rows(); ++i) out.push_back({std::string(r->text(i, 0)), std::string(r->text(i, 1))});
    co_return out;
}

}  // namespace jh

namespace jh {

// ---- the sedcard PDF ---------------------------------------------------------------------------------------

task<result<profiles::file_answer>> profiles_actor::sedcard_pdf(const auth::identity& who, std::int64_t id) {
    auto view = co_await get(who, id);
    if (!view) co_return std::unexpected(view.error());
    auto refs = co_await references();
    if (!refs) co_return std::unexpected(refs.error());
    simdjson::dom::parser parser;
    simdjson::dom::object doc;
    if (parser.parse(view->document).get(doc) != simdjson::SUCCESS) co_return fail(error_kind::internal);
    std::string model = sedcard_model(doc, names_, today_berlin());
    std::string_view first, last;
    if (doc["firstName"].get(first) != simdjson::SUCCESS) first = {};
    if (doc["lastName"].get(last) != simdjson::SUCCESS) last = {};
    std::string file_name = sedcard_file_name(first, last);

    // The portrait goes along as bytes (the 640 px thumbnail when there is one), so a render
    // worker needs neither the database nor this host's disk.
    std::string portrait;
    if (view->portrait_id) {
        auto row = co_await loop_.pg.query("SELECT storage_key, 640 = ANY (thumb_widths) FROM profile_images WHERE id = $1", P(*view->portrait_id));
        if (!row) co_return db_fail(row.error());
        if (row->rows() == 1) {
            auto job = [path = media_path(loop_.cfg.var_dir, row->text(0, 0), row->boolean(0, 1) ? "-w640" : "")] { return read_file(path); };
            auto bytes = co_await files_.run(std::move(job));
            if (bytes && *bytes) portrait = std::move(**bytes);
        }
    }
    std::vector<std::string_view> attachments;
    if (!portrait.empty()) attachments.push_back(portrait);
    auto reply = co_await loop_.requests.request("sedcard", model, std::move(attachments), sedcard_timeout_ms);
    if (!reply.ok() || reply.body.empty()) {
        spdlog::warn("sedcard for profile {}: render worker answered {}", id, reply.status);
        co_return fail(error_kind::unavailable, "Die Sedcard kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.");
    }
    co_return file_answer{"application/pdf", std::move(reply.body.front()), file_name, false};
}

}  // namespace jh
