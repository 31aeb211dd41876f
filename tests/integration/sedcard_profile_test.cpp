// sedcard_profile_test.cpp: the profile document over HTTP: merge-patch, every bad field at once
// with nothing stored, completeness in the answer and in the database (the contract with
// applying), the search status, and that nobody reads or changes someone else's profile.
#include <gtest/gtest.h>

#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace sedcard_fixture;

class SedcardProfile : public ::testing::Test {
protected:
    void SetUp() override {
        st.start("sedcard_profile");
        if (HasFatalFailure()) return;
        a = st.make_candidate("anna.profil@example.de");
    }
    http_reply patch(const candidate& c, const std::string& profile_id, const std::string& body) {
        return call(st.port(), "PATCH", "/api/candidate_profiles/" + profile_id, body,
                    bearer(c.token) + "Content-Type: application/merge-patch+json\r\n");
    }
    sedcard_stack st;
    candidate a;
};

TEST_F(SedcardProfile, EmptyProfileHasNameAndNoPoints) {
    auto r = call(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id, {}, bearer(a.token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "firstName"), "Jana");
    EXPECT_EQ(field(r.body, "lastName"), "Müller");
    // Only the two name fields: 2 of 72 points, 2 %.
    EXPECT_EQ(field(r.body, "/completeness/points"), "2");
    EXPECT_EQ(field(r.body, "completenessPercent"), "2");
    EXPECT_EQ(field(r.body, "hasRelevantDataForApplication"), "false");
    EXPECT_EQ(field(r.body, "/completeness/groups/personal-data"), "false");
}

TEST_F(SedcardProfile, SeveralBadFieldsAreAllListedAndNothingIsStored) {
    auto ok = patch(a, a.profile_id, R"({"profileSummary":"Vorher","appearance":{"bodyHeight":170}})");
    ASSERT_EQ(ok.status, 200) << ok.body;
    auto r = patch(a, a.profile_id, R"({
        "profileSummary": "Nachher",
        "addresses": [{"street": "Hauptstraße 1", "zipcode": "1234", "city": "Wien", "country": "at"},
                      {"street": "Rue 2", "zipcode": "00950", "city": "Warschau", "country": "pl"}],
        "communicationData": [{"type": "email", "value": "anna@"}],
        "tax": {"salesTaxIdentificationNumber": "AT12345678"},
        "personnelAccounting": {"shortTermEmploymentWorkingDaysCurrentYear": 366},
        "appearance": {"eyeColor": "violet"}
    })");
    ASSERT_EQ(r.status, 422) << r.body;
    EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), "addresses[1].zipcode");
    EXPECT_NE(r.body.find("Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten"), std::string::npos);
    EXPECT_NE(r.body.find("\"communicationData[0].value\""), std::string::npos);
    EXPECT_NE(r.body.find("Dieses Feld muss eine gültige E-Mail Adresse sein"), std::string::npos);
    EXPECT_NE(r.body.find("\"tax.salesTaxIdentificationNumber\""), std::string::npos);
    EXPECT_NE(r.body.find("Dieses Feld muss eine gültige USt-IdNr sein"), std::string::npos);
    EXPECT_NE(r.body.find("\"personnelAccounting.shortTermEmploymentWorkingDaysCurrentYear\""), std::string::npos);
    EXPECT_NE(r.body.find("\"appearance.eyeColor\""), std::string::npos);
    // The Austrian address (4 digits) was fine; nothing of the request is stored.
    EXPECT_EQ(r.body.find("addresses[0]"), std::string::npos);
    auto after = call(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id, {}, bearer(a.token));
    EXPECT_EQ(field(after.body, "profileSummary"), "Vorher");
    EXPECT_EQ(field(after.body, "addresses"), "<missing>");
    EXPECT_EQ(field(after.body, "/appearance/bodyHeight"), "170");
}

