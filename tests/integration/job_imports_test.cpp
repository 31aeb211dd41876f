// job_imports_test.cpp: the job import of a provider (issue 44 item 7; docs/reach.md "Import"),
// from outside against the real server, PostgreSQL and Redis: a CSV with 3 good rows and 2 broken
// ones (one below the minimum wage, one without a title) is checked (the dry run stores nothing
// and names the refusals with the editor's German messages), imported (3 published jobs) and
// imported again with one title changed (the same 3 jobs, the title changed); an Indeed XML file;
// the template; the bounds (2,001 rows, a DOCTYPE, a missing column); who may import (a blocked
// organization 403, another organization 404, an API key with jobs:write); 20 imports at once.
#include "tests/integration/provider_fixture.h"
#include "tests/integration/sedcard_fixture.h"

#include <libpq-fe.h>

#include <algorithm>
#include <future>

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace sedcard_fixture;

// 9301: the importing organization (quota for 10 live jobs); 9302: another one; 9303: blocked.
constexpr const char* job_imports_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9301, 'import-agentur', 'Import Agentur GmbH', 'jobs@import.example'),
 (9302, 'andere-agentur', 'Andere Agentur KG', 'jobs@andere.example'),
 (9303, 'gesperrte-agentur', 'Gesperrte Agentur UG', 'jobs@gesperrt.example');
UPDATE organizations SET active_ad_quota = 10 WHERE id IN (9301, 9302);
)sql";

constexpr const char* header = "Referenznummer;Titel;Beschreibung;Tätigkeiten;PLZ;Ort;Vergütung;Vergütung pro\r\n";

// 3 good rows and 2 broken ones: G-2's title may be changed for the re-import.
std::string five_rows(const std::string& g2_title = "Kassierer (m/w/d)") {
    return std::string("\xEF\xBB\xBF") + header +
           "G-1;Promoter (m/w/d);\"Verkostung im Markt;\r\nfreitags und samstags\";promotion;10178;Berlin;15,00;Stunde\r\n"
           "G-2;" + g2_title + ";Kasse im Getränkemarkt.;promotion;10178;Berlin;16,50;Stunde\r\n"
           "G-3;Lagerhelfer (m/w/d);Kommissionieren im Lager.;promotion;10178;Berlin;14,50;Stunde\r\n"
           "B-1;Aushilfe zu billig;Zu wenig Lohn.;promotion;10178;Berlin;12,00;Stunde\r\n"
           "B-2;;Ohne Titel.;promotion;10178;Berlin;15,00;Stunde\r\n";
}

class JobImports : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // The import held at a locked row (the 409 test) waits longer than the default 5 s query
        // timeout may allow under the sanitizers while the others are answered.
        s_->start("jobimports", true, {{"JOBHAFEN_DATABASE_QUERY_TIMEOUT_MS", "30000"}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), job_imports_seed_sql);
        owner_ = new std::string(organization_member(*s_, "chefin@import.example", 9301));
        other_ = new std::string(organization_member(*s_, "chef@andere.example", 9302));
        // Blocked first, then signed in: blocking ends the members' sessions, and a member who
        // signs in again is told that the organization is blocked (403).
        exec_sql(s_->db->url(), "UPDATE organizations SET active = false WHERE id = 9303");
        blocked_ = new std::string(organization_member(*s_, "chef@gesperrt.example", 9303));
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        delete owner_;
        delete other_;
        delete blocked_;
        delete s_;
    }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static http_reply import_file(const std::string& token, const std::string& bytes, bool dry_run, int org = 9301,
                                  const std::string& name = "stellen.csv") {
        return upload(s_->port, "/api/organizations/" + std::to_string(org) + "/job_imports" + (dry_run ? "?dryRun=1" : ""), token,
                      {{"file", bytes, name, name.ends_with(".xml") ? "application/xml" : "text/csv"}});
    }
    static std::string jobs_of(int org) { return sql("SELECT count(*) FROM job_postings WHERE organization_id = " + std::to_string(org)); }

    static stack* s_;
    static std::string *owner_, *other_, *blocked_;
};
stack* JobImports::s_ = nullptr;
std::string* JobImports::owner_ = nullptr;
std::string* JobImports::other_ = nullptr;
std::string* JobImports::blocked_ = nullptr;

