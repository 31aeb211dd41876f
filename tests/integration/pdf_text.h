// pdf_text.h: a PDF's text as a reader sees it (pdftotext, poppler-utils from ops/setup), for the
// tests of the rendered documents (the sedcard, the § 17 MiLoG record).
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/harness.h"

namespace jh::test {

inline std::string pdf_text(const std::string& pdf) {
    std::string dir = make_temp_dir("pdf-text");
    {
        std::ofstream out(dir + "/s.pdf", std::ios::binary);
        out << pdf;
    }
    run_shell("pdftotext -enc UTF-8 " + dir + "/s.pdf " + dir + "/s.txt");
    std::ifstream in(dir + "/s.txt");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return text;
}

}  // namespace jh::test
