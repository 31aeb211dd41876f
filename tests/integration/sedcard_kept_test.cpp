// sedcard_kept_test.cpp: a repeated download of an unchanged sedcard is its last rendering, not a
// new one (issue 45 item 4; docs/sedcard.md "Kept PDFs"), against the real server, PostgreSQL and
// the real render and media workers: the second download is the same bytes while no worker runs
// and the server's counter of renderings stands still; the same version answers 304 to
// If-None-Match; an edit of the profile and a new portrait are rendered anew at once and show; the
// replaced PDF's file is removed, and a deleted account leaves no kept PDF behind. A kept PDF older
// than a month goes with the media worker's hourly pass, as does what a crashed writer left.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/integration/pdf_text.h"
#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace sedcard_fixture;

class SedcardKept : public ::testing::Test {
protected:
    void SetUp() override {
        init_vips();
        st.start("sedcard_kept");
        if (HasFatalFailure()) return;
        a = st.make_candidate("kept.pdf@example.de");
        auto p = call(st.port(), "PATCH", "/api/candidate_profiles/" + a.profile_id,
                      R"({"firstName":"Kerstin","lastName":"Böhm","profileSummary":"Messehostess seit 2019.",
                          "languages":[{"language":"de","level":"native"}]})",
                      bearer(a.token));
        ASSERT_EQ(p.status, 200) << p.body;
    }
    http_reply download(const std::string& extra_headers = {}) {
        return http_request(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id + "/sedcard", {},
                            bearer(a.token) + extra_headers);
    }
    // The first 200 once a (newly started) worker has connected; 503 before.
    http_reply download_when_rendered() {
        http_reply r;
        EXPECT_TRUE(wait_until([&] { return (r = download()).status == 200; }, 20s)) << r.status << " " << r.body;
        return r;
    }
    // jobhafen_sedcard_pdfs_total{answer="…"} from /metrics.
    long pdfs(const std::string& answer) {
        auto m = http_request(st.port(), "GET", "/metrics");
        const std::string line = "\njobhafen_sedcard_pdfs_total{answer=\"" + answer + "\"} ";
        auto at = m.body.find(line);
        if (at == std::string::npos) return -1;
        return std::stol(m.body.substr(at + line.size(), 20));
    }
    std::string kept_key() {
        return st.s.sql("SELECT coalesce(min(storage_key), '') FROM sedcard_renders WHERE profile_id = " + a.profile_id);
    }
    bool kept_file_exists(const std::string& key) { return std::filesystem::exists(st.var_dir + "/media/profiles/" + key); }
    http_reply portrait(int w, int h) {
        return upload(st.port(), "/api/candidate_profiles/" + a.profile_id + "/profile_images", a.token,
                      {{"type", "portrait"}, {"file", save_buffer(picture(w, h), ".jpg"), "portrait.jpg", "image/jpeg"}});
    }
    // How many images a PDF draws.
    static int images(const std::string& pdf) {
        int n = 0;
        for (auto at = pdf.find("/Subtype /Image"); at != std::string::npos; at = pdf.find("/Subtype /Image", at + 1)) ++n;
        return n;
    }
    // The shape of the one picture on the card ("tall", "wide", or what pdfimages said otherwise).
    static std::string portrait_shape(const std::string& pdf) {
        const std::string all = poppler_output(pdf, "pdfimages -list");
        std::istringstream in(all);
        std::string line, shape;
        int row = 0;
        while (std::getline(in, line)) {
            if (++row <= 2) continue;   // the header and its underline
            std::istringstream cols(line);
            std::string page, num, type;
            int w = 0, h = 0;
            if (!(cols >> page >> num >> type >> w >> h) || type != "image") continue;
            if (!shape.empty()) shape += ",";
            shape += h > w ? "tall" : "wide";
        }
        return shape.empty() ? all : shape;
    }
    sedcard_stack st;
    candidate a;
};