TEST_F(JobImports, ThreeGoodRowsAndTwoBrokenOnesDryRunThenImportThenReimportUpdates) {
    // The dry run: what would happen per row, nothing stored.
    auto dry = import_file(*owner_, five_rows(), true);
    ASSERT_EQ(dry.status, 200) << dry.body;
    EXPECT_EQ(field(dry.body, "dryRun"), "true");
    EXPECT_EQ(field(dry.body, "/counts/create"), "3");
    EXPECT_EQ(field(dry.body, "/counts/update"), "0");
    EXPECT_EQ(field(dry.body, "/counts/refuse"), "2");
    EXPECT_EQ(field(dry.body, "/rows/0/row"), "2");
    EXPECT_EQ(field(dry.body, "/rows/0/reference"), "G-1");
    EXPECT_EQ(field(dry.body, "/rows/0/action"), "create");
    EXPECT_EQ(field(dry.body, "/rows/3/reference"), "B-1");
    EXPECT_EQ(field(dry.body, "/rows/3/action"), "refuse");
    int year = std::stoi(sql("SELECT extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::int"));
    std::string figure = year <= 2026 ? "13,90 €" : "14,60 €";
    EXPECT_EQ(field(dry.body, "/rows/3/errors/Vergütung"),
              "Der Lohn von 12,00 € pro Stunde liegt unter dem Mindestlohn von " + figure + " pro Stunde (" + std::to_string(year) + ").");
    EXPECT_EQ(field(dry.body, "/rows/4/action"), "refuse");
    EXPECT_EQ(field(dry.body, "/rows/4/errors/Titel"), "Dieses Feld darf nicht leer sein");
    EXPECT_EQ(jobs_of(9301), "0") << "a dry run stores nothing";

    // The import: the 3 good rows, published, with their reference; the broken ones not at all.
    auto done = import_file(*owner_, five_rows(), false);
    ASSERT_EQ(done.status, 200) << done.body;
    EXPECT_EQ(field(done.body, "/counts/create"), "3");
    EXPECT_EQ(field(done.body, "/counts/refuse"), "2");
    EXPECT_EQ(jobs_of(9301), "3");
    std::string g2 = field(done.body, "/rows/1/id");
    EXPECT_EQ(sql("SELECT external_reference || ' ' || title || ' ' || is_published FROM job_postings WHERE id = " + g2),
              "G-2 Kassierer (m/w/d) true");
    EXPECT_EQ(sql("SELECT description FROM job_postings WHERE external_reference = 'G-1'"), "Verkostung im Markt;\r\nfreitags und samstags");
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE external_reference LIKE 'B-%'"), "0");
    auto listed = call(s_->port, "GET", "/api/organizations/9301/job_postings?state=published", {}, bearer(*owner_));
    EXPECT_EQ(field(listed.body, "hydra:totalItems"), "3") << listed.body;

    // The re-import with G-2's title changed: the same 3 jobs, updated by their reference.
    auto again = import_file(*owner_, five_rows("Kassiererin oder Kassierer (m/w/d)"), false);
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(field(again.body, "/counts/create"), "0");
    EXPECT_EQ(field(again.body, "/counts/update"), "3");
    EXPECT_EQ(field(again.body, "/rows/1/action"), "update");
    EXPECT_EQ(field(again.body, "/rows/1/id"), g2);
    EXPECT_EQ(jobs_of(9301), "3");
    EXPECT_EQ(sql("SELECT title FROM job_postings WHERE id = " + g2), "Kassiererin oder Kassierer (m/w/d)");
}

TEST_F(JobImports, AnIndeedXmlFileIsImported) {
    std::string xml = R"(<?xml version="1.0" encoding="utf-8"?>
<source><publisher>Andere Agentur</publisher>
<job><title><![CDATA[Messehostess (m/w/d)]]></title><referencenumber>X-1</referencenumber>
<city>Berlin</city><postalcode>10178</postalcode><country>DE</country>
<description><![CDATA[Empfang & Beratung am Stand.]]></description>
<salary>15,00 € pro Stunde</salary><jobtype>parttime</jobtype><category>promotion</category>
<url>https://example.de/x-1</url></job>
<job><title>Ohne Ort</title><referencenumber>X-2</referencenumber><description>Nur Text.</description>
<salary>15,00 € pro Stunde</salary><category>promotion</category></job>
</source>)";
    auto r = import_file(*other_, xml, false, 9302, "feed.xml");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/counts/create"), "1");
    EXPECT_EQ(field(r.body, "/counts/refuse"), "1");
    EXPECT_EQ(field(r.body, "/rows/1/errors/city"), "Dieses Feld darf nicht leer sein");
    EXPECT_EQ(field(r.body, "/ignoredColumns/0"), "url");
    EXPECT_EQ(sql("SELECT title || ' ' || description || ' ' || base_salary || ' ' || salary_unit || ' ' || is_published "
                  "  FROM job_postings WHERE organization_id = 9302 AND external_reference = 'X-1'"),
              "Messehostess (m/w/d) Empfang & Beratung am Stand. 15.00 hour true");
}

