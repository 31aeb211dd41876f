// sedcard_pdf_test.cpp: GET /api/candidate_profiles/{id}/sedcard through the real render worker
// (`jobhafen worker sedcard`, ZeroMQ request/reply): a full profile's PDF, turned into text with
// pdftotext, holds the name, the sections with German labels and the umlauts; empty sections are
// left out; without a worker the answer is 503; another candidate gets 404.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/integration/pdf_text.h"
#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace sedcard_fixture;

constexpr const char* full_profile = R"({
  "firstName": "Jördis", "lastName": "Müller-Weiß", "birthDate": "1998-04-12", "gender": "female", "nationality": "at",
  "profileSummary": "Erfahrene Promoterin für Messen und Verkostungen.",
  "addresses": [{"street": "Königstraße 5", "zipcode": "70173", "city": "Stuttgart", "country": "de"}],
  "communicationData": [{"type": "mobile", "value": "+49 170 1234567"}],
  "appearance": {"bodyHeight": 172, "eyeColor": "green", "hairColor": "dark_blonde", "hairLength": "long",
                 "sizeOfClothing": 38, "sizeOfPants": 38, "sizeOfShirt": "m", "sizeOfShoe": 39.5},
  "mobility": {"ownCar": true, "carType": "VW Golf", "drivingLicenses": ["B", "BE"]},
  "bankData": {"accountHolder": "Jördis Müller-Weiß", "bankName": "Commerzbank", "iban": "DE89370400440532013000", "bic": "COBADEFFXXX"},
  "jobEmployment": {"jobEmploymentStatus": "student", "jobEmploymentStatusDateFrom": "2022-10-01", "jobEmploymentStatusOpenEnded": true},
  "workExperiences": [{"title": "Servicekraft", "organization": "Café Süß", "periodFrom": "2020-01-01", "periodUntil": "2021-06-30",
                       "description": "Bedienung und Kasse"}],
  "promotionExperiences": [{"title": "Sampling Käse", "periodFrom": "2022-03-01"}],
  "schoolings": [{"title": "Abitur", "degree": "3", "date": "2017-06-30", "organization": "Hölderlin-Gymnasium"}],
  "hasActivitySkills": true,
  "languages": [{"language": "de", "level": "native"}, {"language": "fr", "level": "advanced"}],
  "socialProfiles": [{"type": "instagram", "value": "https://instagram.com/joerdis"}]
})";

class SedcardPdf : public ::testing::Test {
protected:
    void SetUp() override {
        init_vips();
        st.start("sedcard_pdf");
        if (HasFatalFailure()) return;
        a = st.make_candidate("joerdis.pdf@example.de");
    }
    http_reply sedcard(const candidate& c, const std::string& profile_id) {
        return http_request(st.port(), "GET", "/api/candidate_profiles/" + profile_id + "/sedcard", {}, bearer(c.token));
    }
    sedcard_stack st;
    candidate a;
};

TEST_F(SedcardPdf, FullProfileRendersWithNameLanguagesAndUmlauts) {
    st.start_sedcard_worker();
    auto p = call(st.port(), "PATCH", "/api/candidate_profiles/" + a.profile_id, full_profile, bearer(a.token));
    ASSERT_EQ(p.status, 200) << p.body;
    ASSERT_EQ(upload(st.port(), "/api/candidate_profiles/" + a.profile_id + "/profile_images", a.token,
                     {{"type", "portrait"}, {"file", save_buffer(picture(800, 1000), ".jpg"), "portrait.jpg", "image/jpeg"}})
                  .status,
              201);
    http_reply r;
    // The worker connects in the background; the first request may find it not yet there (503).
    ASSERT_TRUE(wait_until([&] { return (r = sedcard(a, a.profile_id)).status == 200; }, 20s)) << r.status << " " << r.body;
    EXPECT_EQ(r.header("content-type"), "application/pdf");
    EXPECT_EQ(r.header("content-disposition"),
              "attachment; filename=\"sedcard-joerdis-mueller-weiss.pdf\"; filename*=UTF-8''sedcard-joerdis-mueller-weiss.pdf");
    EXPECT_EQ(r.header("cache-control"), "private, no-cache");   // checked again each time (sedcard_kept_test.cpp)
    ASSERT_TRUE(r.body.starts_with("%PDF-"));
    std::string text = pdf_text(r.body);
    EXPECT_NE(text.find("Jördis Müller-Weiß"), std::string::npos) << text;
    EXPECT_NE(text.find("Sprachen"), std::string::npos) << text;
    EXPECT_NE(text.find("Deutsch"), std::string::npos);
    EXPECT_NE(text.find("Muttersprache"), std::string::npos);
    EXPECT_NE(text.find("Französisch"), std::string::npos);
    EXPECT_NE(text.find("Österreich"), std::string::npos);
    EXPECT_NE(text.find("Körpergröße"), std::string::npos);
    EXPECT_NE(text.find("172 cm"), std::string::npos);
    EXPECT_NE(text.find("Café Süß"), std::string::npos);
    EXPECT_NE(text.find("Hölderlin-Gymnasium"), std::string::npos);
    EXPECT_NE(text.find("Führerscheinklassen"), std::string::npos);
    EXPECT_NE(text.find("70173 Stuttgart"), std::string::npos);
    // Private data stays off the card; sections without content are left out.
    EXPECT_EQ(text.find("DE89"), std::string::npos);
    EXPECT_EQ(text.find("Fähigkeiten"), std::string::npos);
    EXPECT_EQ(text.find("Arbeitswünsche"), std::string::npos);
    // The portrait is on the page as an image.
    EXPECT_NE(r.body.find("/Subtype /Image"), std::string::npos);
}

TEST_F(SedcardPdf, NoWorkerMeans503AndAnotherCandidateGets404) {
    auto r = sedcard(a, a.profile_id);
    EXPECT_EQ(r.status, 503) << r.body;
    EXPECT_EQ(field(r.body, "message"), "Die Sedcard kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.");
    candidate b = st.make_candidate("bert.pdf@example.de");
    EXPECT_EQ(sedcard(b, a.profile_id).status, 404);
    // The loop's request socket does not keep the server from stopping.
    st.s.server->signal(SIGTERM);
    EXPECT_EQ(st.s.server->wait_exit(10s), 0) << st.s.server->log();
}

}  // namespace
}  // namespace jh::test
