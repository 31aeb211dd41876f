// multipart_fuzz.cpp: the upload reader (reactor/multipart.h) on a fuzzed request.
//
// The input's first line is the Content-Type header value, the rest the body as the spool wrote
// it to disk. The reader must refuse or parse it; a parsed form's files must exist with the size
// and first bytes it reports, a refused one must leave no file behind, and remove_parts must
// remove every part it wrote. Run once with the route's limits and once with tight ones, so the
// limit paths (too many parts, a field or file too large) are reached with small inputs.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "reactor/multipart.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace jh;
namespace fs = std::filesystem;

void check(bool ok) {
    if (!ok) std::abort();
}

const std::string& parts_dir() {
    static const std::string d = [] {
        std::string p = jh::fuzz::scratch_dir() + "/parts";
        fs::create_directories(p);
        return p;
    }();
    return d;
}

bool parts_dir_empty() { return fs::is_empty(parts_dir()); }

std::string first_bytes(const std::string& path, std::size_t n) {
    std::ifstream f(path, std::ios::binary);
    std::string s(n, '\0');
    f.read(s.data(), static_cast<std::streamsize>(n));
    s.resize(static_cast<std::size_t>(f.gcount()));
    return s;
}

void parse_with(const std::string& body_path, const std::string& boundary, const multipart_limits& limits) {
    multipart_form form;
    multipart_error err = parse_multipart_file(body_path, boundary, parts_dir(), limits, form);
    if (err != multipart_error::none) {
        check(parts_dir_empty());
        return;
    }
    check(form.files.size() + form.fields.size() <= static_cast<std::size_t>(limits.max_parts));
    for (const auto& [name, value] : form.fields) check(value.size() <= limits.max_field_bytes);
    for (const multipart_file& f : form.files) {
        check(f.path.starts_with(parts_dir() + "/"));
        check(fs::file_size(f.path) == f.size);
        if (limits.max_file_bytes > 0) check(f.size <= limits.max_file_bytes);
        check(f.head.size() <= 64 && f.head == first_bytes(f.path, f.head.size()));
    }
    (void)form.field("file");
    (void)form.all("languages");
    remove_parts(form);
    check(parts_dir_empty());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view in = jh::fuzz::as_text(data, size);
    auto nl = in.find('\n');
    if (nl == std::string_view::npos) {
        (void)multipart_boundary(in);
        return 0;
    }
    auto boundary = multipart_boundary(in.substr(0, nl));
    if (!boundary) return 0;
    static const std::string body_path = jh::fuzz::scratch_dir() + "/body";
    jh::fuzz::write_file(body_path, in.substr(nl + 1));

    parse_with(body_path, *boundary, multipart_limits{});
    multipart_limits tight;
    tight.max_field_bytes = 32;
    tight.max_parts = 3;
    tight.max_file_bytes = 100;
    parse_with(body_path, *boundary, tight);
    return 0;
}