TEST_F(JobImports, TheTemplateIsTheCsvTheImportReads) {
    auto t = call(s_->port, "GET", "/api/organizations/9301/job_imports/template.csv", {}, bearer(*owner_));
    ASSERT_EQ(t.status, 200) << t.body;
    EXPECT_EQ(t.body.substr(0, 3), "\xEF\xBB\xBF");
    EXPECT_EQ(t.body.substr(3, 30), "Referenznummer;Titel;Beschreib");
    EXPECT_NE(t.header("content-disposition").find("attachment"), std::string::npos);
    auto dry = import_file(*owner_, t.body, true);
    ASSERT_EQ(dry.status, 200) << dry.body;
    EXPECT_EQ(field(dry.body, "/rows/0/action"), "create") << dry.body;
    EXPECT_NE(dry.body.find("\"ignoredColumns\":[]"), std::string::npos) << dry.body;
}

TEST_F(JobImports, BoundsOfTheFile) {
    std::string many = header;
    for (int i = 0; i < 2001; ++i) many += "R-" + std::to_string(i) + ";Titel;;;;;;\r\n";
    auto rows = import_file(*owner_, many, true);
    ASSERT_EQ(rows.status, 422) << rows.body;
    EXPECT_NE(rows.body.find("Eine Datei darf höchstens 2.000 Zeilen enthalten."), std::string::npos) << rows.body;

    auto evil = import_file(*owner_,
                            "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]>\n"
                            "<source><job><title>&lol2;</title><referencenumber>E-1</referencenumber></job></source>",
                            true, 9301, "evil.xml");
    ASSERT_EQ(evil.status, 422) << evil.body;
    EXPECT_NE(evil.body.find("DOCTYPE- oder ENTITY-Deklaration"), std::string::npos) << evil.body;

    auto no_reference = import_file(*owner_, "Titel;Ort\r\nKoch;Berlin\r\n", true);
    ASSERT_EQ(no_reference.status, 422) << no_reference.body;
    EXPECT_NE(no_reference.body.find("Die Spalte „Referenznummer“ fehlt."), std::string::npos);

    auto huge = import_file(*owner_, std::string(header) + std::string(6 * 1024 * 1024, 'x'), true);
    EXPECT_EQ(huge.status, 413) << huge.body;
}

// Review 26b: a NUL byte in a cell (a CSV or a raw one in XML text) is that row's error, as the
// JSON body's check refuses it for the editor; it reached PostgreSQL and failed the whole file (500).
TEST_F(JobImports, ANulByteInACellRefusesItsRowOnly) {
    std::string csv = std::string(header) + "N-1;Promoter " + std::string(1, '\0') + "(m/w/d);Text.;promotion;10178;Berlin;15,00;Stunde\r\n"
                      "N-2;Promoter (m/w/d);Text.;promotion;10178;Berlin;15,00;Stunde\r\n"
                      "N-" + std::string(1, '\0') + "3;Promoter (m/w/d);Text.;promotion;10178;Berlin;15,00;Stunde\r\n";
    for (bool dry : {true, false}) {
        auto r = import_file(*other_, csv, dry, 9302);
        ASSERT_EQ(r.status, 200) << r.body;
        EXPECT_EQ(field(r.body, "/rows/0/action"), "refuse") << r.body;
        EXPECT_EQ(field(r.body, "/rows/0/errors/Titel"), "Diese Zelle enthält ein unzulässiges Steuerzeichen (Nullzeichen).") << r.body;
        EXPECT_EQ(field(r.body, "/rows/1/action"), "create") << r.body;
        EXPECT_EQ(field(r.body, "/rows/2/action"), "refuse") << r.body;
        EXPECT_EQ(field(r.body, "/rows/2/errors/Referenznummer"), "Diese Zelle enthält ein unzulässiges Steuerzeichen (Nullzeichen).") << r.body;
    }
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9302 AND external_reference LIKE 'N-%'"), "1");
    auto xml = import_file(*other_,
                           "<source><job><referencenumber>X-N</referencenumber><title>Koch " + std::string(1, '\0') +
                               "(m/w/d)</title></job></source>",
                           true, 9302, "nul.xml");
    ASSERT_EQ(xml.status, 200) << xml.body;
    EXPECT_EQ(field(xml.body, "/rows/0/errors/title"), "Diese Zelle enthält ein unzulässiges Steuerzeichen (Nullzeichen).") << xml.body;
}

