// organization_editor.h: an organization as its own members see and change it: who acts for
// which organization (owner or member, and whether it may act yet), GET
// /organization_members/me, the profile's merge-patch and the logo. docs/providers.md.
//
// The one rule every provider write asks: `member_of(who, org, write)`. Reading needs a member of
// that organization (not blocked); writing needs an active member (jh_active_member_of: confirmed
// address, organization approved and not rejected).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>

#include "actors/files/file_store.h"
#include "actors/files/stored_file.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/pg.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"

namespace jh {

struct loop_context;

namespace organizations {

struct membership {
    std::int64_t account_id = 0;
    std::int64_t organization_id = 0;
    bool owner = false;
    bool can_act = false;          // an active member: may write for the organization now
    bool email_verified = false;
    std::string org_state;         // pending | approved | rejected
};

// A logo is small; 10 MB leaves room for a photo straight from a camera.
inline constexpr std::uint64_t max_logo_bytes = 10ull << 20;

namespace msg {
inline constexpr const char* providers_only = "Dieser Bereich ist nur für Jobanbieter.";
inline constexpr const char* other_organization = "Sie können nur Ihr eigenes Unternehmen bearbeiten.";
inline constexpr const char* not_found = "Diesen Jobanbieter gibt es nicht.";
inline constexpr const char* no_logo = "Dieser Jobanbieter hat kein Logo.";
}  // namespace msg

}  // namespace organizations

class organization_editor {
public:
    explicit organization_editor(loop_context& loop);

    // The organization the account belongs to; 401/403 for everyone but organization members.
    task<result<organizations::membership>> membership_of(const auth::identity& who);
    // A member of `org` (403 for another organization's member); `write`: one that may act now
    // (403 with the reason otherwise).
    task<result<organizations::membership>> member_of(const auth::identity& who, std::int64_t org, bool write);
    // The organization member that may write for its own organization now (403 with the reason).
    task<result<organizations::membership>> acting_member(const auth::identity& who);

    // The ad quota (docs/providers.md, "Quota") read in the caller's transaction `tx` with the
    // organization's row locked, so two publications of one organization wait for each other:
    // how many jobs it may have published at once, and how many it has.
    struct ad_quota {
        std::int64_t allowed = 0, active = 0;
    };
    task<result<ad_quota>> lock_ad_quota(pg::transaction& tx, std::int64_t org);

    // GET /organization_members/me as JSON text.
    task<result<std::string>> me(const auth::identity& who);
    // PATCH /organizations/{id}: the member's view of the organization afterwards (JSON text).
    task<result<std::string>> patch(const auth::identity& who, std::int64_t org, simdjson::dom::object body);
    // POST /organizations/{id}/logo: an image in form field "file"; the member's view afterwards.
    task<result<std::string>> set_logo(const auth::identity& who, std::int64_t org, files::upload u);
    task<result<void>> delete_logo(const auth::identity& who, std::int64_t org);
    // The logo's file (relative to var/media) of an approved organization, or of the caller's own.
    task<result<std::string>> logo_path(const std::optional<auth::identity>& who, std::int64_t org);

    // The administrators' review of registrations (docs/providers.md, "Review by an administrator"):
    // organizations waiting for review as JSON text (a hydra list), and approving or rejecting one.
    // The route table lets only administrators call them.
    task<result<std::string>> review_queue();
    task<result<std::string>> review(std::int64_t org, bool approve);

private:
    task<result<std::string>> member_view(std::int64_t org);
    task<void> remove_logo_file(std::string logo_path);
    loop_context& loop_;
    files::file_store files_;   // the logo (actors/files/)
};

}  // namespace jh
