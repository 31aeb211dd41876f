// job_postings_editor.cpp: see job_postings_editor.h.
//
// A write goes: check the body in C++ (bounds first, then rules; every violation collected) into a
// normalised merge-patch document → resolve activity / employment type / industry names and
// geocode the locations in one SQL statement → one transaction that locks the job, checks its
// state, applies the document (jh_job_posting_apply, migration 0090) and, for a published job,
// checks what publication needs. The job index hears every committed change through the NOTIFY
// triggers of migration 0061; the SQL search reads the tables.
#include "actors/jobs/job_postings_editor.h"

#include <algorithm>
#include <cctype>

#include "actors/jobs/publication_channels.h"
#include "actors/jobs/wording_rules.h"

#include "actors/job_pay.h"
#include "actors/merge_patch.h"
#include "actors/pay_settings.h"
#include "actors/route.h"
#include "actors/field_rules.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/config.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace jobs {

std::string quota_message(std::int64_t active) {
    return "Sie haben bereits " + std::to_string(active) + (active == 1 ? " aktive Stellenanzeige" : " aktive Stellenanzeigen") +
           " – so viele, wie Ihr Kontingent erlaubt. Bitte pausieren oder beenden Sie eine Anzeige oder erweitern Sie Ihr "
           "Kontingent.";
}

}  // namespace jobs

