// profiles_actor.h: the sedcard domain: the profile document (every section of the spec), its
// validation and completeness, images, documents, videos, the search status and the sedcard PDF.
// docs/sedcard.md describes it as a whole.
//
// The actor never sees HTTP: profiles_routes.cpp reads requests into the structs below. SQL goes
// through reactor/pg.h (migrations/0019_sedcard.sql); everything that blocks (multipart parsing of
// a spooled upload, libvips, reading files) runs on the threads of its file store (actors/files/); the PDF is rendered
// by the `sedcard` worker process, asked over ZeroMQ (reactor/zmq_link.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/files/file_store.h"
#include "actors/files/stored_file.h"
#include "actors/profiles/profile_rules.h"
#include "actors/profiles/sedcard_model.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"

namespace jh {

struct loop_context;
namespace accounts {
class accounts_actor;
}
namespace pg {
class transaction;
class result_set;
}

namespace profiles {

struct profile_view {
    std::int64_t id = 0;
    std::int64_t account_id = 0;
    std::string document;          // the sedcard JSON object, names included
    completeness score;
    std::string images_json;       // JSON arrays built by PostgreSQL
    std::string videos_json;
    std::string documents_json;
    std::optional<std::int64_t> portrait_id;
    std::optional<std::int64_t> introduction_video_id;
    std::string updated_at;
};

enum class document_kind { business_license, certificate_of_enrollment, misc };
std::string_view document_kind_name(document_kind k);

// The organization's state of a candidate in its candidate search (docs/providers.md).
struct search_status {
    std::string status;            // none | viewed | contacted | shortlisted | declined
    bool profile_public = false;
    bool searchable = false;       // the candidate's "searchable by providers"
    std::optional<std::string> changed_at;
};

// Size limits (413 "Die Datei ist zu groß" above them), stated in docs/sedcard.md.
inline constexpr std::uint64_t max_image_bytes = 20ull << 20;
inline constexpr std::uint64_t max_document_bytes = 20ull << 20;
inline constexpr std::uint64_t max_video_bytes = 100ull << 20;
// How long the server waits for a render worker before answering 503.
inline constexpr int sedcard_timeout_ms = 10000;

// Recomputes the stored completeness of one profile inside `tx`, for writes to the sedcard outside
// PATCH (registering together with an application stores the languages).
task<result<void>> recompute_completeness(pg::transaction& tx, std::int64_t profile_id);

// One reference list (activities, industries, languages, countries, denominations,
// employment_types, event_audience_types): the codes the server validates against, with names.
struct reference_entry {
    std::string code, name;
};
bool is_reference_list(std::string_view name);

}  // namespace profiles

class profiles_actor {
public:
    // accounts: whether a provider may see a candidate's profile.
    profiles_actor(loop_context& loop, accounts::accounts_actor& accounts);
    ~profiles_actor();

    task<result<profiles::profile_view>> get(const auth::identity& who, std::int64_t id);
    // RFC 7386 merge patch; every violation at once (422) and nothing stored on any.
    task<result<profiles::profile_view>> patch(const auth::identity& who, std::int64_t id, std::string patch_json);
    task<result<profiles::search_status>> search_status(const auth::identity& who, std::int64_t id, std::int64_t organization_id);

    // Images (type: portrait, american_portrait, full_body, misc). Answers the new image's id.
    task<result<std::int64_t>> add_image(const auth::identity& who, std::int64_t profile_id, files::upload u);
    task<result<void>> delete_image(const auth::identity& who, std::int64_t image_id);
    // filter "thumbnail" (width: the smallest breakpoint at least that wide; 320 by default).
    task<result<files::file_answer>> image_file(const std::optional<auth::identity>& who, std::int64_t image_id,
                                                   std::string filter, int width);

    // Documents with attachments. add_document answers the new document's id.
    task<result<std::int64_t>> add_document(const auth::identity& who, profiles::document_kind kind, files::upload u);
    task<result<void>> patch_document(const auth::identity& who, std::int64_t document_id, files::upload u);
    task<result<void>> delete_document(const auth::identity& who, std::int64_t document_id);
    task<result<std::int64_t>> add_attachment(const auth::identity& who, std::int64_t document_id, files::upload u);
    task<result<void>> delete_attachment(const auth::identity& who, std::int64_t attachment_id);
    task<result<files::file_answer>> attachment_file(const auth::identity& who, std::int64_t attachment_id);

