// Integration test of search/text.h against PostgreSQL itself: the C++ folds equal jh_fold and
// jh_fold_plain for every character unaccent knows and for a word list (the seeder's German texts
// plus hand-picked umlauts, ß, accents, capitals, stop words and inflections), and analyze_word
// gives exactly the lexeme of to_tsvector('german', jh_fold(word)) wherever it claims to know it.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "search/text.h"
#include "tests/support/harness.h"
#include "reactor/source_dir.h"

namespace jh::test {
namespace {

// Letter runs (ASCII letters and any UTF-8 multi-byte character) of a file, distinct.
std::set<std::string> words_of_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    std::set<std::string> out;
    std::string cur;
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80) {
            cur += ch;
        } else {
            if (cur.size() >= 2 && cur.size() <= 40) out.insert(cur);
            cur.clear();
        }
    }
    return out;
}

std::vector<std::string> word_list() {
    auto words = words_of_file(source_path("workers/seed/seed_data.h"));
    for (const char* w : {"Promotion", "Promotionen", "Promoterin", "Hostessen", "Messehostessen", "Verkäuferinnen", "Küchenhilfen",
                          "Küche", "Kueche", "Kuche", "Gläser", "läuft", "Häuser", "Straße", "Strasse", "STRASSE", "Bäckerei",
                          "Fußgängerzone", "ÄRZTIN", "Übersetzer", "Öffnungszeiten", "München", "Muenchen", "Munchen",
                          "Düsseldorf", "Zürich", "Café", "Crème", "Señor", "Łódź", "Ægir", "Øresund", "Ångström", "naïve",
                          "Garçon", "der", "die", "das", "und", "für", "über", "daß", "Dass", "können", "während", "würde",
                          "Nichts", "AUCH", "Barista", "Barkeeper", "Sampling", "Events", "Eventhelfer", "Zuverlässigkeit",
                          "Pünktlichkeit", "Einsätze", "Gäste", "Verstärkung", "Nähe", "aufräumen", "Flyerverteilung",
                          "Geschäftsführerin", "Schülerjobs", "Rentnerjobs", "Ferienjobs", "größte", "Größe", "ẞ"})
        words.insert(w);
    return {words.begin(), words.end()};
}

// A SQL text array of `values`, dollar-quoted (no value contains the tag).
std::string sql_array(const std::vector<std::string>& values) {
    std::string out = "ARRAY[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ",$w$" : "$w$") + values[i] + "$w$";
    return out + "]::text[]";
}

class SearchText : public ::testing::Test {
protected:
    static void SetUpTestSuite() { db_ = new temp_database("searchtext", schema::migrated); }
    static void TearDownTestSuite() { delete db_; }
    static temp_database* db_;
};
temp_database* SearchText::db_ = nullptr;

TEST_F(SearchText, FoldsEqualPostgresForEveryUnaccentCharacter) {
    // Every character of the rules, upper and lower case, each between two letters.
    std::vector<std::string> samples;
    for (const auto& row : query_sql(db_->url(), "SELECT DISTINCT k FROM unnest(ARRAY(SELECT chr(c) FROM generate_series(192, 591) c "
                                                 "UNION SELECT chr(c) FROM generate_series(7680, 7935) c)) AS k"))
        samples.push_back("x" + row.at(0) + "y");
    auto rows = query_sql(db_->url(), "SELECT w, jh_fold(w), jh_fold_plain(w), jh_unaccent(w) FROM unnest(" + sql_array(samples) +
                                          ") AS w ORDER BY 1");
    ASSERT_EQ(rows.size(), samples.size());
    for (const auto& r : rows) {
        EXPECT_EQ(search::fold(r.at(0)), r.at(1)) << r.at(0);
        EXPECT_EQ(search::fold_plain(r.at(0)), r.at(2)) << r.at(0);
        EXPECT_EQ(search::unaccent(r.at(0)), r.at(3)) << r.at(0);
    }
}

TEST_F(SearchText, WordsGetTheLexemesOfToTsvectorGerman) {
    auto words = word_list();
    ASSERT_GT(words.size(), 300u);
    auto rows = query_sql(db_->url(), "SELECT w, jh_fold(w), jh_fold_plain(w), to_tsvector('german', jh_fold(w))::text, "
                                      "w ~ '[ÄÖÜäöü]' FROM unnest(" + sql_array(words) + ") AS w");
    ASSERT_EQ(rows.size(), words.size());
    std::size_t known = 0, stop = 0;
    for (const auto& r : rows) {
        const std::string& w = r.at(0);
        EXPECT_EQ(search::fold(w), r.at(1)) << w;
        EXPECT_EQ(search::fold_plain(w), r.at(2)) << w;
        EXPECT_EQ(search::has_umlaut(w), r.at(4) == "t") << w;
        auto lexeme = search::analyze_word(w);
        if (!lexeme) continue;
        ++known;
        if (lexeme->empty()) {
            ++stop;
            EXPECT_EQ(r.at(3), "") << w << " is a stop word in PostgreSQL";
        } else {
            EXPECT_EQ("'" + *lexeme + "':1", r.at(3)) << w;
        }
    }
    // The analysis knows nearly every word of a German job text, stop words among them.
    EXPECT_GE(known, words.size() * 95 / 100);
    EXPECT_GE(stop, 10u);
}

}  // namespace
}  // namespace jh::test
