// The job import's readers and row mapping (actors/jobs/job_import_files.h, job_import_rows.h):
// the CSV template read back with and without BOM, `;` and `,`, quoted cells with doubled quotes
// and line breaks; the Indeed XML subset with CDATA and references, and its refusals (DOCTYPE,
// ENTITY, unknown entities, broken nesting); the row bound; German amounts and units.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <cstdio>

#include "actors/jobs/job_import_files.h"
#include "actors/jobs/job_import_rows.h"

namespace jh::jobs {
namespace {

using import_files::failure_kind;

std::string member(const std::string& json, const char* pointer) {
    simdjson::dom::parser p;
    simdjson::dom::element e;
    if (p.parse(json).get(e) != simdjson::SUCCESS) return "<invalid>";
    simdjson::dom::element v;
    if (e.at_pointer(pointer).get(v) != simdjson::SUCCESS) return "<absent>";
    std::string_view s;
    if (v.get(s) == simdjson::SUCCESS) return std::string(s);
    double d;
    if (v.get(d) == simdjson::SUCCESS) {   // a number as the provider would read it: 2 decimals
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f", d);
        return buf;
    }
    return simdjson::minify(v);
}

TEST(JobImportCsv, ReadsTheTemplateItOffers) {
    auto t = import_files::read_csv(import_rows::template_csv());
    ASSERT_TRUE(t) << t.error().message;
    ASSERT_EQ(t->records.size(), 1u);
    EXPECT_EQ(t->columns.front(), "Referenznummer");
    EXPECT_EQ(t->records[0].row, 2u);   // the spreadsheet's row: the header is row 1
    auto m = import_rows::map(*t, import_rows::format::csv);
    EXPECT_TRUE(m.unknown_columns.empty());
    EXPECT_TRUE(m.missing_columns.empty());
    ASSERT_EQ(m.rows.size(), 1u);
    const auto& r = m.rows[0];
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(r.reference, "ST-2026-001");
    EXPECT_EQ(member(r.body, "/title"), "Promoter (m/w/d) für Verkostungen");
    EXPECT_EQ(member(r.body, "/baseSalary"), "15.00");
    EXPECT_EQ(member(r.body, "/salaryUnit"), "hour");
    EXPECT_EQ(member(r.body, "/locations/0/city"), "Berlin");
    EXPECT_EQ(member(r.body, "/locations/0/country"), "de");
    EXPECT_EQ(member(r.body, "/activities"), "[\"promotion\"]");
    EXPECT_EQ(member(r.body, "/validThrough"), "2026-12-31");
}

TEST(JobImportCsv, CommasQuotesAndLineBreaksInsideQuotesWithoutBom) {
    std::string csv = "Referenznummer,Titel,Beschreibung\n"
                      "A-1,\"Kellner, Service\",\"Zeile eins\r\nZeile \"\"zwei\"\"\"\n"
                      "\n"
                      "A-2,Koch,\n";
    auto t = import_files::read_csv(csv);
    ASSERT_TRUE(t) << t.error().message;
    ASSERT_EQ(t->records.size(), 2u);
    EXPECT_EQ(t->records[0].cells[1], "Kellner, Service");
    EXPECT_EQ(t->records[0].cells[2], "Zeile eins\r\nZeile \"zwei\"");
    EXPECT_EQ(t->records[1].row, 4u);   // the blank row 3 is skipped, the numbers stay the file's
    EXPECT_EQ(t->records[1].cells[2], "");
}

TEST(JobImportCsv, SemicolonsWithBomAndAnUnclosedQuote) {
    auto t = import_files::read_csv("\xEF\xBB\xBFReferenznummer;Titel\r\nB-1;\"a;b\"\r\n");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->columns[0], "Referenznummer");
    EXPECT_EQ(t->records[0].cells[1], "a;b");
    auto bad = import_files::read_csv("Referenznummer;Titel\nB-1;\"offen\n");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind, failure_kind::malformed);
    EXPECT_EQ(bad.error().message, "Zeile 2: Ein Anführungszeichen wird nicht geschlossen.");
}

TEST(JobImportCsv, RefusesMoreRowsThanTheBoundAndWindows1252) {
    std::string csv = "Referenznummer;Titel\n";
    for (int i = 0; i < 2001; ++i) csv += "R" + std::to_string(i) + ";T\n";
    auto t = import_files::read_csv(csv);
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().kind, failure_kind::too_many_rows);
    EXPECT_EQ(t.error().message, "Eine Datei darf höchstens 2.000 Zeilen enthalten.");
    csv.resize(csv.size() - std::string("R2000;T\n").size());
    EXPECT_TRUE(import_files::read_csv(csv));   // exactly 2,000 pass
    auto latin1 = import_files::read_csv("Referenznummer;Titel\nA;K\xF6" "chin\n");
    ASSERT_FALSE(latin1);
    EXPECT_EQ(latin1.error().kind, failure_kind::not_utf8);
}

TEST(JobImportCsv, KeepsABoundedPartOfAHugeCell) {
    import_files::limits lim;
    lim.max_cell_bytes = 10;
    auto t = import_files::read_csv("Referenznummer;Titel\nA;" + std::string(1000, 'x') + "\n", lim);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->records[0].cells[1].size(), 11u);
}