namespace {

// A job that is not there, and what its state refuses (the other messages stand where they are
// answered).
constexpr const char* msg_posting_not_found = "Diese Stellenanzeige gibt es nicht.";
constexpr const char* msg_closed =
    "Diese Stellenanzeige ist beendet und kann nicht mehr geändert werden. Sie können sie duplizieren.";
constexpr const char* msg_closed_publish =
    "Eine beendete Stellenanzeige kann nicht wieder veröffentlicht werden. Sie können sie duplizieren.";
constexpr const char* msg_not_published =
    "Nur veröffentlichte oder zur Prüfung eingereichte Stellenanzeigen können pausiert werden.";
using jobs::provider_job;

constexpr std::size_t max_list_entries = 20;      // activities, employment types, industries, locations
constexpr std::size_t max_words = 50;              // brands, tags
constexpr std::size_t max_word_chars = 100;
constexpr std::size_t max_text_chars = 5000;       // the free texts of the job detail

// The members a provider writes, and those of the answer it may send back unchanged.
const std::initializer_list<std::string_view> writable = {
    "title", "description", "activities", "employmentTypes", "industries", "brands", "tags", "locations",
    "locationDescription", "periodDescription", "salaryDescription", "baseSalary", "salaryUnit", "salaryCurrency",
    "overnightStayAllowance", "travelExpenses", "specialPayments", "workingTime", "benefits", "requirement", "contact",
    "validThrough", "baseSalaryMax", "wageExemption", "channels"};
const std::initializer_list<std::string_view> read_only = {
    "@id", "@type", "@context", "id", "slug", "organization", "state", "isPublished", "top_job", "instant_teaser_job",
    "top_offer", "sponsored", "opportunity", "applicationsCount", "createdAt", "updatedAt", "publishedAt", "closedAt",
    "publicUrl", "payMissing", "wordingFindings", "review"};
constexpr std::pair<std::string_view, std::string_view> free_texts[] = {
    {"locationDescription", "locationDescription"}, {"periodDescription", "periodDescription"},
    {"salaryDescription", "salaryDescription"},     {"overnightStayAllowance", "overnightStayAllowance"},
    {"travelExpenses", "travelExpenses"},           {"specialPayments", "specialPayments"},
    {"workingTime", "workingTime"},                 {"benefits", "benefits"},
    {"requirement", "requirement"}};
constexpr std::string_view reference_lists[] = {"activities", "employmentTypes", "industries"};

bool only_digits(std::string_view s) {
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return !s.empty();
}

// "YYYY-MM-DD" → the end of that day in Berlin; "YYYY-MM-DDTHH:MM[:SS[.f]][Z|±HH:MM]" as given
// (Berlin time without an offset). nullopt when it is neither.
std::optional<std::string> timestamp_of(std::string_view s) {
    if (s.size() < 10 || !fields::is_date(s.substr(0, 10))) return std::nullopt;
    if (s.size() == 10) return std::string(s) + " 23:59:59 Europe/Berlin";
    if (s.size() > 35 || (s[10] != 'T' && s[10] != ' ')) return std::nullopt;
    std::string_view t = s.substr(11);
    if (t.size() < 5 || !only_digits(t.substr(0, 2)) || t[2] != ':' || !only_digits(t.substr(3, 2))) return std::nullopt;
    if (std::stoi(std::string(t.substr(0, 2))) > 23 || std::stoi(std::string(t.substr(3, 2))) > 59) return std::nullopt;
    t.remove_prefix(5);
    if (t.size() >= 3 && t[0] == ':') {
        if (!only_digits(t.substr(1, 2)) || std::stoi(std::string(t.substr(1, 2))) > 59) return std::nullopt;
        t.remove_prefix(3);
        if (!t.empty() && t[0] == '.') {
            std::size_t n = 1;
            while (n < t.size() && std::isdigit(static_cast<unsigned char>(t[n]))) ++n;
            if (n == 1 || n > 7) return std::nullopt;
            t.remove_prefix(n);
        }
    }
    if (t.empty()) return std::string(s) + " Europe/Berlin";
    if (t == "Z") return std::string(s);
    if (t.size() == 6 && (t[0] == '+' || t[0] == '-') && only_digits(t.substr(1, 2)) && t[3] == ':' && only_digits(t.substr(4, 2)))
        return std::string(s);
    return std::nullopt;
}

// The pay members this editor adds to the spec's (issue 42, docs/fair-play.md): the range's upper
// end and an explicit minimum-wage exemption. Their rules with the stored job: apply_pay below.
void read_pay_members(simdjson::dom::object body, patch::reader& rd) {
    simdjson::dom::element e;
    if (body["baseSalaryMax"].get(e) == simdjson::SUCCESS) rd.amount(e, "baseSalaryMax", "baseSalaryMax", 0, 99'999'999.99);
    if (body["wageExemption"].get(e) == simdjson::SUCCESS)
        rd.choice(e, "wageExemption", "wageExemption", {"freelance", "minor", "mandatory_internship"});
}

struct location_input {
    std::optional<std::string> street, zipcode, city;
    std::string country = "de";
    bool ok = true;   // no violation of its own (an unknown place is then worth reporting)
};

// Reads `locations` (already known to be present): the lookup document for
// jh_job_location_places and what the provider wrote per location. False when it is not a list
// of at most max_list_entries.
bool read_locations(simdjson::dom::element e, patch::reader& rd, json_writer& lookup, std::vector<location_input>& out) {
    lookup.begin_array();
    if (e.is_null()) {
        lookup.end_array();
        return true;
    }
    simdjson::dom::array a;
    if (e.get(a) != simdjson::SUCCESS) {
        rd.fail("locations", fields::msg::list);
        lookup.end_array();
        return false;
    }
    if (a.size() > max_list_entries) {
        rd.fail("locations", fields::msg::too_many);
        lookup.end_array();
        return false;
    }
    std::size_t i = 0;
    for (auto item : a) {
        std::size_t errors = rd.violations().size();
        std::string at = "locations[" + std::to_string(i++) + "]";
        simdjson::dom::object o;
        location_input in;
        if (item.get(o) != simdjson::SUCCESS) {
            rd.fail(at, patch::msg::object);
            in.ok = false;
            out.push_back(in);
            lookup.begin_object().member("city", "").end_object();
            continue;
        }
        patch::unknown_members(o, {"street", "zipcode", "city", "country", "placeId"},
                               {"id", "lat", "lon", "@id", "@type", "name", "label"}, at + ".", rd.violations());
        // Each field is written into a scratch document: only the lookup and the inputs matter here.
        std::string scratch;
        json_writer sw(scratch);
        patch::reader field(rd.violations(), sw);
        sw.begin_object();
        simdjson::dom::element f;
        if (o["country"].get(f) == simdjson::SUCCESS && !f.is_null())
            if (auto c = field.choice(f, at + ".country", "country", {"de", "at", "ch"})) in.country = *c;
        if (o["street"].get(f) == simdjson::SUCCESS) in.street = field.text(f, at + ".street", "street", 200);
        if (o["zipcode"].get(f) == simdjson::SUCCESS) {
            in.zipcode = field.text(f, at + ".zipcode", "zipcode", 20);
            if (in.zipcode && !fields::is_zip_code_for_country(*in.zipcode, in.country))
                field.fail(at + ".zipcode", fields::msg::zip_code);
        }
        if (o["city"].get(f) == simdjson::SUCCESS) in.city = field.text(f, at + ".city", "city", 200);
        std::optional<std::int64_t> place;
        if (o["placeId"].get(f) == simdjson::SUCCESS && !f.is_null()) place = field.integer(f, at + ".placeId", "placeId", 1, 2'000'000'000);
        sw.end_object();
        lookup.begin_object();
        if (place) lookup.member("placeId", *place);
        else if (in.city) lookup.member("city", *in.city).member("country", in.country);
        else {
            bool place_given = o["placeId"].get(f) == simdjson::SUCCESS && !f.is_null();   // if so, its violation is in
            if (!place_given) rd.fail(at + ".city", fields::msg::required);
            lookup.member("city", "").member("country", in.country);
        }
        lookup.end_object();
        in.ok = rd.violations().size() == errors;
        out.push_back(std::move(in));
    }
    lookup.end_array();
    return true;
}

}  // namespace

// The body, checked and resolved: the document jh_job_posting_apply takes.
struct job_postings_editor::checked_patch {
    std::string doc;
};

job_postings_editor::job_postings_editor(loop_context& loop, organization_editor& organizations)
    : loop_(loop), organizations_(organizations), minimum_wage_(minimum_wage_figures(section<pay_settings>(loop.cfg))) {}

namespace {

// The members that are values of their own: texts, pay, the channels, the contact, the end date.
task<result<void>> job_editor_read_values(pg::pool& db, simdjson::dom::object body, bool creating, patch::reader& rd, json_writer& out) {
    simdjson::dom::element e;

    if (body["title"].get(e) == simdjson::SUCCESS) rd.text(e, "title", "title", 200, true);
    else if (creating) rd.fail("title", fields::msg::required);
    if (body["description"].get(e) == simdjson::SUCCESS) rd.text(e, "description", "description", 50000);
    for (auto [name, key] : free_texts)
        if (body[name].get(e) == simdjson::SUCCESS) rd.text(e, std::string(name), key, max_text_chars);
    if (body["brands"].get(e) == simdjson::SUCCESS) rd.strings(e, "brands", "brands", max_words, max_word_chars);
    if (body["tags"].get(e) == simdjson::SUCCESS) rd.strings(e, "tags", "tags", max_words, max_word_chars);
    if (body["baseSalary"].get(e) == simdjson::SUCCESS) rd.amount(e, "baseSalary", "baseSalary", 0, 99'999'999.99);
    // The channels the job is published in (issue 44 item 5): offered slugs only, Jobhafen kept.
    if (body["channels"].get(e) == simdjson::SUCCESS) {
        CO_TRY(auto offered, co_await jobs::channels::offered_slugs(db));
        jobs::channels::read(e, rd, offered);
    }
    if (body["salaryUnit"].get(e) == simdjson::SUCCESS) rd.choice(e, "salaryUnit", "salaryUnit", {"hour", "day", "month", "project"});
    if (body["salaryCurrency"].get(e) == simdjson::SUCCESS) rd.choice(e, "salaryCurrency", "salaryCurrency", {"EUR", "CHF"});
    read_pay_members(body, rd);
    if (body["contact"].get(e) == simdjson::SUCCESS) rd.contact(e, "contact");
    if (body["validThrough"].get(e) == simdjson::SUCCESS) {
        std::string_view s;
        if (e.is_null()) out.key("validThrough").null();
        else if (e.get(s) != simdjson::SUCCESS || s.size() > 40 || !timestamp_of(s))
            rd.fail("validThrough", "Dieses Feld muss ein Datum (JJJJ-MM-TT) oder ein Zeitpunkt nach ISO 8601 sein.");
        else out.member("validThrough", *timestamp_of(s));
    }

    co_return result<void>{};
}

// The members that name rows (activities, employment types, industries) and the places of work:
// checked, then resolved into ids by one statement (an absent list is the empty list); a name
// that resolves to nothing is a violation at its index.
task<result<void>> job_editor_resolve_rows(pg::pool& db, simdjson::dom::object body, std::vector<violation>& v, patch::reader& rd,
                                           json_writer& out) {
    simdjson::dom::element e;
    // The lists that name rows: checked here, resolved below.
    std::string refs[3];
    bool present[3] = {false, false, false};
    for (int k = 0; k < 3; ++k) {
        if (body[reference_lists[k]].get(e) != simdjson::SUCCESS) continue;
        json_writer rw(refs[k]);
        rw.begin_object();
        patch::reader list_reader(v, rw);
        present[k] = list_reader.strings(e, std::string(reference_lists[k]), "v", max_list_entries, 100).has_value();
        rw.end_object();
    }
    std::string lookup = "[]";
    std::vector<location_input> locations;
    bool has_locations = false;
    if (body["locations"].get(e) == simdjson::SUCCESS) {
        lookup.clear();
        json_writer lw(lookup);
        has_locations = read_locations(e, rd, lw, locations);
    }

    // One statement resolves every list (an absent one is the empty list).
    auto list_of = [&](int k) {
        if (!present[k]) return std::string("[]");
        simdjson::dom::parser p;
        simdjson::dom::element d;
        if (p.parse(refs[k]).get(d) != simdjson::SUCCESS) return std::string("[]");
        return std::string(simdjson::minify(d["v"]));
    };
    std::vector<std::int64_t> ids[3];
    if (present[0] || present[1] || present[2] || has_locations) {
        // Named first: a temporary with a destructor inside a co_await expression is not safe with g++ 12.
        std::string activities = list_of(0), employment_types = list_of(1), industries = list_of(2);
        if (!has_locations) lookup = "[]";
        pg::params resolve = pg::bind(activities, employment_types, industries, lookup);
        CO_TRY(auto r, co_await db.query(
                           "SELECT 'activities', r.ord, r.id, NULL::text, NULL::text, NULL::float8, NULL::float8 "
                           "  FROM jh_reference_ids('activities', $1::jsonb) r "
                           "UNION ALL SELECT 'employmentTypes', r.ord, r.id, NULL, NULL, NULL, NULL FROM jh_reference_ids('employmentTypes', $2::jsonb) r "
                           "UNION ALL SELECT 'industries', r.ord, r.id, NULL, NULL, NULL, NULL FROM jh_reference_ids('industries', $3::jsonb) r "
                           "UNION ALL SELECT 'locations', l.ord, l.place_id, l.name, l.country, l.lat, l.lon "
                           "  FROM jh_job_location_places($4::jsonb) l ORDER BY 1, 2",
                           std::move(resolve)));
        std::vector<int> location_rows;
        for (int i = 0; i < r.rows(); ++i) {
            std::string_view kind = r.text(i, 0);
            std::int64_t ord = r.int64(i, 1) - 1;
            if (kind == "locations") {
                if (r.is_null(i, 2) && locations.at(static_cast<std::size_t>(ord)).ok)
                    rd.fail("locations[" + std::to_string(ord) + "].city",
                            "Diesen Ort kennen wir nicht. Bitte wählen Sie einen Ort aus der Vorschlagsliste.");
                location_rows.push_back(i);
                continue;
            }
            int k = kind == "activities" ? 0 : kind == "employmentTypes" ? 1 : 2;
            if (r.is_null(i, 2))
                rd.fail(std::string(reference_lists[k]) + "[" + std::to_string(ord) + "]", "Diese Auswahl gibt es nicht.");
            else ids[k].push_back(r.int64(i, 2));
        }
        for (int k = 0; k < 3; ++k) {
            if (!present[k]) continue;
            out.key(reference_lists[k]).begin_array();
            for (auto id : ids[k]) out.value(std::to_string(id));
            out.end_array();
        }
        if (has_locations) {
            out.key("locations").begin_array();
            for (int i : location_rows) {
                if (r.is_null(i, 2)) continue;
                const location_input& in = locations.at(static_cast<std::size_t>(r.int64(i, 1) - 1));
                out.begin_object()
                    .member("place_id", r.int64(i, 2))
                    .member("street", in.street)
                    .member("zipcode", in.zipcode)
                    .member("city", std::string(r.text(i, 3)))
                    .member("country", std::string(r.text(i, 4)))
                    .member("lat", r.number(i, 5))
                    .member("lon", r.number(i, 6))
                    .end_object();
            }
            out.end_array();
        }
    }
    co_return result<void>{};
}

}  // namespace

task<result<job_postings_editor::checked_patch>> job_postings_editor::check(simdjson::dom::object body, bool creating) {
    std::vector<violation> v;
    std::string doc;
    json_writer out(doc);
    patch::reader rd(v, out);
    out.begin_object();
    patch::unknown_members(body, writable, read_only, "", v);
    CO_CHECK(co_await job_editor_read_values(loop_.pg, body, creating, rd, out));
    CO_CHECK(co_await job_editor_resolve_rows(loop_.pg, body, v, rd, out));
    out.end_object();
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    co_return checked_patch{std::move(doc)};
}

namespace {

// The job row locked for a change, after the caller's organization was checked.
struct locked_job {
    std::string state;
};

task<result<locked_job>> lock_job(pg::transaction& tx, std::int64_t id, std::int64_t org) {
    CO_TRY(auto r, co_await tx.query("SELECT organization_id, jh_job_posting_state(review_since, is_published, active, published_at, valid_through) "
                                     "  FROM job_postings WHERE id = $1 FOR UPDATE",
                                     pg::bind(id)));
    if (r.rows() == 0 || r.int64(0, 0) != org) co_return fail(error_kind::not_found, msg_posting_not_found);
    co_return locked_job{std::string(r.text(0, 1))};
}

// What publication needs, for a job about to be published or changed while published.
task<result<void>> check_publishable(pg::transaction& tx, std::int64_t id, const per_year_figures& minimum_wage) {
    CO_TRY(auto r, co_await tx.query("SELECT btrim(j.description) <> '', cardinality(j.activity_ids) > 0, "
                                     "       EXISTS (SELECT 1 FROM job_posting_locations l WHERE l.job_posting_id = j.id), "
                                     "       j.valid_through IS NULL OR j.valid_through > now() "
                                     "  FROM job_postings j WHERE j.id = $1",
                                     pg::bind(id)));
    std::vector<violation> v;
    if (!r.boolean(0, 0)) v.push_back({"description", std::string(fields::msg::required)});
    if (!r.boolean(0, 1)) v.push_back({"activities", std::string(fields::msg::required)});
    if (!r.boolean(0, 2)) v.push_back({"locations", std::string(fields::msg::required)});
    if (!r.boolean(0, 3)) v.push_back({"validThrough", "Das Datum muss in der Zukunft liegen."});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // The pay and the minimum wage (issue 42): its own rule, pay::check_job.
    CO_CHECK(co_await pay::check_job(tx, id, true, minimum_wage));
    co_return result<void>{};
}

// ---- the AGG wording check (issue 42 item 3, wording_rules.h) -------------------------------------

// The job's stored texts in the API's member names, its activities, and the finding keys an
// administrator released (0240_job_review.sql).
struct stored_text {
    wording::job_text text;
    std::vector<std::string> released;
};

constexpr std::string_view text_members[] = {"title", "description", "locationDescription", "periodDescription",
                                             "salaryDescription", "overnightStayAllowance", "travelExpenses",
                                             "specialPayments", "workingTime", "benefits", "requirement"};

template <class Querier>
task<result<stored_text>> read_text(Querier& q, std::int64_t id) {
    CO_TRY(auto r, co_await q.query(
                       "SELECT j.title, j.description, j.location_description, j.period_description, j.salary_description, "
                       "       j.overnight_stay_allowance, j.travel_expenses, j.special_payments, j.working_time, j.benefits, "
                       "       j.requirement, "
                       "       (SELECT string_agg(a.slug, ',') FROM activities a WHERE a.id = ANY (j.activity_ids)), "
                       "       (SELECT string_agg(k, E'\\n') FROM jsonb_array_elements_text(coalesce(j.review_released, '[]')) k) "
                       "  FROM job_postings j WHERE j.id = $1",
                       pg::bind(id)));
    stored_text out;
    if (r.rows() != 1) co_return out;
    for (int c = 0; c < 11; ++c)
        if (!r.is_null(0, c)) out.text.fields.emplace_back(std::string(text_members[c]), std::string(r.text(0, c)));
    auto split = [](std::string_view s, char sep, std::vector<std::string>& into) {
        while (!s.empty()) {
            auto at = s.find(sep);
            into.emplace_back(s.substr(0, at));
            if (at == std::string_view::npos) break;
            s.remove_prefix(at + 1);
        }
    };
    if (!r.is_null(0, 11)) split(r.text(0, 11), ',', out.text.activities);
    if (!r.is_null(0, 12)) split(r.text(0, 12), '\n', out.released);
    co_return out;
}

// The findings of the job's stored text, and those of them no administrator released.
struct wording_state {
    std::vector<wording::finding> all, open;
};

template <class Querier>
task<result<wording_state>> wording_of(Querier& q, std::int64_t id) {
    CO_TRY(auto stored, co_await read_text(q, id));
    wording_state out;
    out.all = wording::check(wording::shipped_rules(), stored.text);
    for (const auto& f : out.all)
        if (std::find(stored.released.begin(), stored.released.end(), f.key()) == stored.released.end()) out.open.push_back(f);
    co_return out;
}

// Every change ends the same way: the job `id` as its provider sees it then is the answer, with
// the findings of its text as warnings (wordingFindings), read in `tx` before it commits.
task<result<provider_job>> commit_answering(pg::transaction& tx, std::int64_t id) {
    CO_TRY(auto wording, co_await wording_of(tx, id));
    // Named first: a temporary with a destructor inside a co_await expression is not safe with g++ 12.
    std::string findings = wording::to_json(wording.all);
    CO_TRY(auto r, co_await tx.query("SELECT (jh_provider_job_json($1) || jsonb_build_object('wordingFindings', $2::jsonb))::text",
                                     pg::bind(id, findings)));
    CO_CHECK(co_await tx.commit());
    co_return provider_job{id, std::string(r.text(0, 0))};
}

// Publishing the locked job `id` whose publication checks passed: public at once when its text has
// no open findings, else it waits for an administrator (review_since; is_published stays false, so
// no reader shows it). A job held while its organization was offline is no longer held either way.
task<result<void>> publish_or_review(pg::transaction& tx, std::int64_t id) {
    CO_TRY(auto wording, co_await wording_of(tx, id));
    if (wording.open.empty()) {
        // The slug follows the title until the first publication; afterwards links stay.
        CO_CHECK(co_await tx.query("UPDATE job_postings SET is_published = true, held_at = NULL, review_since = NULL, "
                                   "       slug = CASE WHEN published_at IS NULL THEN jh_job_posting_slug(title, id) ELSE slug END "
                                   " WHERE id = $1",
                                   pg::bind(id)));
        co_return result<void>{};
    }
    std::string findings = wording::to_json(wording.open, true);   // named: see commit_answering
    CO_CHECK(co_await tx.query("UPDATE job_postings SET is_published = false, held_at = NULL, "
                               "       review_since = coalesce(review_since, now()), review_findings = $2::jsonb, "
                               "       review_rejected_at = NULL, review_rejection = NULL "
                               " WHERE id = $1",
                               pg::bind(id, findings)));
    co_return result<void>{};
}

// The pay members jh_job_posting_apply does not know (read_pay_members), then the pay's field
// rules against the stored job (a range in order, sane bounds, an exemption the job can have).
task<result<void>> apply_pay(pg::transaction& tx, std::int64_t id, const std::string& doc) {
    CO_CHECK(co_await tx.query(
        "UPDATE job_postings SET "
        "  base_salary_max = CASE WHEN $2::jsonb ? 'baseSalaryMax' THEN ($2::jsonb ->> 'baseSalaryMax')::numeric ELSE base_salary_max END, "
        "  wage_exemption = CASE WHEN $2::jsonb ? 'wageExemption' THEN $2::jsonb ->> 'wageExemption' ELSE wage_exemption END "
        " WHERE id = $1 AND ($2::jsonb ? 'baseSalaryMax' OR $2::jsonb ? 'wageExemption')",
        pg::bind(id, doc)));
    static const per_year_figures not_needed;   // the field rules need no figures (named: see check's note on g++ 12)
    co_return co_await pay::check_job(tx, id, false, not_needed);
}

// The channels jh_job_posting_apply does not know (publication_channels.h): the checked list as
// it is, so a channel left out is deselected. A change of a live job's `google` queues its
// notification through the trigger of R__jh_google_index_jobs_changed.sql.
task<result<void>> apply_channels(pg::transaction& tx, std::int64_t id, const std::string& doc) {
    CO_CHECK(co_await tx.query("UPDATE job_postings SET publication_channels = ARRAY(SELECT jsonb_array_elements_text($2::jsonb -> 'channels')) "
                               " WHERE id = $1 AND $2::jsonb ? 'channels'",
                               pg::bind(id, doc)));
    co_return result<void>{};
}

// Applies a checked document; the salary needs its unit (a CHECK of the table).
task<result<void>> apply(pg::transaction& tx, std::int64_t id, const std::string& doc) {
    auto r = co_await tx.query("SELECT jh_job_posting_apply($1, $2::jsonb)", pg::bind(id, doc));
    if (!r) {
        if (r.error().sqlstate == "23514")
            co_return std::unexpected(app_error::invalid(
                {{"salaryUnit", "Bitte geben Sie an, wofür das Gehalt gilt (Stunde, Tag, Monat oder Projekt)."}}));
        co_return std::unexpected(r.error().to_app_error());
    }
    CO_CHECK(co_await apply_channels(tx, id, doc));
    co_return co_await apply_pay(tx, id, doc);
}

// Publishes the locked job `id` in `state` within `tx`, the organization's quota locked first. A
// published job stays as it is; a closed one cannot be published.
task<result<void>> publish_locked(pg::transaction& tx, std::int64_t id, std::string_view state,
                                  const organization_editor::ad_quota& quota, const per_year_figures& minimum_wage) {
    if (state == "closed") co_return fail(error_kind::conflict, msg_closed_publish);
    if (state == "published" || state == "review") co_return result<void>{};
    CO_CHECK(co_await check_publishable(tx, id, minimum_wage));
    if (quota.active >= quota.allowed) co_return fail(error_kind::conflict, jobs::quota_message(quota.active));
    // A job held while its organization was offline (and left over the quota when it came back) is
    // no longer held once its provider publishes it.
    co_return co_await publish_or_review(tx, id);
}

}  // namespace

task<result<provider_job>> job_postings_editor::create(const auth::identity& who, simdjson::dom::object body, bool publish) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    simdjson::dom::element e;
    if (body["organization"].get(e) == simdjson::SUCCESS && id_or_iri(e) != ms.organization_id)
        co_return fail(error_kind::forbidden, "Sie können Stellenanzeigen nur für Ihr eigenes Unternehmen anlegen.");
    CO_TRY(auto checked, co_await check(body, true));
    std::string title;
    if (body["title"].get(e) == simdjson::SUCCESS) title = std::string(e.get_string().value_unsafe());

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<provider_job>> {
        CO_TRY(auto id, co_await create_in(tx, ms.organization_id, title, checked.doc, publish));
        co_return co_await commit_answering(tx, id);
    });
}

