// job_postings_editor.h: job postings as their organization writes them: drafts, merge-patch of
// every job field, publish / unpublish / close / duplicate within the organization's ad quota, and
// the organization's own job list in every state. docs/providers.md.
//
// The jobs domain owns the job tables; this is their write side for providers (the read side for
// candidates is jobs_actor). Who may act for which organization is the organization editor's rule
// (its member_of), asked first by every call. A job of another organization is 404, never 403, so
// ids of other organizations' drafts cannot be probed.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/organizations/organization_editor.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/per_year.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace jobs {

// A job as its provider sees it (jh_provider_job_json), as JSON text.
struct provider_job {
    std::int64_t id = 0;
    std::string json;
};

struct provider_job_page {
    std::int64_t total = 0;
    int page = 1, per_page = 20;
    std::vector<std::string> items;   // JSON texts
};

// "Sie haben bereits N aktive Stellenanzeige(n) – so viele, wie Ihr Kontingent erlaubt. …"
std::string quota_message(std::int64_t active);

}  // namespace jobs

class job_postings_editor {
public:
    job_postings_editor(loop_context& loop, organization_editor& organizations);

    // `publish`: save and publish in one transaction ("Speichern und veröffentlichen"); when the job
    // cannot be published (422 what is missing, 409 quota) nothing is saved.
    task<result<jobs::provider_job>> create(const auth::identity& who, simdjson::dom::object body, bool publish = false);
    task<result<jobs::provider_job>> patch(const auth::identity& who, std::int64_t id, simdjson::dom::object body,
                                           bool publish = false);
    task<result<jobs::provider_job>> publish(const auth::identity& who, std::int64_t id);
    task<result<jobs::provider_job>> unpublish(const auth::identity& who, std::int64_t id);
    task<result<jobs::provider_job>> close(const auth::identity& who, std::int64_t id);
    task<result<jobs::provider_job>> duplicate(const auth::identity& who, std::int64_t id);
    // A job of organization `org` in any state (the editor loads drafts here).
    task<result<jobs::provider_job>> one(const auth::identity& who, std::int64_t org, std::int64_t id);
    // state: draft | published | paused | closed, or every state.
    task<result<jobs::provider_job_page>> list(const auth::identity& who, std::int64_t org, std::optional<std::string> state,
                                               int page, int per_page);

    // The channels the editor offers per job, with their price (GET /api/publication_channels,
    // publication_channels.h) as JSON text.
    task<result<std::string>> publication_channels();

    // The AGG wording check of texts not yet saved (the editor's live warnings, job_review.cpp):
    // the job's text members and `activities` (slugs or ids) → {"wordingFindings": […]}.
    task<result<std::string>> check_wording(const auth::identity& who, simdjson::dom::object body);
    // The administrators' review of jobs the AGG wording check flagged and their provider published
    // anyway (job_review.cpp; docs/fair-play.md "Wording"): the queue as JSON text (a hydra list,
    // oldest first), releasing one (it goes live) and rejecting one with {"reason": "…"} (back to
    // its provider, who gets the reason by mail). The route table lets only administrators call them.
    task<result<std::string>> review_queue();
    task<result<std::string>> release(std::int64_t id);
    task<result<std::string>> reject(std::int64_t id, simdjson::dom::object body);

    // ---- the job import (job_imports.h) ----
    // One imported row's body checked as create (`creating`) or a merge-patch checks it: the
    // document write_imported takes, or the editor's violations (422).
    task<result<std::string>> check_imported(simdjson::dom::object body, bool creating);
    // Writes one checked row in the import's transaction `tx` of organization `org` exactly as
    // create or patch (with ?publish=1 when `publish`) would: a new job with the provider's
    // `reference` (migration 0390), or the change of job `existing`. Its id; nothing is committed.
    task<result<std::int64_t>> write_imported(pg::transaction& tx, std::int64_t org, std::optional<std::int64_t> existing,
                                              const std::string& reference, const std::string& title, const std::string& doc,
                                              bool publish);

private:
    struct checked_patch;
    // The writes of create and patch within a transaction the caller commits.
    task<result<std::int64_t>> create_in(pg::transaction& tx, std::int64_t org, const std::string& title, const std::string& doc,
                                         bool publish);
    task<result<void>> patch_in(pg::transaction& tx, std::int64_t org, std::int64_t id, const std::string& doc, bool publish);
    task<result<checked_patch>> check(simdjson::dom::object body, bool creating);
    loop_context& loop_;
    organization_editor& organizations_;
    per_year_figures minimum_wage_;   // the "pay" settings (issue 42, docs/fair-play.md)
};

}  // namespace jh
