// applicants_csv_test.cpp: the cells and file of the applicants' CSV (actors/applications/
// applicants_csv.h): Excel in Germany opens it as UTF-8 with `;`, and no cell runs as a formula.
#include <gtest/gtest.h>

#include "actors/applications/applicants_csv.h"

namespace jh::applications_csv {
namespace {

TEST(ApplicantsCsv, PlainCellsStayAsTheyAre) {
    EXPECT_EQ(cell("Jana"), "Jana");
    EXPECT_EQ(cell("Müller-Lüdenscheidt"), "Müller-Lüdenscheidt");
    EXPECT_EQ(cell(""), "");
}

TEST(ApplicantsCsv, FormulaStartsGetAnApostrophe) {
    for (const char* v : {"=1+1", "+49 170", "-5", "@SUM(A1)", "\t=1", "\r=1"}) EXPECT_EQ(cell(v).find('\''), v[0] == '\r' ? 1u : 0u) << v;
    EXPECT_EQ(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    EXPECT_EQ(cell("a=b"), "a=b");
}

TEST(ApplicantsCsv, SeparatorsQuotesAndLineBreaksAreQuoted) {
    EXPECT_EQ(cell("a;b"), "\"a;b\"");
    EXPECT_EQ(cell("sagt \"hallo\""), "\"sagt \"\"hallo\"\"\"");
    EXPECT_EQ(cell("Zeile 1\nZeile 2"), "\"Zeile 1\nZeile 2\"");
    EXPECT_EQ(cell(" Rand "), "\" Rand \"");
}

TEST(ApplicantsCsv, TheFileHasTheBomTheHeaderAndCrlfRows) {
    std::string f = file({{"Jana", "Berg", "jana@example.de", "0170", "Hafenstr. 1", "Neu", "01.02.2026 10:00", "Bremen",
                           "Samstag, 05.12.2026, 10:00–14:00 Uhr (bestätigt)", "Samstag, 05.12.2026, 10:00–14:00 Uhr",
                           "14,00–16,00 € pro Stunde", "Promoter"}});
    EXPECT_EQ(f.substr(0, 3), "\xEF\xBB\xBF");
    EXPECT_EQ(f.substr(3), "Vorname;Nachname;E-Mail;Telefon;Adresse;Status;Beworben am;Einsatzorte;Gewählte Einsätze;"
                           "Bestätigte Einsätze;Lohn;Stellenanzeige\r\n"
                           "Jana;Berg;jana@example.de;0170;Hafenstr. 1;Neu;01.02.2026 10:00;Bremen;"
                           "Samstag, 05.12.2026, 10:00–14:00 Uhr (bestätigt);Samstag, 05.12.2026, 10:00–14:00 Uhr;"
                           "14,00–16,00 € pro Stunde;Promoter\r\n");
}

TEST(ApplicantsCsv, TheFileNameIsHeaderSafe) {
    EXPECT_EQ(file_name("promoter-9701"), "bewerbungen-promoter-9701.csv");
    EXPECT_EQ(file_name("Büro\"; x=1"), "bewerbungen-brox1.csv");
}

}  // namespace
}  // namespace jh::applications_csv