task<result<std::int64_t>> job_postings_editor::create_in(pg::transaction& tx, std::int64_t org, const std::string& title,
                                                         const std::string& doc, bool publish) {
    // The organization first, as publish does: two publications at once wait for each other at the quota.
    std::optional<organization_editor::ad_quota> quota;
    if (publish) {
        CO_TRY(quota, co_await organizations_.lock_ad_quota(tx, org));
    }
    CO_TRY(auto ins, co_await tx.query("INSERT INTO job_postings (id, slug, organization_id, title) "
                                       "SELECT n, jh_job_posting_slug($2, n), $1, btrim($2) "
                                       "  FROM (SELECT nextval(pg_get_serial_sequence('job_postings', 'id')) AS n) s RETURNING id",
                                       pg::bind(org, title)));
    std::int64_t id = ins.int64(0, 0);
    CO_CHECK(co_await apply(tx, id, doc));
    // A failed publication returns before the commit: the transaction is rolled back, nothing is created.
    if (quota) {
        CO_CHECK(co_await publish_locked(tx, id, "draft", *quota, minimum_wage_));
    }
    co_return id;
}

task<result<provider_job>> job_postings_editor::patch(const auth::identity& who, std::int64_t id, simdjson::dom::object body,
                                                      bool publish) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    CO_TRY(auto checked, co_await check(body, false));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<provider_job>> {
        CO_CHECK(co_await patch_in(tx, ms.organization_id, id, checked.doc, publish));
        co_return co_await commit_answering(tx, id);
    });
}

