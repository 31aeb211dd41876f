// job_review.cpp: the administrators' review of jobs the AGG wording check flagged and their
// provider published anyway (issue 42 item 3; docs/fair-play.md "Wording"), the web counterpart of
// `jobhafen admin jobs review list|release|reject` (workers/admin.cpp). Both call the same SQL
// (migrations/repeatable/R__jh_job_review.sql), so a release or a rejection does the same in
// either place. Part of job_postings_editor: the jobs domain owns the job tables.
#include <optional>
#include <string>
#include <vector>

#include "actors/jobs/job_postings_editor.h"
#include "actors/jobs/wording_rules.h"
#include "actors/roles.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

constexpr const char* msg_not_waiting = "Diese Stellenanzeige wartet nicht auf Prüfung.";
constexpr const char* msg_reason = "Bitte begründen Sie die Ablehnung; der Anbieter erhält die Begründung per E-Mail.";
constexpr const char* msg_reason_long = "Die Begründung darf höchstens 2000 Zeichen lang sein.";
constexpr std::size_t max_reason_chars = 2000;

// The members the live check reads, each a string of at most this many bytes (the editor's bounds:
// 200 for the title, 50000 for the description, 5000 for the other texts), and at most 20 activities.
constexpr std::pair<std::string_view, std::size_t> checked_texts[] = {
    {"title", 200 * 4},           {"description", 50000 * 4},    {"locationDescription", 5000 * 4},
    {"periodDescription", 5000 * 4}, {"salaryDescription", 5000 * 4}, {"overnightStayAllowance", 5000 * 4},
    {"travelExpenses", 5000 * 4}, {"specialPayments", 5000 * 4}, {"workingTime", 5000 * 4},
    {"benefits", 5000 * 4},       {"requirement", 5000 * 4}};

// A reason of 1 to 2000 characters (code points), not only spaces.
std::optional<std::string> reason_of(simdjson::dom::object body, std::vector<violation>& v) {
    std::string_view s;
    if (body["reason"].get(s) != simdjson::SUCCESS || s.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        v.push_back({"reason", msg_reason});
        return std::nullopt;
    }
    std::size_t chars = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++chars;
    if (chars > max_reason_chars) {
        v.push_back({"reason", msg_reason_long});
        return std::nullopt;
    }
    return std::string(s);
}

// Why a release or rejection changed nothing: no such job (404), or it is not waiting (409).
template <class Querier>
task<result<std::string>> not_changed(Querier& q, std::int64_t id) {
    CO_TRY(auto r, co_await q.query("SELECT EXISTS (SELECT 1 FROM job_postings WHERE id = $1)", pg::bind(id)));
    if (!r.boolean(0, 0)) co_return fail(error_kind::not_found, "Diese Stellenanzeige gibt es nicht.");
    co_return fail(error_kind::conflict, msg_not_waiting);
}

}  // namespace

task<result<std::string>> job_postings_editor::check_wording(const auth::identity& who, simdjson::dom::object body) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    (void)ms;
    wording::job_text text;
    std::vector<violation> v;
    for (auto [name, max_bytes] : checked_texts) {
        simdjson::dom::element e;
        if (body[name].get(e) != simdjson::SUCCESS || e.is_null()) continue;
        std::string_view s;
        if (e.get(s) != simdjson::SUCCESS || s.size() > max_bytes) v.push_back({std::string(name), "Dieses Feld muss ein Text sein."});
        else text.fields.emplace_back(std::string(name), std::string(s));
    }
    std::string activities = "{";   // a PostgreSQL text array of what was sent, quoted
    simdjson::dom::array list;
    if (body["activities"].get(list) == simdjson::SUCCESS) {
        if (list.size() > 20) v.push_back({"activities", "Bitte wählen Sie höchstens 20 Einträge."});
        for (auto item : list) {
            std::string_view s;
            if (item.get(s) != simdjson::SUCCESS || s.size() > 100) continue;
            if (activities.size() > 1) activities += ',';
            activities += '"';
            for (char c : s)
                if (c != '"' && c != '\\') activities += c;
            activities += '"';
        }
    }
    activities += '}';
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // The editor sends ids or slugs; the exemptions of the list name slugs.
    CO_TRY(auto r, co_await loop_.pg.read("SELECT slug FROM activities WHERE slug = ANY ($1::text[]) OR id::text = ANY ($1::text[])",
                                           pg::bind(activities)));
    for (int i = 0; i < r.rows(); ++i) text.activities.emplace_back(r.text(i, 0));
    co_return "{\"wordingFindings\":" + wording::to_json(wording::check(wording::shipped_rules(), text)) + "}";
}

task<result<std::string>> job_postings_editor::review_queue() {
    CO_TRY(auto r, co_await loop_.pg.read(
                       "SELECT json_build_object('@type', 'hydra:Collection', "
                       "         'hydra:member', coalesce(json_agg(jh_job_review_json(x.id) ORDER BY x.review_since, x.id), '[]'), "
                       "         'hydra:totalItems', (SELECT count(*) FROM job_postings WHERE review_since IS NOT NULL AND active))::text "
                       "  FROM (SELECT j.id, j.review_since FROM job_postings j WHERE j.review_since IS NOT NULL AND j.active "
                       "         ORDER BY j.review_since, j.id LIMIT 200) x"));
    co_return std::string(r.text(0, 0));
}

task<result<std::string>> job_postings_editor::release(std::int64_t id) {
    CO_TRY(auto done, co_await loop_.pg.query("SELECT jh_job_review_release($1)", pg::bind(id)));
    if (!done.boolean(0, 0)) co_return co_await not_changed(loop_.pg, id);
    CO_TRY(auto r, co_await loop_.pg.read("SELECT jh_job_review_json($1)::text", pg::bind(id)));
    co_return std::string(r.text(0, 0));
}

task<result<std::string>> job_postings_editor::reject(std::int64_t id, simdjson::dom::object body) {
    std::vector<violation> v;
    auto reason = reason_of(body, v);
    if (!reason) co_return std::unexpected(app_error::invalid(std::move(v)));
    // One statement: the job goes back to its provider and the mails are queued with it.
    CO_TRY(auto done, co_await loop_.pg.query("SELECT jh_job_review_reject($1, $2)", pg::bind(id, *reason)));
    if (!done.boolean(0, 0)) co_return co_await not_changed(loop_.pg, id);
    job_queue::wake(loop_, messages::queue::mail);
    CO_TRY(auto r, co_await loop_.pg.read("SELECT jh_job_review_json($1)::text", pg::bind(id)));
    co_return std::string(r.text(0, 0));
}

}  // namespace jh