TEST_F(SedcardKept, ASecondDownloadIsTheKeptPdfWithoutRenderingAgain) {
    ASSERT_EQ(portrait(800, 1000).status, 201);
    st.start_sedcard_worker();
    http_reply first = download_when_rendered();
    ASSERT_EQ(first.status, 200);
    ASSERT_TRUE(first.body.starts_with("%PDF-"));
    const long rendered = pdfs("rendered");
    EXPECT_EQ(rendered, 1);
    const std::string etag = first.header("etag");
    // Weak: another rendering of the same version shows the same, in other bytes.
    EXPECT_EQ(etag.size(), 68u) << etag;
    EXPECT_TRUE(etag.starts_with("W/\"") && etag.ends_with('"') &&
                etag.find_first_not_of("0123456789abcdef", 3) == 67u) << etag;
    EXPECT_EQ(first.header("cache-control"), "private, no-cache");
    const std::string key = kept_key();
    ASSERT_FALSE(key.empty());
    EXPECT_TRUE(kept_file_exists(key));

    // The same sedcard again: the same bytes, and the worker was not asked.
    http_reply second = download();
    ASSERT_EQ(second.status, 200) << second.body;
    EXPECT_TRUE(second.body == first.body) << "the second download differs from the first";
    EXPECT_EQ(second.header("etag"), etag);
    EXPECT_EQ(second.header("content-disposition"), first.header("content-disposition"));
    EXPECT_EQ(pdfs("rendered"), rendered);
    EXPECT_EQ(pdfs("kept"), 1);

    // Without any render worker the kept PDF is still served: nothing is rendered for it.
    st.sedcard_worker.reset();
    http_reply third = download();
    ASSERT_EQ(third.status, 200) << third.body;
    EXPECT_TRUE(third.body == first.body);

    // A reader that has this version gets 304 with no body, privately.
    http_reply same = download("If-None-Match: W/\"0\", " + etag + "\r\n");
    EXPECT_EQ(download("If-None-Match: " + etag.substr(2) + "\r\n").status, 304);   // compared weakly
    EXPECT_EQ(same.status, 304) << same.body;
    EXPECT_TRUE(same.body.empty());
    EXPECT_EQ(same.header("etag"), etag);
    EXPECT_EQ(same.header("cache-control"), "private, no-cache");
    EXPECT_EQ(pdfs("not_modified"), 2);
    EXPECT_EQ(download("If-None-Match: \"" + std::string(64, '0') + "\"\r\n").status, 200);
    // Another candidate gets nothing, with or without the version.
    candidate b = st.make_candidate("kept.other@example.de");
    EXPECT_EQ(http_request(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id + "/sedcard", {},
                           bearer(b.token) + "If-None-Match: " + etag + "\r\n").status,
              404);
    EXPECT_EQ(http_request(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id + "/sedcard").status, 401);
    EXPECT_EQ(pdfs("rendered"), rendered);
}

TEST_F(SedcardKept, AnEditOrANewPortraitIsRenderedAnewAtOnce) {
    st.start_media_worker();
    st.start_sedcard_worker();
    http_reply first = download_when_rendered();
    ASSERT_EQ(first.status, 200);
    EXPECT_NE(pdf_text(first.body).find("Messehostess seit 2019."), std::string::npos);
    const std::string first_key = kept_key();
    ASSERT_FALSE(first_key.empty());

    // The profile is edited: the next download is a new rendering showing the edit, never the kept one.
    auto p = call(st.port(), "PATCH", "/api/candidate_profiles/" + a.profile_id,
                  R"({"profileSummary":"Messehostess und Moderatorin."})", bearer(a.token));
    ASSERT_EQ(p.status, 200) << p.body;
    const long before = pdfs("rendered");
    http_reply edited = download();
    ASSERT_EQ(edited.status, 200) << edited.body;
    EXPECT_EQ(pdfs("rendered"), before + 1);
    std::string text = pdf_text(edited.body);
    EXPECT_NE(text.find("Messehostess und Moderatorin."), std::string::npos) << text;
    EXPECT_EQ(text.find("seit 2019"), std::string::npos) << text;
    EXPECT_NE(edited.header("etag"), first.header("etag"));
    // The version the reader had is no longer "not modified".
    EXPECT_EQ(download("If-None-Match: " + first.header("etag") + "\r\n").status, 200);
    // The edited card is kept in place of the first, whose file the media worker removes.
    const std::string edited_key = kept_key();
    EXPECT_NE(edited_key, first_key);
    EXPECT_TRUE(kept_file_exists(edited_key));
    EXPECT_TRUE(wait_until([&] { return !kept_file_exists(first_key); }, 15s));
    EXPECT_EQ(st.s.sql("SELECT count(*) FROM sedcard_renders WHERE profile_id = " + a.profile_id), "1");

    // A portrait (none before): rendered anew, with the picture on the page.
    ASSERT_EQ(portrait(800, 1000).status, 201);
    http_reply with_portrait = download();
    ASSERT_EQ(with_portrait.status, 200) << with_portrait.body;
    EXPECT_EQ(pdfs("rendered"), before + 2);
    EXPECT_GT(images(with_portrait.body), images(edited.body));
    EXPECT_EQ(portrait_shape(with_portrait.body), "tall");
    // Unchanged since: kept.
    EXPECT_TRUE(download().body == with_portrait.body);
    EXPECT_EQ(pdfs("rendered"), before + 2);
    // Another portrait (wide instead of tall): rendered anew again, the new picture's size on the page.
    ASSERT_EQ(portrait(1000, 500).status, 201);
    http_reply new_portrait = download();
    ASSERT_EQ(new_portrait.status, 200) << new_portrait.body;
    EXPECT_EQ(pdfs("rendered"), before + 3);
    EXPECT_FALSE(new_portrait.body == with_portrait.body);
    EXPECT_EQ(images(new_portrait.body), images(with_portrait.body));
    EXPECT_EQ(portrait_shape(new_portrait.body), "wide");   // the new picture, not the kept one
    EXPECT_NE(new_portrait.header("etag"), with_portrait.header("etag"));
}