task<result<void>> job_postings_editor::patch_in(pg::transaction& tx, std::int64_t org, std::int64_t id, const std::string& doc,
                                                 bool publish) {
    std::optional<organization_editor::ad_quota> quota;
    if (publish) {
        CO_TRY(quota, co_await organizations_.lock_ad_quota(tx, org));
    }
    CO_TRY(auto job, co_await lock_job(tx, id, org));
    if (job.state == "closed") co_return fail(error_kind::conflict, publish ? msg_closed_publish : msg_closed);
    CO_CHECK(co_await apply(tx, id, doc));
    // Publishing checks what publication needs; so does every change of a published job. A failure
    // returns before the commit, so the saved fields are rolled back with it.
    // A change of a published job or of one waiting for review is a publication of its new text:
    // with open findings of the wording check it (still) waits for review, without it is public.
    if (job.state == "published" || job.state == "review") {
        CO_CHECK(co_await check_publishable(tx, id, minimum_wage_));
        CO_CHECK(co_await publish_or_review(tx, id));
    } else if (quota) {
        CO_CHECK(co_await publish_locked(tx, id, job.state, *quota, minimum_wage_));
    }
    co_return result<void>{};
}

// ---- the job import (job_imports.cpp): each row is what create or patch would do ------------------

task<result<std::string>> job_postings_editor::check_imported(simdjson::dom::object body, bool creating) {
    CO_TRY(auto checked, co_await check(body, creating));
    co_return std::move(checked.doc);
}

