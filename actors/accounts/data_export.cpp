// data_export.cpp: the GDPR export (Art. 15 and 20): everything stored about a person.
//
// export_data() builds one JSON document in PostgreSQL (one statement, every table that holds the
// person's data: the account, the whole sedcard, images, videos, documents, applications, job
// alerts with their consent, ratings, contact requests and newsletter subscription, favourites,
// invoices, coins, tracking events tied to the account, impersonations of the account, and which
// organizations viewed the person's application data, with date).
// export_archive() puts that document and every file it names into a ZIP written to a temporary
// file on the thread pool (reactor/zip_writer.h: files are copied in blocks, never held whole);
// the route streams that file (reactor/file_response.h) and has it removed once it is open.
#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <vector>

#include "actors/accounts/accounts_actor.h"
#include "media/media_files.h"
#include "reactor/config.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"
#include "reactor/zip_writer.h"

namespace jh::accounts {

namespace {

const char* const msg_page_not_found = "Die Seite wurde nicht gefunden.";
const char* const msg_export_failed = "Der Datenexport konnte gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.";

// The archive's folder for each kind of file, and the name of one file in it. Used in the JSON
// ("file") and for the ZIP entries, so both always agree.
#define JH_IMAGE_FILE "'bilder/' || i.id || '-' || i.type || '.jpg'"
#define JH_VIDEO_FILE                                                                                   \
    "'videos/' || v.id || '-' || v.type || CASE v.content_type WHEN 'video/webm' THEN '.webm' "        \
    "WHEN 'video/quicktime' THEN '.mov' ELSE '.mp4' END"
#define JH_ATTACHMENT_FILE                                                                                              \
    "'dokumente/' || d.id || '-' || t.id || CASE t.content_type WHEN 'application/pdf' THEN '.pdf' WHEN 'image/png' " \
    "THEN '.png' WHEN 'image/webp' THEN '.webp' WHEN 'image/gif' THEN '.gif' ELSE '.jpg' END"

// An organization that was deleted after it opened the data or wrote (o from a LEFT JOIN).
#define JH_GONE_ORGANIZATION "coalesce(o.name, 'ein Unternehmen, das es nicht mehr gibt')"

// $1 the account. One row: the document (text). Tracking events are the account's by the rule the
// deletion uses too (jh_row_of_account: sent while signed in, or naming the address as a whole).
constexpr const char* export_sql =
    "WITH a AS (SELECT * FROM accounts WHERE id = $1), p AS (SELECT * FROM candidate_profiles WHERE account_id = $1) "
    "SELECT json_build_object("
    " '@type', 'CandidateDataExport', "
    " 'exportedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    " 'account', json_build_object('id', a.id, 'email', a.email, 'role', a.role, 'emailVerifiedAt', a.email_verified_at, "
    "   'blocked', a.blocked, 'profilePublic', a.profile_public, 'searchableByProviders', a.searchable_by_providers, "
    "   'newsletter', a.newsletter, 'jobletter', a.jobletter, 'numLogins', a.num_logins, 'lastLogin', a.last_login_at, "
    "   'registeredVia', a.registered_via, 'registrationQuery', a.registration_query, "
    "   'hasPassword', a.password_hash IS NOT NULL, 'createdAt', a.created_at, 'updatedAt', a.updated_at), "
    " 'candidateProfile', (SELECT json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, "
    "   'profileImagePortrait', p.profile_image_portrait_id, 'completenessPercent', p.completeness_percent, "
    "   'createdAt', p.created_at, 'updatedAt', p.updated_at) FROM p), "
    " 'sedcard', (SELECT p.sedcard FROM p), "
    " 'images', (SELECT coalesce(json_agg(json_build_object('id', i.id, 'type', i.type, 'width', i.width, 'height', i.height, "
    "   'bytes', i.bytes, 'createdAt', i.created_at, 'file', " JH_IMAGE_FILE ") ORDER BY i.id), '[]') "
    "   FROM profile_images i JOIN p ON p.id = i.profile_id), "
    " 'videos', (SELECT coalesce(json_agg(json_build_object('id', v.id, 'type', v.type, 'contentType', v.content_type, "
    "   'bytes', v.bytes, 'createdAt', v.created_at, 'file', " JH_VIDEO_FILE ") ORDER BY v.id), '[]') "
    "   FROM profile_videos v JOIN p ON p.id = v.profile_id), "
    " 'documents', (SELECT coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'type', d.type, "
    "   'validFrom', d.valid_from, 'validUntil', d.valid_until, 'validOpenEnded', d.valid_open_ended, 'notes', d.notes, "
    "   'createdAt', d.created_at, 'attachments', (SELECT coalesce(json_agg(json_build_object('id', t.id, "
    "     'fileName', t.file_name, 'contentType', t.content_type, 'bytes', t.bytes, 'createdAt', t.created_at, "
    "     'file', " JH_ATTACHMENT_FILE ") ORDER BY t.id), '[]') FROM profile_document_attachments t WHERE t.document_id = d.id)) "
    "   ORDER BY d.id), '[]') FROM profile_documents d JOIN p ON p.id = d.profile_id), "
    " 'applications', (SELECT coalesce(json_agg(json_build_object('id', x.id, 'jobPostingId', x.job_posting_id, "
    "   'jobTitle', j.title, 'organization', o.name, 'notes', x.notes, 'locationIds', x.location_ids, 'status', x.status, "
    "   'forwardedAt', x.forwarded_at, 'createdAt', x.created_at, 'updatedAt', x.updated_at, "
    "   'endedAt', x.ended_at, 'anonymizedAt', x.anonymized_at, "
    // Where the application came from, as the provider sees it (0350; docs/reach.md): hers to know.
    "   'source', CASE WHEN x.source_label IS NULL THEN NULL ELSE json_build_object('label', x.source_label, "
    "     'utm_source', x.source_utm_source, 'utm_medium', x.source_utm_medium, 'utm_campaign', x.source_utm_campaign, "
    "     'referrerHost', x.source_referrer_host) END, "
    "   'messages', jh_application_thread(x.id)) ORDER BY x.created_at), '[]') "
    "   FROM applications x JOIN job_postings j ON j.id = x.job_posting_id JOIN organizations o ON o.id = j.organization_id "
    "  WHERE x.candidate_account_id = $1), "
    // The pool invitations and the candidate's consent (0280): what was asked, the text and its
    // version, and when it was given, ran until or was revoked (DSGVO Art. 7 Abs. 1).
    " 'poolConsents', (SELECT coalesce(json_agg(json_build_object('id', pi.id, 'organizationId', pi.organization_id, "
    "   'organizationName', po.name, 'applicationId', pi.application_id, 'kind', pi.kind, 'status', pi.status, "
    "   'consentTextVersion', pi.consent_text_version, 'consentText', pi.consent_text, 'invitedAt', pi.invited_at, "
    "   'decidedAt', pi.decided_at, 'consentUntil', pi.consent_until, 'revokedAt', pi.revoked_at) ORDER BY pi.id), '[]') "
    "   FROM pool_invitations pi LEFT JOIN organizations po ON po.id = pi.organization_id WHERE pi.candidate_account_id = $1), "
    " 'favorites', (SELECT coalesce(json_agg(json_build_object('jobPostingId', f.job_posting_id, 'auto', f.auto, "
    "   'createdAt', f.created_at) ORDER BY f.created_at), '[]') FROM favorites f WHERE f.candidate_account_id = $1), "
    " 'jobAlerts', (SELECT coalesce(json_agg(json_build_object('id', l.id, 'title', l.title, 'interval', l.interval, "
    "   'searchFilter', l.search_query, 'confirmedAt', l.confirmed_at, 'consentAt', l.consent_at, 'consentIp', l.consent_ip, "
    "   'consentTextVersion', l.consent_text_version, 'confirmIp', l.confirm_ip, 'paused', l.paused, "
    "   'lastSentAt', l.last_sent_at, 'createdAt', l.created_at) ORDER BY l.created_at), '[]') "
    "   FROM job_alerts l WHERE l.account_id = $1), "
    " 'starRatings', (SELECT coalesce(json_agg(json_build_object('organizationId', r.organization_id, 'stars', r.stars, "
    "   'comment', r.comment, 'createdAt', r.created_at) ORDER BY r.created_at), '[]') "
    "   FROM organization_star_ratings r WHERE r.account_id = $1), "
    " 'contactRequests', (SELECT coalesce(json_agg(json_build_object('kind', c.kind, 'organizationId', c.organization_id, "
    "   'email', c.email, 'fields', c.fields, 'clientIp', c.client_ip, 'createdAt', c.created_at) ORDER BY c.created_at), '[]') "
    "   FROM contact_requests c WHERE c.account_id = $1 OR c.email = a.email), "
    " 'newsletterSubscription', (SELECT json_build_object('email', n.email, 'confirmedAt', n.confirmed_at, "
    "   'consentIp', n.consent_ip, 'consentTextVersion', n.consent_text_version, 'createdAt', n.created_at) "
    "   FROM newsletter_subscriptions n WHERE n.email = a.email), "
    " 'invoices', (SELECT coalesce(json_agg(json_build_object('number', v.number, 'date', v.invoice_date, "
    "   'recipient', v.recipient, 'lines', v.lines, 'totalCents', v.total_cents, 'sentAt', v.sent_at, 'paidAt', v.paid_at) "
    "   ORDER BY v.invoice_date), '[]') FROM invoices v WHERE v.account_id = $1), "
    " 'billingAccount', (SELECT json_build_object('externalId', b.external_id, 'createdAt', b.created_at) "
    "   FROM billing_accounts b WHERE b.account_id = $1), "
    " 'socialIdentities', (SELECT coalesce(json_agg(json_build_object('provider', s.provider, 'email', s.email, "
    "   'linkedAt', s.created_at) ORDER BY s.created_at), '[]') FROM social_identities s WHERE s.account_id = $1), "
    " 'pbCoins', (SELECT coalesce(json_agg(json_build_object('amount', l.amount, 'reason', l.reason, "
    "   'createdAt', l.created_at) ORDER BY l.created_at), '[]') FROM pb_coin_ledger l WHERE l.account_id = $1), "
    " 'mailTokens', (SELECT coalesce(json_agg(json_build_object('purpose', t.purpose, 'newEmail', t.new_email, "
    "   'createdAt', t.created_at, 'expiresAt', t.expires_at, 'usedAt', t.used_at) ORDER BY t.created_at), '[]') "
    "   FROM account_tokens t WHERE t.account_id = $1), "
    " 'trackingEvents', (SELECT coalesce(json_agg(json_build_object('event', e.event, 'payload', e.payload, "
    "   'createdAt', e.created_at) ORDER BY e.id), '[]') FROM tracking_events e "
    "  WHERE jh_row_of_account(e.account_id, e.payload, a.id, a.email::text)), "
    " 'impersonations', (SELECT coalesce(json_agg(json_build_object('action', g.action, 'at', g.created_at) "
    "   ORDER BY g.id), '[]') FROM admin_audit_log g WHERE g.target_account_id = $1), "
    // Which organization opened the candidate's data, and when (not who of its team): an application
    // it received, or the profile found in its candidate search. An organization deleted since keeps
    // the entry (migrations/0173_view_logs_outlive_organizations.sql) under a name that says so.
    " 'viewsByOrganizations', (SELECT coalesce(json_agg(json_build_object('organizationId', v.organization_id, "
    "   'organizationName', " JH_GONE_ORGANIZATION ", 'source', v.source, 'applicationId', v.application_id, "
    "   'jobPostingId', v.job_posting_id, 'viewedAt', v.viewed_at) ORDER BY v.viewed_at DESC, v.id DESC), '[]') "
    "   FROM (SELECT w.id, w.organization_id, 'application' AS source, w.application_id, x.job_posting_id, w.viewed_at "
    "           FROM application_views w JOIN applications x ON x.id = w.application_id WHERE x.candidate_account_id = $1 "
    "         UNION ALL SELECT cv.id, cv.organization_id, 'candidateSearch', NULL::bigint, NULL::bigint, cv.viewed_at "
    "           FROM candidate_profile_views cv JOIN candidate_profiles p ON p.id = cv.profile_id WHERE p.account_id = $1) v "
    "   LEFT JOIN organizations o ON o.id = v.organization_id), "
    // The private notes and ratings an organization keeps on the candidate's applications: which
    // organization, on which application, how many, never their text (docs/decisions.md, "Pipeline
    // notes and the data export": the organization is responsible for them and answers for them).
    " 'notesHeldByOrganizations', (SELECT coalesce(json_agg(json_build_object('organizationId', o.id, "
    "   'organizationName', o.name, 'applicationId', x.id, 'jobPostingId', x.job_posting_id, "
    "   'notes', (SELECT count(*) FROM application_notes n WHERE n.application_id = x.id AND n.organization_id = o.id), "
    "   'rated', EXISTS (SELECT 1 FROM application_ratings r WHERE r.application_id = x.id AND r.organization_id = o.id), "
    // Its ratings of her reliability after shifts (issue 43, docs/shifts.md): how many, never stars or text.
    "   'reliabilityRatings', (SELECT count(*) FROM worker_reliability_ratings w JOIN shift_applications sa ON sa.id = w.shift_application_id "
    "                           WHERE sa.application_id = x.id AND w.organization_id = o.id)) "
    "   ORDER BY x.id), '[]') FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
    "   JOIN organizations o ON o.id = j.organization_id WHERE x.candidate_account_id = $1 "
    "    AND (EXISTS (SELECT 1 FROM application_notes n WHERE n.application_id = x.id AND n.organization_id = o.id) "
    "      OR EXISTS (SELECT 1 FROM application_ratings r WHERE r.application_id = x.id AND r.organization_id = o.id) "
    "      OR EXISTS (SELECT 1 FROM worker_reliability_ratings w JOIN shift_applications sa ON sa.id = w.shift_application_id "
    "                  WHERE sa.application_id = x.id AND w.organization_id = o.id))), "
    // The messages organizations sent the candidate through the candidate search.
    " 'messagesFromOrganizations', (SELECT coalesce(json_agg(json_build_object('organizationId', c.organization_id, "
    "   'organizationName', " JH_GONE_ORGANIZATION ", 'message', c.message, 'sentAt', c.created_at) ORDER BY c.created_at DESC), '[]') "
    "   FROM candidate_contacts c JOIN candidate_profiles p ON p.id = c.profile_id "
    "   LEFT JOIN organizations o ON o.id = c.organization_id WHERE p.account_id = $1)"
    ")::text FROM a";

// The files of the archive: (name in the archive, storage key).
constexpr const char* export_files_sql =
    "SELECT " JH_IMAGE_FILE ", i.storage_key FROM profile_images i JOIN candidate_profiles p ON p.id = i.profile_id "
    " WHERE p.account_id = $1 "
    "UNION ALL SELECT " JH_VIDEO_FILE ", v.storage_key FROM profile_videos v JOIN candidate_profiles p ON p.id = v.profile_id "
    " WHERE p.account_id = $1 "
    "UNION ALL SELECT " JH_ATTACHMENT_FILE ", t.storage_key FROM profile_document_attachments t "
    "  JOIN profile_documents d ON d.id = t.document_id JOIN candidate_profiles p ON p.id = d.profile_id WHERE p.account_id = $1";

struct archive_file {
    std::string name;
    std::string path;
};

// On the pool: the ZIP into `tmp`. False (and `tmp` removed) when writing failed.
bool write_archive(const std::string& tmp, const std::string& document, const std::vector<archive_file>& files) {
    bool good = false;
    {
        zip_writer zip(tmp);
        good = zip.add_text("daten.json", document);
        for (const auto& f : files) {
            if (!good) break;
            // A file removed meanwhile (its row deleted after our query) is left out.
            if (!zip.add_file(f.name, f.path) && !zip.ok()) good = false;
        }
        good = good && zip.finish();
    }
    if (!good) std::remove(tmp.c_str());
    return good;
}

}  // namespace

task<result<std::string>> accounts_actor::export_data(const auth::identity& who, std::int64_t id) {
    CO_CHECK(require_owner(who, id));
    CO_TRY(auto r, co_await loop_.pg.read(export_sql, pg::bind(id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_page_not_found);
    co_return std::string(r.text(0, 0));
}

task<result<std::string>> accounts_actor::export_archive(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto document, co_await export_data(who, id));
    CO_TRY(auto listed, co_await loop_.pg.read(export_files_sql, pg::bind(id)));
    std::vector<archive_file> files;
    for (int i = 0; i < listed.rows(); ++i)
        files.push_back({std::string(listed.text(i, 0)), media::media_path(loop_.cfg.var_dir, listed.text(i, 1))});
    std::string tmp = loop_.cfg.var_dir + "/tmp/export-" + media::new_storage_key() + ".zip";
    auto job = [tmp, doc = std::move(document), files = std::move(files)] { return write_archive(tmp, doc, files); };
    CO_TRY(auto written, co_await exporting_.run(std::move(job)));
    if (!written) {
        spdlog::error("data export of account {}: the archive could not be written", id);
        co_return fail(error_kind::unavailable, msg_export_failed);
    }
    co_return tmp;
}

task<void> accounts_actor::remove_export(std::string path) {
    auto job = [path = std::move(path)] { return std::remove(path.c_str()) == 0; };
    auto removed = co_await exporting_.run(std::move(job));
    if (!removed || !*removed) spdlog::warn("data export: a temporary archive could not be removed");
}

}  // namespace jh::accounts