TEST_F(JobImports, OnlyTheOrganizationsActingMembersAndKeysImport) {
    auto blocked = import_file(*blocked_, five_rows(), true, 9303);
    EXPECT_EQ(blocked.status, 403) << blocked.body;
    auto foreign = import_file(*other_, five_rows(), false, 9301);
    EXPECT_EQ(foreign.status, 404) << foreign.body;
    EXPECT_EQ(call(s_->port, "GET", "/api/organizations/9301/job_imports/template.csv", {}, bearer(*other_)).status, 404);
    EXPECT_EQ(upload(s_->port, "/api/organizations/9301/job_imports?dryRun=1", "", {{"file", five_rows(), "a.csv", "text/csv"}}).status, 401);

    // An agency's script with a jobs:write key.
    auto k = call(s_->port, "POST", "/api/organizations/9302/api_keys", R"({"name":"Import","scopes":["jobs:write"]})",
                  bearer(*other_) + json_type);
    ASSERT_EQ(k.status, 201) << k.body;
    auto by_key = import_file(field(k.body, "key"), five_rows(), true, 9302);
    ASSERT_EQ(by_key.status, 200) << by_key.body;
    EXPECT_EQ(field(by_key.body, "/counts/create"), "3");
}

TEST_F(JobImports, TwentyImportsAtOnceMakeNoDuplicates) {
    std::string file = std::string(header) + "P-1;Parallel eins;Text.;promotion;10178;Berlin;15,00;Stunde\r\n"
                                             "P-2;Parallel zwei;Text.;promotion;10178;Berlin;15,00;Stunde\r\n";
    auto answers = at_once(20, [&](int) { return import_file(*other_, file, false, 9302).status; });
    int ok = 0;
    for (int status : answers) {
        EXPECT_TRUE(status == 200 || status == 409 || status == 429) << status;
        ok += status == 200;
    }
    EXPECT_GE(ok, 1);
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9302 AND external_reference LIKE 'P-%'"), "2");
}

// Review 26b: while one import of an organization writes, a second one is answered 409 at once; it
// waited for the organization's row into the query timeout (503 "Die Datenbank ist gerade nicht
// erreichbar", its connection held meanwhile). The first import to take the import lock is held at
// the organization's row, which the test locks itself (as a long import holds it), so the window is
// made by a lock, not by a file long enough under every load (300 rows outlasted the client's 15 s
// under the sanitizers).
TEST_F(JobImports, ASecondImportWhileOneWritesIsAConflictNotATimeout) {
    std::string file = std::string(header) + "L-1;Lange Liste eins (m/w/d);Text.;promotion;10178;Berlin;15,00;Stunde\r\n"
                                             "L-2;Lange Liste zwei (m/w/d);Text.;promotion;10178;Berlin;15,00;Stunde\r\n";
    PGconn* holder = PQconnectdb(s_->db->url().c_str());
    ASSERT_EQ(PQstatus(holder), CONNECTION_OK) << PQerrorMessage(holder);
    PQclear(PQexec(holder, "BEGIN"));
    PGresult* locked = PQexec(holder, "SELECT 1 FROM organizations WHERE id = 9302 FOR UPDATE");
    ASSERT_EQ(PQresultStatus(locked), PGRES_TUPLES_OK) << PQerrorMessage(holder);
    PQclear(locked);

    std::vector<std::future<http_reply>> imports;
    for (int i = 0; i < 3; ++i)
        imports.push_back(std::async(std::launch::async, [&] { return import_file(*other_, file, true, 9302); }));
    // Two answers come while the row is held: those of the imports that found another one writing.
    auto answered = [&] {
        return std::ranges::count_if(imports, [](auto& f) { return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready; });
    };
    for (auto until = std::chrono::steady_clock::now() + std::chrono::seconds(12); answered() < 2 && std::chrono::steady_clock::now() < until;)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(answered(), 2) << "the second and third import waited for the first";
    PQclear(PQexec(holder, "COMMIT"));
    PQfinish(holder);

    int ok = 0, busy = 0;
    for (auto& f : imports) {
        auto a = f.get();
        EXPECT_TRUE(a.status == 200 || a.status == 409) << a.status << " " << a.body;
        ok += a.status == 200;
        if (a.status == 409) {
            ++busy;
            EXPECT_EQ(field(a.body, "message"),
                      "Für Ihr Unternehmen läuft gerade ein anderer Import. Bitte versuchen Sie es noch einmal, wenn er fertig ist.");
        }
    }
    EXPECT_EQ(ok, 1);
    EXPECT_EQ(busy, 2);
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9302 AND external_reference LIKE 'L-%'"), "0");
}

}  // namespace
}  // namespace jh::test