task<result<std::int64_t>> job_postings_editor::write_imported(pg::transaction& tx, std::int64_t org, std::optional<std::int64_t> existing,
                                                              const std::string& reference, const std::string& title,
                                                              const std::string& doc, bool publish) {
    if (existing) {
        CO_CHECK(co_await patch_in(tx, org, *existing, doc, publish));
        co_return *existing;
    }
    if (title.empty()) co_return std::unexpected(app_error::invalid({{"title", std::string(fields::msg::required)}}));
    CO_TRY(auto id, co_await create_in(tx, org, title, doc, publish));
    // The unique index of migration 0390 guards the reference; the import holds the organization's
    // row locked, so no other import of it writes the same reference meanwhile.
    CO_CHECK(co_await tx.query("UPDATE job_postings SET external_reference = $2 WHERE id = $1", pg::bind(id, reference)));
    co_return id;
}

task<result<provider_job>> job_postings_editor::publish(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<provider_job>> {
        // The organization first: two publications at once wait for each other at the quota.
        CO_TRY(auto quota, co_await organizations_.lock_ad_quota(tx, ms.organization_id));
        CO_TRY(auto job, co_await lock_job(tx, id, ms.organization_id));
        CO_CHECK(co_await publish_locked(tx, id, job.state, quota, minimum_wage_));
        co_return co_await commit_answering(tx, id);
    });
}

