// zip_writer: the archives it writes open in Debian's unzip (an independent reader), with every
// entry's bytes and CRC intact — a deflated text, a stored file larger than one copy block, an
// empty file — and a missing source file is skipped without spoiling the archive.
#include "reactor/zip_writer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace jh {
namespace {

std::string run(const std::string& command) {
    std::string out;
    if (FILE* p = ::popen(command.c_str(), "r")) {
        char buf[65536];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
        ::pclose(p);
    }
    return out;
}

class ZipWriter : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("zip-writer-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::filesystem::path dir_;
};

TEST_F(ZipWriter, UnzipReadsEveryEntryBackExactly) {
    // 200 KiB of varied bytes: more than three 64 KiB copy blocks, not a multiple of one.
    std::string big;
    for (int i = 0; i < 200 * 1024 + 17; ++i) big.push_back(static_cast<char>((i * 7919) % 251));
    std::ofstream(path("big.bin"), std::ios::binary) << big;
    std::ofstream(path("empty.bin"), std::ios::binary);
    std::string json = R"({"name":"Jana Müller","notes":")" + std::string(5000, 'x') + R"("})";

    zip_writer zip(path("out.zip"));
    ASSERT_TRUE(zip.ok());
    EXPECT_TRUE(zip.add_text("daten.json", json));
    EXPECT_TRUE(zip.add_file("bilder/1-portrait.jpg", path("big.bin")));
    EXPECT_TRUE(zip.add_file("dokumente/leer.pdf", path("empty.bin")));
    EXPECT_FALSE(zip.add_file("videos/weg.mp4", path("gibt-es-nicht.mp4")));
    EXPECT_TRUE(zip.ok());
    ASSERT_TRUE(zip.finish());

    std::string zipfile = path("out.zip");
    // Clean: no warning either (unzip repairs small mistakes in the directory and says so).
    std::string tested = run("unzip -tq " + zipfile + " 2>&1");
    EXPECT_EQ(tested.rfind("No errors detected", 0), 0u) << tested;
    EXPECT_EQ(run("unzip -Z1 " + zipfile), "daten.json\nbilder/1-portrait.jpg\ndokumente/leer.pdf\n");
    EXPECT_EQ(run("unzip -p " + zipfile + " daten.json"), json);
    EXPECT_EQ(run("unzip -p " + zipfile + " bilder/1-portrait.jpg"), big);
    EXPECT_EQ(run("unzip -p " + zipfile + " dokumente/leer.pdf"), "");
    // The JSON was deflated, the file stored.
    std::string listing = run("unzip -v " + zipfile);
    EXPECT_NE(listing.find("Defl:N"), std::string::npos) << listing;
    EXPECT_NE(listing.find("Stored"), std::string::npos) << listing;
    EXPECT_LT(std::filesystem::file_size(zipfile), json.size() + big.size());
}

TEST_F(ZipWriter, AnUnwritablePathIsNotOk) {
    zip_writer zip(path("kein/ordner/out.zip"));
    EXPECT_FALSE(zip.ok());
    EXPECT_FALSE(zip.add_text("a.json", "{}"));
    EXPECT_FALSE(zip.finish());
}

}  // namespace
}  // namespace jh
