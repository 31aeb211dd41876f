// job_imports.h: the job import of a provider (issue 44 item 7; docs/reach.md "Import").
//
// The provider uploads a CSV file (the template of template_csv) or an XML file in Indeed's feed
// format; each row is what the job editor would do with it: its body checked by the editor's own
// rules (job_postings_editor::check_imported) and written by the editor's own create or patch in
// one transaction (write_imported), publication, the quota, the minimum wage and the AGG wording
// review included. A row whose reference number names a job of the organization that is not closed
// changes that job; any other creates one. A dry run does all of it and rolls the transaction back,
// so it tells exactly what the import would do; the import commits the rows that passed, each in
// a savepoint, so a refused row leaves nothing behind.
//
// Reading the file (the multipart body, the CSV or XML, the rows' bodies) is CPU and file work: it
// runs on the importer's thread_pool, never on the loop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/jobs/job_import_rows.h"
#include "actors/jobs/job_postings_editor.h"
#include "actors/files/file_store.h"
#include "actors/files/stored_file.h"

namespace jh {

namespace jobs {

// The import's file bound (413 beyond it); the multipart body may carry files::multipart_overhead more.
inline constexpr std::uint64_t max_import_file_bytes = 5 * 1024 * 1024;
inline constexpr std::string_view msg_import_too_large = "Die Datei ist zu groß. Eine Importdatei darf höchstens 5 MB groß sein.";

}  // namespace jobs

class job_importer {
public:
    job_importer(loop_context& loop, organization_editor& organizations, job_postings_editor& editor);

    // The answer as JSON text: {rows: [{row, reference, action, errors, id?}], counts, ignoredColumns, dryRun}.
    task<result<std::string>> run(const auth::identity& who, std::int64_t org, files::upload upload, bool dry_run);
    // The CSV template (job_import_rows.h), for members of `org`.
    task<result<std::string>> template_csv(const auth::identity& who, std::int64_t org);

private:
    struct outcome;
    task<result<std::int64_t>> acting_for(const auth::identity& who, std::int64_t org);
    task<result<std::vector<outcome>>> write_rows(std::int64_t org, jobs::import_rows::format fmt, std::vector<outcome> checked,
                                                  bool dry_run);
    loop_context& loop_;
    organization_editor& organizations_;
    job_postings_editor& editor_;
    files::file_store files_;   // the uploaded file (actors/files/), read and parsed on its thread
};

}  // namespace jh
