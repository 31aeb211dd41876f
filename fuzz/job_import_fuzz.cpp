// job_import_fuzz.cpp: the job import's readers (actors/jobs/job_import_files.h) and the row
// mapping after them (job_import_rows.h) on fuzzed files, CSV and Indeed XML alike.
//
// Checks beyond "no crash, no sanitizer report": a read table never holds more rows than the
// bound nor a cell longer than its bound + 1; every refusal has a message; every mapped row is
// either refused with messages or has a body that is valid JSON (the editor parses it next).
#include <simdjson.h>

#include <cstdlib>

#include "actors/jobs/job_import_files.h"
#include "actors/jobs/job_import_rows.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace jh::jobs;

void import_check(bool ok) {
    if (!ok) std::abort();
}

void check_table(const std::expected<import_files::table, import_files::failure>& t, const import_files::limits& lim,
                 import_rows::format f) {
    if (!t) {
        import_check(!t.error().message.empty());
        return;
    }
    import_check(t->records.size() <= lim.max_rows);
    for (const auto& r : t->records)
        for (const auto& c : r.cells) import_check(c.size() <= lim.max_cell_bytes + 1);
    auto mapped = import_rows::map(*t, f);
    import_check(mapped.rows.size() == t->records.size());
    simdjson::dom::parser parser;
    for (const auto& r : mapped.rows) {
        import_check(r.errors.empty() != r.body.empty());
        for (const auto& e : r.errors) import_check(!e.message.empty() && !e.property_path.empty());
        if (!r.body.empty()) {
            simdjson::dom::element doc;
            import_check(parser.parse(r.body).get(doc) == simdjson::SUCCESS && doc.is_object());
        }
        for (const auto& e : r.errors) (void)import_rows::column_of(e.property_path, f);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view bytes = jh::fuzz::as_text(data, size);
    import_files::limits lim;
    lim.max_rows = 50;          // small bounds, so the fuzzer reaches them
    lim.max_cell_bytes = 300;
    lim.max_columns = 12;
    check_table(import_files::read_csv(bytes, lim), lim, import_rows::format::csv);
    check_table(import_files::read_indeed_xml(bytes, lim), lim, import_rows::format::indeed_xml);
    (void)import_files::looks_like_xml(bytes);
    return 0;
}