task<result<provider_job>> job_postings_editor::unpublish(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<provider_job>> {
        CO_TRY(auto job, co_await lock_job(tx, id, ms.organization_id));
        // A job waiting for review leaves the queue (its provider withdrew it).
        if (job.state != "published" && job.state != "review") co_return fail(error_kind::conflict, msg_not_published);
        CO_CHECK(co_await tx.query("UPDATE job_postings SET is_published = false, review_since = NULL WHERE id = $1", pg::bind(id)));
        co_return co_await commit_answering(tx, id);
    });
}

task<result<provider_job>> job_postings_editor::close(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<provider_job>> {
        CO_TRY(auto job, co_await lock_job(tx, id, ms.organization_id));
        // A job that was ever public keeps is_published, so its detail answers 410 (gone), not 404.
        if (job.state != "closed")
            CO_CHECK(co_await tx.query("UPDATE job_postings SET active = false, closed_at = now(), review_since = NULL, "
                                       "       is_published = published_at IS NOT NULL "
                                       " WHERE id = $1",
                                       pg::bind(id)));
        // Closing answered the open applications in this transaction (the trigger of migration
        // 0210): their mails are queued; wake the mail worker.
        CO_TRY(auto answer, co_await commit_answering(tx, id));
        job_queue::wake(loop_, messages::queue::mail);
        co_return answer;
    });
}