TEST_F(SedcardProfile, MergePatchKeepsOtherSectionsAndNullRemoves) {
    ASSERT_EQ(patch(a, a.profile_id, R"({"appearance":{"bodyHeight":170,"hairColor":"red"},"gender":"female"})").status, 200);
    auto r = patch(a, a.profile_id, R"({"appearance":{"hairColor":null,"eyeColor":"green"}})");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/appearance/bodyHeight"), "170");
    EXPECT_EQ(field(r.body, "/appearance/eyeColor"), "green");
    EXPECT_EQ(field(r.body, "/appearance/hairColor"), "<missing>");
    EXPECT_EQ(field(r.body, "gender"), "female");
    EXPECT_EQ(patch(a, a.profile_id, "[1,2]").status, 400);
    EXPECT_EQ(patch(a, a.profile_id, "{kaputt").status, 400);
}

TEST_F(SedcardProfile, RelevantDataAndCompletenessAreStoredWithTheChange) {
    auto r = patch(a, a.profile_id, R"({
        "gender": "female", "hasActivitySkills": true,
        "addresses": [{"street": "Königstraße 5", "zipcode": "70173", "city": "Stuttgart", "country": "de"}],
        "communicationData": [{"type": "mobile", "value": "+49 170 1234567"}],
        "languages": [{"language": "de", "level": "native"}],
        "jobEmployment": {"jobEmploymentStatus": "student"}
    })");
    ASSERT_EQ(r.status, 200) << r.body;
    // firstName, lastName, gender, status (4) + addresses 4 + communication 4 + languages 4 = 16 of 72 → 22 %.
    EXPECT_EQ(field(r.body, "/completeness/points"), "16");
    EXPECT_EQ(field(r.body, "completenessPercent"), "22");
    EXPECT_EQ(field(r.body, "hasRelevantDataForApplication"), "true");
    EXPECT_EQ(st.s.sql("SELECT has_relevant_data_for_application::text || ' ' || completeness_percent FROM candidate_profiles WHERE id = " +
                       a.profile_id),
              "true 22");
    // Removing the languages takes the flag away again, in the same change.
    r = patch(a, a.profile_id, R"({"languages": null})");
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(field(r.body, "/completeness/missingForApplication/0"), "languages");
    EXPECT_EQ(st.s.sql("SELECT has_relevant_data_for_application FROM candidate_profiles WHERE id = " + a.profile_id), "f");
}

TEST_F(SedcardProfile, AnotherCandidatesProfileIsNotFound) {
    candidate b = st.make_candidate("bert.profil@example.de");
    EXPECT_EQ(call(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id, {}, bearer(b.token)).status, 404);
    EXPECT_EQ(patch(b, a.profile_id, R"({"profileSummary":"gehackt"})").status, 404);
    EXPECT_EQ(call(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id).status, 401);
    auto mine = call(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id, {}, bearer(a.token));
    EXPECT_EQ(field(mine.body, "profileSummary"), "<missing>");
}

TEST_F(SedcardProfile, SearchStatusFollowsTheSetting) {
    std::string org = st.s.sql("INSERT INTO organizations (name, slug) VALUES ('Messe Service GmbH', 'messe-service') RETURNING id");
    ASSERT_FALSE(org.empty());
    std::string path = "/api/candidate_profiles/" + a.profile_id + "/pbasis_search/" + org + "/status";
    auto r = call(st.port(), "GET", path, {}, bearer(a.token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "status"), "none");
    EXPECT_EQ(field(r.body, "searchable"), "false");
    ASSERT_EQ(call(st.port(), "PATCH", "/api/candidate_accounts/" + a.account_id, R"({"searchableByProviders":true})",
                   bearer(a.token) + "Origin: " + st.s.origin + "\r\n")
                  .status,
              200);
    r = call(st.port(), "GET", path, {}, bearer(a.token));
    EXPECT_EQ(field(r.body, "searchable"), "true");
    EXPECT_EQ(field(r.body, "status"), "none");
    EXPECT_EQ(call(st.port(), "GET", "/api/candidate_profiles/" + a.profile_id + "/pbasis_search/999999/status", {}, bearer(a.token)).status,
              404);
}

}  // namespace
}  // namespace jh::test