TEST(JobImportRows, GermanAmountsUnitsAndBrokenCellsByColumn) {
    auto t = import_files::read_csv("Referenznummer;Titel;Vergütung;Vergütung pro;Veröffentlichen;Farbe\n"
                                    "C-1;Aushilfe;1.234,56 €;Monat;nein;rot\n"
                                    "C-2;Aushilfe;zehn;Woche;vielleicht;\n"
                                    ";Ohne Nummer;;;;\n"
                                    "C-1;Doppelt;;;;\n");
    ASSERT_TRUE(t);
    auto m = import_rows::map(*t, import_rows::format::csv);
    ASSERT_EQ(m.unknown_columns, std::vector<std::string>{"Farbe"});
    ASSERT_EQ(m.rows.size(), 4u);
    EXPECT_EQ(member(m.rows[0].body, "/baseSalary"), "1234.56");
    // A leading zero is no JSON number: the body must still parse (found by the fuzz target).
    auto zero = import_files::read_csv("Referenznummer;Titel;Vergütung\nZ-1;Aushilfe;07,50\nZ-2;Aushilfe;0,50\n");
    ASSERT_TRUE(zero);
    auto zm = import_rows::map(*zero, import_rows::format::csv);
    EXPECT_EQ(member(zm.rows[0].body, "/baseSalary"), "7.50");
    EXPECT_EQ(member(zm.rows[1].body, "/baseSalary"), "0.50");
    EXPECT_EQ(member(m.rows[0].body, "/salaryUnit"), "month");
    EXPECT_FALSE(m.rows[0].publish);
    ASSERT_EQ(m.rows[1].errors.size(), 3u);
    EXPECT_EQ(m.rows[1].errors[0].property_path, "Vergütung");
    EXPECT_EQ(m.rows[1].errors[0].message, "Bitte geben Sie einen Betrag an, z. B. 14,50.");
    EXPECT_EQ(m.rows[1].errors[1].property_path, "Vergütung pro");
    EXPECT_EQ(m.rows[1].errors[2].property_path, "Veröffentlichen");
    EXPECT_TRUE(m.rows[1].body.empty());
    EXPECT_EQ(m.rows[2].errors.at(0).message, "Bitte geben Sie eine Referenznummer an.");
    EXPECT_EQ(m.rows[3].errors.at(0).message, "Diese Referenznummer steht schon in Zeile 2.");
}

// Review 26b: PostgreSQL stores no NUL; a cell with one is its row's error, one message per cell
// (a reference refused for it is not "missing" besides), in CSV and in XML text alike.
TEST(JobImportRows, ANulByteIsTheCellsError) {
    const std::string nul(1, '\0');
    auto t = import_files::read_csv("Referenznummer;Titel;Ort\r\nN-1;Pro" + nul + "moter;Berlin\r\nN-2;Promoter;Berlin\r\nN-" + nul +
                                    "3;Promoter;Berlin\r\n");
    ASSERT_TRUE(t);
    auto m = import_rows::map(*t, import_rows::format::csv);
    ASSERT_EQ(m.rows.size(), 3u);
    ASSERT_EQ(m.rows[0].errors.size(), 1u);
    EXPECT_EQ(m.rows[0].errors[0].property_path, "Titel");
    EXPECT_EQ(m.rows[0].errors[0].message, "Diese Zelle enthält ein unzulässiges Steuerzeichen (Nullzeichen).");
    EXPECT_TRUE(m.rows[0].body.empty());
    EXPECT_TRUE(m.rows[1].errors.empty());
    ASSERT_EQ(m.rows[2].errors.size(), 1u);
    EXPECT_EQ(m.rows[2].errors[0].property_path, "Referenznummer");
    auto x = import_files::read_indeed_xml("<source><job><referencenumber>X</referencenumber><title>K" + nul + "</title></job></source>");
    ASSERT_TRUE(x);
    auto mx = import_rows::map(*x, import_rows::format::indeed_xml);
    ASSERT_EQ(mx.rows.size(), 1u);
    ASSERT_EQ(mx.rows[0].errors.size(), 1u);
    EXPECT_EQ(mx.rows[0].errors[0].property_path, "title");
}

TEST(JobImportRows, AMissingRequiredColumnAndTheEditorsPathsAsColumns) {
    auto t = import_files::read_csv("Titel;Ort\nKoch;Berlin\n");
    ASSERT_TRUE(t);
    auto m = import_rows::map(*t, import_rows::format::csv);
    EXPECT_EQ(m.missing_columns, std::vector<std::string>{"Referenznummer"});
    EXPECT_EQ(import_rows::column_of("locations[0].zipcode", import_rows::format::csv), "PLZ");
    EXPECT_EQ(import_rows::column_of("locations", import_rows::format::csv), "Ort");
    EXPECT_EQ(import_rows::column_of("activities[1]", import_rows::format::csv), "Tätigkeiten");
    EXPECT_EQ(import_rows::column_of("baseSalary", import_rows::format::csv), "Vergütung");
    EXPECT_EQ(import_rows::column_of("baseSalary", import_rows::format::indeed_xml), "salary");
    EXPECT_EQ(import_rows::column_of("locations[0].city", import_rows::format::indeed_xml), "city");
}

