// pdf_text.h: a PDF's text as a reader sees it (pdftotext, poppler-utils from ops/setup), and what
// another poppler tool says of it (pdfimages), for the tests of the rendered documents (the sedcard,
// the § 17 MiLoG record).
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/harness.h"

namespace jh::test {

// What a poppler-utils tool prints for a PDF: the PDF goes to a temporary file, `tool` runs on it
// (its path, then `after`), and its standard output comes back; the file goes again.
inline std::string poppler_output(const std::string& pdf, const std::string& tool, const std::string& after = {}) {
    std::string dir = make_temp_dir("pdf-tool");
    {
        std::ofstream out(dir + "/s.pdf", std::ios::binary);
        out << pdf;
    }
    run_shell(tool + " " + dir + "/s.pdf" + after + " > " + dir + "/out.txt");
    std::ifstream in(dir + "/out.txt");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return text;
}

inline std::string pdf_text(const std::string& pdf) { return poppler_output(pdf, "pdftotext -enc UTF-8", " -"); }

}  // namespace jh::test
