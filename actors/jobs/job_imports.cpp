// job_imports.cpp: see job_imports.h.
#include "actors/jobs/job_imports.h"

#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "actors/jobs/job_import_files.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/multipart.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

namespace imp_rows = jobs::import_rows;
namespace imp_files = jobs::import_files;

constexpr const char* msg_import_org_not_found = "Dieses Unternehmen gibt es nicht.";
constexpr const char* msg_import_running =
    "Für Ihr Unternehmen läuft gerade ein anderer Import. Bitte versuchen Sie es noch einmal, wenn er fertig ist.";

// What the pool thread hands back: the rows, or why the file as a whole is refused.
struct import_prepared {
    std::optional<app_error> refusal;
    imp_rows::format fmt = imp_rows::format::csv;
    imp_rows::mapped mapped;
};

app_error import_file_refusal(std::string message) { return app_error::invalid({{"file", std::move(message)}}); }

// Reads the whole file part (at most max_import_file_bytes, the multipart parser's bound).
std::optional<std::string> import_read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return bytes;
}

// The parsed form → the file's rows, on the file store's thread (its parts are removed here).
import_prepared import_prepare(const multipart_form& form) {
    import_prepared out;
    std::optional<std::string> bytes;
    for (const auto& f : form.files)
        if (f.field == "file" && !bytes) bytes = import_read_file(f.path);
    remove_parts(form);
    if (!bytes || bytes->empty()) {
        out.refusal = import_file_refusal("Bitte wählen Sie eine Datei aus (CSV oder XML im Indeed-Format).");
        return out;
    }
    out.fmt = imp_files::looks_like_xml(*bytes) ? imp_rows::format::indeed_xml : imp_rows::format::csv;
    auto table = out.fmt == imp_rows::format::csv ? imp_files::read_csv(*bytes) : imp_files::read_indeed_xml(*bytes);
    if (!table) {
        out.refusal = import_file_refusal(table.error().message);
        return out;
    }
    out.mapped = imp_rows::map(*table, out.fmt);
    if (!out.mapped.missing_columns.empty()) {
        std::vector<violation> v;
        for (const auto& c : out.mapped.missing_columns) v.push_back({"file", "Die Spalte „" + c + "“ fehlt."});
        out.refusal = app_error::invalid(std::move(v));
    } else if (out.mapped.rows.empty()) {
        out.refusal = import_file_refusal("Die Datei enthält keine Stellen.");
    }
    return out;
}

// The editor's violations under the file's column names; two of one column are joined.
std::map<std::string, std::string> import_errors_by_column(const std::vector<violation>& v, imp_rows::format f, bool already_columns) {
    std::map<std::string, std::string> out;
    for (const auto& x : v) {
        std::string column = already_columns ? x.property_path : imp_rows::column_of(x.property_path, f);
        auto& m = out[column];
        if (m.find(x.message) != std::string::npos) continue;
        m += m.empty() ? x.message : " " + x.message;
    }
    return out;
}

// The organization's jobs that are not closed, by reference, among the references of those `rows`
// that `named` keeps (a row's `reference`).
template <class Querier, class Rows, class Named>
task<result<std::map<std::string, std::int64_t>>> import_existing(Querier& q, std::int64_t org, const Rows& rows, Named named) {
    std::string refs;
    {
        json_writer w(refs);
        w.begin_array();
        for (const auto& row : rows)
            if (named(row)) w.value(row.reference);
        w.end_array();
    }
    CO_TRY(auto r, co_await q.query("SELECT external_reference, id FROM job_postings "
                                    " WHERE organization_id = $1 AND active "
                                    "   AND external_reference IN (SELECT jsonb_array_elements_text($2::jsonb))",
                                    pg::bind(org, refs)));
    std::map<std::string, std::int64_t> out;
    for (int i = 0; i < r.rows(); ++i) out.emplace(std::string(r.text(i, 0)), r.int64(i, 1));
    co_return out;
}

}  // namespace

