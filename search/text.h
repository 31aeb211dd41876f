// text.h: the German text analysis of the job search, in C++: the same folds as PostgreSQL's
// jh_fold / jh_fold_plain (migrations/0010_reference_data.sql: ä→ae ö→oe ü→ue, then unaccent's
// rules, lower case) and the same lexemes as to_tsvector('german', ...) for plain words (the
// Snowball German stemmer of libstemmer and PostgreSQL's german stop-word list). Pure C++, no I/O;
// the in-memory job index (docs/search.md) turns query words into lexemes with it.
//
// What it is sure about: a word that, after folding, is only the letters a-z (German text nearly
// always is). Anything else (digits, hyphens, dots, other scripts) PostgreSQL's parser splits by
// rules this module does not copy; analyze_word says so (nullopt) and the caller asks PostgreSQL.
// tests/integration/search_text_test.cpp checks the agreement against to_tsvector on a word list.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jh::search {

// unaccent('unaccent', t): every character with a rule replaced (ä→a, é→e, ß→ss, æ→ae, Ł→L);
// invalid UTF-8 bytes are kept as they are.
std::string unaccent(std::string_view utf8);

// Whether `s` is well-formed UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF):
// what PostgreSQL accepts as text.
bool valid_utf8(std::string_view s) noexcept;

// jh_fold(t): lower(unaccent(t with Ä→Ae ä→ae Ö→Oe ö→oe Ü→Ue ü→ue)).
std::string fold(std::string_view utf8);

// jh_fold_plain(t): lower(unaccent(t)): ä→a.
std::string fold_plain(std::string_view utf8);

// t ~ '[ÄÖÜäöü]': the only case where fold and fold_plain differ (the job text is indexed in both).
bool has_umlaut(std::string_view utf8) noexcept;

// In PostgreSQL's german.stop (compared as the dictionary does: the lower-cased token).
bool is_german_stop_word(std::string_view lower_token) noexcept;

// The Snowball German stem of a lower-case word (libstemmer; one stemmer per thread).
std::string german_stem(std::string_view lower_word);

// The lexeme to_tsvector('german', jh_fold(word)) gives for one word: "" for a stop word, the
// stem otherwise; nullopt when the folded word is not only a-z (see the top of this file).
std::optional<std::string> analyze_word(std::string_view word);

}  // namespace jh::search