task<result<provider_job>> job_postings_editor::duplicate(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<provider_job>> {
        CO_TRY(auto job, co_await lock_job(tx, id, ms.organization_id));
        (void)job;
        CO_TRY(auto r, co_await tx.query("SELECT jh_job_posting_duplicate($1)", pg::bind(id)));
        co_return co_await commit_answering(tx, r.int64(0, 0));
    });
}

task<result<provider_job>> job_postings_editor::one(const auth::identity& who, std::int64_t org, std::int64_t id) {
    CO_TRY(auto ms, co_await organizations_.member_of(who, org, false));
    (void)ms;
    CO_TRY(auto mine, co_await loop_.pg.read("SELECT 1 FROM job_postings WHERE id = $1 AND organization_id = $2", pg::bind(id, org)));
    if (mine.rows() == 0) co_return fail(error_kind::not_found, msg_posting_not_found);
    // The editor loads the job here: with the findings of its text, as after every change.
    CO_TRY(auto wording, co_await wording_of(loop_.pg, id));
    std::string findings = wording::to_json(wording.all);   // named: see commit_answering
    CO_TRY(auto r, co_await loop_.pg.read("SELECT (jh_provider_job_json($1) || jsonb_build_object('wordingFindings', $2::jsonb))::text",
                                           pg::bind(id, findings)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, msg_posting_not_found);
    co_return provider_job{id, std::string(r.text(0, 0))};
}

task<result<std::string>> job_postings_editor::publication_channels() {
    co_return co_await jobs::channels::offered_json(loop_.pg);
}

task<result<jobs::provider_job_page>> job_postings_editor::list(const auth::identity& who, std::int64_t org,
                                                                 std::optional<std::string> state, int page, int per_page) {
    CO_TRY(auto ms, co_await organizations_.member_of(who, org, false));
    (void)ms;
    CO_TRY(auto r, co_await loop_.pg.read(
                       "WITH mine AS (SELECT j.id, j.updated_at FROM job_postings j WHERE j.organization_id = $1 "
                       "                 AND ($2::text IS NULL OR jh_job_posting_state(j.review_since, j.is_published, j.active, j.published_at, "
                       "                                                               j.valid_through) = $2)) "
                       "SELECT (SELECT count(*) FROM mine), p.json FROM (SELECT 1) one "
                       "  LEFT JOIN LATERAL (SELECT jh_provider_job_json(x.id)::text AS json, x.updated_at, x.id FROM mine x "
                       "                      ORDER BY x.updated_at DESC, x.id DESC LIMIT $3 OFFSET $4) p ON true "
                       " ORDER BY p.updated_at DESC, p.id DESC",
                       pg::bind(org, state, per_page, static_cast<std::int64_t>(page - 1) * per_page)));
    jobs::provider_job_page out;
    out.page = page;
    out.per_page = per_page;
    out.total = r.rows() ? r.int64(0, 0) : 0;
    for (int i = 0; i < r.rows(); ++i)
        if (!r.is_null(i, 1)) out.items.emplace_back(r.text(i, 1));
    co_return out;
}

}  // namespace jh