// One row's fate: refused with its errors (by column), or its checked document and what became of it.
struct job_importer::outcome {
    std::size_t row = 0;
    std::string reference;
    std::map<std::string, std::string> errors;
    std::string doc, title;
    bool publish = true;
    std::optional<std::int64_t> id;
    std::string action = "refuse";
};

job_importer::job_importer(loop_context& loop, organization_editor& organizations, job_postings_editor& editor)
    // One file read at a time per loop, a few waiting: an import is seconds of one pool thread.
    : loop_(loop), organizations_(organizations), editor_(editor), files_(loop, 1) {}

task<result<std::int64_t>> job_importer::acting_for(const auth::identity& who, std::int64_t org) {
    // Whether the caller may write at all first (blocked, under review, rejected: 403), then
    // whether `org` is theirs: another organization's import is 404, as its jobs are.
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    if (ms.organization_id != org) co_return fail(error_kind::not_found, msg_import_org_not_found);
    co_return ms.organization_id;
}

task<result<std::string>> job_importer::template_csv(const auth::identity& who, std::int64_t org) {
    CO_TRY(auto id, co_await acting_for(who, org));
    (void)id;
    co_return imp_rows::template_csv();
}

task<result<std::string>> job_importer::run(const auth::identity& who, std::int64_t org, files::upload upload, bool dry_run) {
    CO_TRY(auto org_id, co_await acting_for(who, org));
    if (!multipart_boundary(upload.content_type) || upload.body_file.empty())
        co_return fail(error_kind::bad_request, "Bitte senden Sie die Datei als Formular (multipart/form-data) im Feld „file“.");
    auto form = co_await files_.parse(std::move(upload), jobs::max_import_file_bytes);
    if (!form && form.error().kind == error_kind::payload_too_large)
        co_return fail(error_kind::payload_too_large, std::string(jobs::msg_import_too_large));
    if (!form) co_return std::unexpected(std::move(form.error()));
    auto job = [f = std::move(*form)] { return import_prepare(f); };
    CO_TRY(auto prepared, co_await files_.run(std::move(job)));
    if (prepared.refusal) co_return std::unexpected(std::move(*prepared.refusal));
    const auto& mapped_rows = prepared.mapped.rows;

    // The jobs the references name now: an update is checked as a merge-patch, a new job as create.
    CO_TRY(auto existing, co_await import_existing(loop_.pg, org_id, mapped_rows,
                                                   [](const auto& r) { return !r.reference.empty(); }));

    // The editor's rules, row by row (bounds, choices, names of activities and places resolved).
    std::vector<outcome> checked;
    checked.reserve(mapped_rows.size());
    simdjson::dom::parser parser;
    for (const auto& r : mapped_rows) {
        outcome o;
        o.row = r.number;
        o.reference = r.reference;
        o.publish = r.publish;
        if (!r.errors.empty()) {
            o.errors = import_errors_by_column(r.errors, prepared.fmt, true);
            checked.push_back(std::move(o));
            continue;
        }
        simdjson::dom::object body;
        if (parser.parse(r.body).get(body) != simdjson::SUCCESS) {
            o.errors["file"] = "Diese Zeile ist nicht lesbar.";
            checked.push_back(std::move(o));
            continue;
        }
        simdjson::dom::element t;
        if (body["title"].get(t) == simdjson::SUCCESS && t.is_string()) o.title = std::string(t.get_string().value_unsafe());
        bool creating = !existing.contains(r.reference);
        auto doc = co_await editor_.check_imported(body, creating);
        if (!doc) {
            if (doc.error().kind != error_kind::validation) co_return std::unexpected(std::move(doc.error()));
            o.errors = import_errors_by_column(doc.error().violations, prepared.fmt, false);
        } else {
            o.doc = std::move(*doc);
        }
        checked.push_back(std::move(o));
    }

    CO_TRY(auto done, co_await write_rows(org_id, prepared.fmt, std::move(checked), dry_run));

    std::string answer;
    json_writer w(answer);
    std::int64_t counts[3] = {0, 0, 0};
    w.begin_object().member("dryRun", dry_run).key("rows").begin_array();
    for (const auto& o : done) {
        ++counts[o.action == "create" ? 0 : o.action == "update" ? 1 : 2];
        w.begin_object().member("row", static_cast<std::int64_t>(o.row)).member("reference", o.reference).member("action", o.action);
        w.key("errors").begin_object();
        for (const auto& [column, message] : o.errors) w.member(column, message);
        w.end_object();
        if (o.id && (!dry_run || o.action == "update")) w.member("id", *o.id);
        w.end_object();
    }
    w.end_array()
        .key("counts")
        .begin_object()
        .member("create", counts[0])
        .member("update", counts[1])
        .member("refuse", counts[2])
        .end_object()
        .key("ignoredColumns")
        .begin_array();
    for (const auto& c : prepared.mapped.unknown_columns) w.value(c);
    w.end_array().end_object();
    co_return answer;
}