TEST_F(SedcardKept, AnEditWithoutAWorkerIsNeverAnsweredWithTheKeptPdf) {
    st.start_sedcard_worker();
    ASSERT_EQ(download_when_rendered().status, 200);
    st.sedcard_worker.reset();
    ASSERT_EQ(call(st.port(), "PATCH", "/api/candidate_profiles/" + a.profile_id, R"({"lastName":"Böhm-Krause"})", bearer(a.token)).status,
              200);
    // The kept PDF shows the old name: the edit needs a rendering, and without a worker that is a 503.
    auto r = download();
    EXPECT_EQ(r.status, 503) << r.status;
    EXPECT_EQ(field(r.body, "message"), "Die Sedcard kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.");
    st.start_sedcard_worker();
    http_reply fresh = download_when_rendered();
    ASSERT_EQ(fresh.status, 200);
    EXPECT_NE(pdf_text(fresh.body).find("Kerstin Böhm-Krause"), std::string::npos);
    EXPECT_NE(fresh.header("content-disposition").find("sedcard-kerstin-boehm-krause.pdf"), std::string::npos);
}

TEST_F(SedcardKept, ADeletedAccountLeavesNoKeptPdf) {
    st.start_media_worker();
    st.start_sedcard_worker();
    ASSERT_EQ(download_when_rendered().status, 200);
    const std::string key = kept_key();
    ASSERT_FALSE(key.empty());
    ASSERT_TRUE(kept_file_exists(key));
    auto del = call(st.port(), "PATCH", "/api/candidate_accounts/" + a.account_id + "/delete", R"({"confirmation":"delete"})",
                    bearer(a.token));
    ASSERT_EQ(del.status, 200) << del.body;
    EXPECT_EQ(st.s.sql("SELECT count(*) FROM sedcard_renders WHERE profile_id = " + a.profile_id), "0");
    EXPECT_TRUE(wait_until([&] { return !kept_file_exists(key); }, 15s));
    EXPECT_TRUE(st.media_files().empty()) << st.media_files().size();
}

// A kept PDF is a copy of personal data kept only to spare a rendering: after a month the media
// worker's hourly pass (it runs at its start) lets it go, file and row, and the next download is
// rendered anew; a younger one stays. What a writer that died before its rename left in the media
// folder (".tmp-…" over an hour old) goes too, a temporary being written now stays.
TEST_F(SedcardKept, AKeptPdfOlderThanAMonthAndAnHourOldUnfinishedFileAreSweptByTheMediaWorker) {
    st.start_sedcard_worker();
    ASSERT_EQ(download_when_rendered().status, 200);
    const std::string old_key = kept_key();
    ASSERT_FALSE(old_key.empty());
    candidate b = st.make_candidate("kept.young@example.de");
    ASSERT_EQ(http_request(st.port(), "GET", "/api/candidate_profiles/" + b.profile_id + "/sedcard", {}, bearer(b.token)).status, 200);
    const std::string young_key = st.s.sql("SELECT storage_key FROM sedcard_renders WHERE profile_id = " + b.profile_id);
    ASSERT_FALSE(young_key.empty());
    ASSERT_EQ(st.s.sql("UPDATE sedcard_renders SET rendered_at = now() - interval '31 days' WHERE profile_id = " + a.profile_id +
                       " RETURNING profile_id"),
              a.profile_id);
    ASSERT_EQ(st.s.sql("UPDATE sedcard_renders SET rendered_at = now() - interval '29 days' WHERE profile_id = " + b.profile_id +
                       " RETURNING profile_id"),
              b.profile_id);

    namespace fs = std::filesystem;
    const fs::path folder = st.var_dir + "/media/profiles";
    const fs::path stale = folder / (".tmp-1-0-00000000-" + std::string(32, 'a'));
    const fs::path fresh = folder / (".tmp-1-1-00000000-" + std::string(32, 'b'));
    std::ofstream(stale) << "half a file";
    std::ofstream(fresh) << "being written";
    fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(2));

    st.start_media_worker();
    EXPECT_TRUE(wait_until([&] { return !kept_file_exists(old_key); }, 15s));
    EXPECT_EQ(kept_key(), "");
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(fs::exists(fresh));
    EXPECT_TRUE(kept_file_exists(young_key));
    EXPECT_EQ(st.s.sql("SELECT count(*) FROM sedcard_renders WHERE profile_id = " + b.profile_id), "1");

    // The candidate's next download: rendered anew, the same card.
    const long before = pdfs("rendered");
    http_reply again = download();
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_NE(pdf_text(again.body).find("Messehostess seit 2019."), std::string::npos);
    EXPECT_EQ(pdfs("rendered"), before + 1);
    EXPECT_FALSE(kept_key().empty());
    fs::remove(fresh);
}

}  // namespace
}  // namespace jh::test