    // Videos (goals, introduction, selling_point).
    task<result<std::int64_t>> add_video(const auth::identity& who, std::int64_t profile_id, std::string type, files::upload u);
    task<result<void>> delete_video(const auth::identity& who, std::int64_t video_id);
    task<result<files::file_answer>> video_file(const auth::identity& who, std::int64_t video_id, bool poster);

    // The sedcard PDF, rendered by the sedcard worker, or its last rendering when nothing it shows
    // has changed since (sedcard_kept.h); with its version as the answer's ETag, and not_modified
    // when `if_none_match` (the request's header, "" without) names that version. 503 when a
    // rendering is needed and no worker answers in time.
    task<result<files::file_answer>> sedcard_pdf(const auth::identity& who, std::int64_t id, std::string if_none_match);
    // The same PDF of any profile, for a reader the caller has already let through (a provider the
    // candidate applied to: applications_actor::sedcard); the 503 message speaks to providers.
    task<result<files::file_answer>> sedcard_pdf_for_provider(std::int64_t profile_id, std::string if_none_match);

    // GET /api/reference_lists/{name}: the active members, in their sort order.
    task<result<std::vector<profiles::reference_entry>>> reference_list(std::string_view name);

private:
    // One profile by id; with `owner`, only when it belongs to that account (else 404).
    task<result<profiles::profile_view>> load(std::int64_t id, std::optional<std::int64_t> owner);
    task<result<files::file_answer>> render_sedcard(const profiles::profile_view& view, const char* unavailable_message,
                                                    std::string if_none_match);
    // The kept PDF of `profile_id` at `version`, read on the file store's threads; nullopt when
    // there is none (or its file is gone: the caller renders anew).
    task<std::optional<std::string>> kept_sedcard(std::int64_t profile_id, const std::string& version);
    // Keeps a rendered PDF as the profile's newest rendering, replacing (and queueing the removal
    // of) the one before. Best effort: a failure is logged and only costs a rendering later.
    task<void> keep_sedcard(std::int64_t profile_id, std::string version, std::shared_ptr<const std::string> pdf);
    task<result<profiles::reference_lists*>> references();
    task<result<void>> owns_profile(const auth::identity& who, std::int64_t profile_id);
    // Whether someone other than the owner may see a candidate's data: the profile is public (for
    // everybody), or jh_provider_may_see() lets this provider or administrator through (migration 0050).
    struct visibility {
        bool public_profile = false;
        bool provider = false;
    };
    task<result<visibility>> provider_may_see(const std::optional<auth::identity>& who, std::int64_t candidate_account);
    // Runs `write` (database writes only, so pg::in_transaction may run it twice); when it fails in
    // the end, the files already stored for it (`keys`) are removed again. Defined in
    // profiles_internal.h.
    template <typename T, typename Write>
    task<result<T>> write_or_discard(std::vector<std::string> keys, Write write);
    // The rows `select_sql` ($1 the row, $2 the caller's account) reads; 404 when there are none,
    // so another account's row is not told apart from a missing one. profiles_owned_rows.cpp.
    task<result<pg::result_set>> select_owned(std::string_view select_sql, std::int64_t id, std::int64_t account_id);
    // Deletes one media row of the caller and queues the removal of its file, in one transaction:
    // `delete_sql` ($1 the row, $2 the caller's account) RETURNS the storage key first; `then`
    // updates what depended on the row (it sees what the DELETE returned); the removal's key is
    // "media_remove:<kind>:<id>". 404 when the caller has no such row. profiles_owned_rows.cpp.
    using after_media_delete = task<result<void>> (*)(pg::transaction& tx, const pg::result_set& deleted);
    task<result<void>> delete_media(std::string_view kind, std::string_view delete_sql, std::int64_t id,
                                    std::int64_t account_id, after_media_delete then);

    loop_context& loop_;
    accounts::accounts_actor& accounts_;
    files::file_store files_;   // the sedcard's files (actors/files/)
    std::optional<profiles::reference_lists> refs_;
    profiles::reference_names names_;   // filled with refs_
};

}  // namespace jh