// Every checked row in one transaction, each in a savepoint: a row the editor's write refuses (the
// quota, the minimum wage, what publication needs, a closed job) is rolled back to its savepoint
// and reported; the others stay. A dry run rolls the whole transaction back at the end.
task<result<std::vector<job_importer::outcome>>> job_importer::write_rows(std::int64_t org, jobs::import_rows::format fmt,
                                                                         std::vector<outcome> checked, bool dry_run) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::vector<outcome>>> {
        std::vector<outcome> out = checked;   // in_transaction may run this twice
        // One import of an organization at a time: a second one is told so at once (409) instead of
        // waiting for the organization's row through the first one's writes, its database
        // connection held, into the query timeout (review 26b: 503 "Die Datenbank ist gerade nicht
        // erreichbar", and the loop's other requests waited for a connection meanwhile).
        CO_TRY(auto alone, co_await tx.query("SELECT pg_try_advisory_xact_lock(hashtext('jh_job_import'), ($1::bigint % 2147483647)::int)",
                                             pg::bind(org)));
        if (!alone.boolean(0, 0)) co_return fail(error_kind::conflict, msg_import_running);
        // The organization's row then: an import waits for a publication of the editor (short), so a
        // reference is looked up and written by one writer at a time.
        CO_TRY(auto quota, co_await organizations_.lock_ad_quota(tx, org));
        (void)quota;
        CO_TRY(auto existing, co_await import_existing(tx, org, out, [](const outcome& o) { return !o.doc.empty(); }));
        for (auto& o : out) {
            if (o.doc.empty()) continue;
            std::optional<std::int64_t> job;
            if (auto it = existing.find(o.reference); it != existing.end()) job = it->second;
            CO_CHECK(co_await tx.query("SAVEPOINT jh_import_row"));
            auto written = co_await editor_.write_imported(tx, org, job, o.reference, o.title, o.doc, o.publish);
            if (!written) {
                // The database rolled the whole transaction back: in_transaction runs it again.
                if (tx.interrupted() || tx.conflicted()) co_return std::unexpected(std::move(written.error()));
                CO_CHECK(co_await tx.query("ROLLBACK TO SAVEPOINT jh_import_row"));
                const app_error& e = written.error();
                if (e.kind == error_kind::validation) o.errors = import_errors_by_column(e.violations, fmt, false);
                else if (e.kind == error_kind::conflict || e.kind == error_kind::not_found || e.kind == error_kind::forbidden)
                    o.errors["Stelle"] = e.message;
                else co_return std::unexpected(e);
                o.doc.clear();
                continue;
            }
            CO_CHECK(co_await tx.query("RELEASE SAVEPOINT jh_import_row"));
            o.action = job ? "update" : "create";
            o.id = *written;
            existing.emplace(o.reference, *written);
        }
        if (dry_run) co_await tx.rollback();
        else CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

}  // namespace jh
