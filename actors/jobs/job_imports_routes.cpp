// job_imports_routes.cpp: the job import of a provider (issue 44 item 7; docs/reach.md "Import").
//
//   GET  /api/organizations/{id}/job_imports/template.csv   the CSV template (German headers, one example row)
//   POST /api/organizations/{id}/job_imports?dryRun=1       multipart `file`: what the import would do, per row
//   POST /api/organizations/{id}/job_imports                the same, and the good rows are written (one transaction)
//
// Both POSTs accept an API key with jobs:write, so an agency can automate its import; they share
// the rate class job_imports. Errors: 403 (organization blocked, under review, rejected), 404
// (another organization), 413 (file over 5 MB), 422 (not readable, over 2,000 rows, a required
// column missing).
#include <string>

#include "actors/api_scopes.h"
#include "actors/jobs/job_imports.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/file_response.h"

namespace jh {

namespace {

// Imports per client address in ten minutes: an import is up to 2,000 rows of the editor's checks
// and writes, a few seconds of a loop's database time; a provider imports a few times a day.
const rate_class job_imports_rate{.name = "job_imports",
                                  .key_prefix = "jobhafen:job_imports:ip:",
                                  .window_s = 600,
                                  .limit = [](const loop_context&) { return 60; },
                                  .message = "Zu viele Importe in kurzer Zeit. Bitte versuchen Sie es in einigen Minuten noch einmal."};

task<http_response> post_job_import(request_context& ctx, job_importer& importer) {
    ROUTE_TRY(auto org, path_id(ctx));
    // ?dryRun=1: only check; absent or 0: import.
    ROUTE_TRY(bool dry_run, query_switch(ctx, "dryRun"));
    files::upload upload{ctx.req.body_file, ctx.req.body_file_size, std::string(ctx.req.header("content-type").value_or(""))};
    ROUTE_TRY(auto answer, co_await importer.run(ctx.who(), org, std::move(upload), dry_run));
    http_response res;
    res.body = std::move(answer);
    co_return res;
}

task<http_response> get_import_template(request_context& ctx, job_importer& importer) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto csv, co_await importer.template_csv(ctx.who(), org));
    co_return attachment_response("jobhafen-stellenimport-vorlage.csv", std::move(csv));
}

}  // namespace

void register_job_imports_routes(router& r, actor_of<job_importer> importer) {
    const route_policy import_upload{.who = access::provider,
                                     .body = body_kind::upload,
                                     .cache = cache_kind::private_no_store,
                                     .rate = job_imports_rate,
                                     .max_body_bytes = static_cast<std::int64_t>(jobs::max_import_file_bytes + files::multipart_overhead),
                                     .too_large_message = jobs::msg_import_too_large};
    add_routes(r, importer, {
        {http_method::get, "/api/organizations/{id}/job_imports/template.csv", provider_no_body.accepting_key(api_scope::jobs_write),
         get_import_template},
        {http_method::post, "/api/organizations/{id}/job_imports", import_upload.accepting_key(api_scope::jobs_write), post_job_import},
    });
}

}  // namespace jh