constexpr const char* indeed_sample = R"(<?xml version="1.0" encoding="utf-8"?>
<source>
<publisher>Agentur</publisher>
<!-- a comment -->
<job>
<title><![CDATA[Messehostess (m/w/d)]]></title>
<referencenumber>X-1</referencenumber>
<city>Köln</city><postalcode>50667</postalcode><country>DE</country>
<description><![CDATA[Empfang & Beratung <b>am Stand</b>]]></description>
<salary>14,00–16,50 € pro Einsatz/Tag</salary>
<jobtype>parttime</jobtype><jobtype>temporary</jobtype>
<category>promotion</category>
<expirationdate>2026-12-31</expirationdate>
<url>https://example.de/1</url>
</job>
<job><title>Fahrer &amp; Lager &#x263A; &#228;</title><referencenumber>X-2</referencenumber><salary>nach Vereinbarung</salary></job>
</source>
)";

TEST(JobImportXml, ReadsTheIndeedFormatWithCdataAndReferences) {
    ASSERT_TRUE(import_files::looks_like_xml(indeed_sample));
    auto t = import_files::read_indeed_xml(indeed_sample);
    ASSERT_TRUE(t) << t.error().message;
    ASSERT_EQ(t->records.size(), 2u);
    auto m = import_rows::map(*t, import_rows::format::indeed_xml);
    ASSERT_EQ(m.rows.size(), 2u);
    const auto& a = m.rows[0];
    EXPECT_TRUE(a.errors.empty());
    EXPECT_EQ(a.reference, "X-1");
    EXPECT_EQ(member(a.body, "/title"), "Messehostess (m/w/d)");
    EXPECT_EQ(member(a.body, "/description"), "Empfang & Beratung <b>am Stand</b>");
    EXPECT_EQ(member(a.body, "/locations/0/city"), "Köln");
    EXPECT_EQ(member(a.body, "/locations/0/zipcode"), "50667");
    EXPECT_EQ(member(a.body, "/baseSalary"), "14.00");
    EXPECT_EQ(member(a.body, "/baseSalaryMax"), "16.50");
    EXPECT_EQ(member(a.body, "/salaryUnit"), "day");
    EXPECT_EQ(member(a.body, "/employmentTypes"), "[\"part_time\",\"temporary\"]");
    EXPECT_EQ(member(a.body, "/activities"), "[\"promotion\"]");
    EXPECT_EQ(m.unknown_columns, std::vector<std::string>{"url"});
    EXPECT_EQ(member(m.rows[1].body, "/title"), "Fahrer & Lager \u263A \u00E4");
    EXPECT_EQ(member(m.rows[1].body, "/salaryDescription"), "nach Vereinbarung");
}

TEST(JobImportXml, RefusesDeclarationsAndEntitiesItDoesNotKnow) {
    auto doctype = import_files::read_indeed_xml(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE source [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<source><job><title>&xxe;</title></job></source>");
    ASSERT_FALSE(doctype);
    EXPECT_EQ(doctype.error().kind, failure_kind::declaration);
    auto laughs = import_files::read_indeed_xml("<source><!ENTITY lol \"lol\"><job><title>&lol;</title></job></source>");
    ASSERT_FALSE(laughs);
    EXPECT_EQ(laughs.error().kind, failure_kind::declaration);
    auto unknown = import_files::read_indeed_xml("<source><job><title>&nbsp;</title></job></source>");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().kind, failure_kind::malformed);
    EXPECT_FALSE(import_files::read_indeed_xml("<source><job><title>&#0;</title></job></source>"));
    EXPECT_FALSE(import_files::read_indeed_xml("<source><job><title>&#x110000;</title></job></source>"));
}

TEST(JobImportXml, RefusesBrokenStructure) {
    EXPECT_FALSE(import_files::read_indeed_xml("<source><job><title>x</job></source>"));
    EXPECT_FALSE(import_files::read_indeed_xml("<source><job><title>x</title></job>"));
    EXPECT_FALSE(import_files::read_indeed_xml("<feed><job/></feed>"));
    EXPECT_FALSE(import_files::read_indeed_xml("<source><job><title><b>x</b></title></job></source>"));
    EXPECT_FALSE(import_files::read_indeed_xml("<source/><source/>"));
    EXPECT_FALSE(import_files::read_indeed_xml("<source><job><title a=\"1>x</title></job></source>"));
    std::string deep = "<source>";
    for (int i = 0; i < 20; ++i) deep += "<x>";
    EXPECT_FALSE(import_files::read_indeed_xml(deep));
    std::string many = "<source>";
    for (int i = 0; i < 2001; ++i) many += "<job/>";
    many += "</source>";
    auto t = import_files::read_indeed_xml(many);
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().kind, failure_kind::too_many_rows);
}

}  // namespace
}  // namespace jh::jobs
