// wording_rules.h: the AGG check of a job's text (issue 42 item 3, docs/fair-play.md "Wording").
//
// The title and the free texts of a job are matched against a maintained list of German phrasings
// that courts and the Antidiskriminierungsstelle des Bundes name as signs of discrimination
// (config/agg_wording.json: per entry its patterns, category, why, a suggested rewording and the
// source). A finding is a warning: the job editor shows it, and publishing anyway sends the job to
// an administrator's review (job_postings_editor, job_review.cpp).
//
// Pure: no database, no HTTP. No regular-expression engine on request data (docs/style: hostile
// input; a backtracking one recurses per character): the patterns are word sequences matched by
// hand over the text's words, in time linear in the text.
//
// Pattern syntax (one string): words separated by spaces, matched against consecutive words of the
// text, case-insensitive (ASCII and the German umlauts). A pattern word may list alternatives with
// '|'; a trailing '*' matches every word starting so; '#' matches a number; '~' skips up to three
// words. Punctuation separates words ("max. 30 Jahre" is max, 30, jahre).
#pragma once

#include <cstddef>
#include <expected>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jh::wording {

// One entry of the list.
struct rule {
    std::string id, category, why, suggestion, source;
    std::vector<std::vector<std::vector<std::string>>> patterns;   // pattern → word → alternatives
    std::vector<std::string> fields;           // empty: every field
    // Not flagged when the job has one of these activities (their slugs) and the words stand in one
    // of allowed_fields: a requirement the job itself needs (§ 8 AGG), stated as its requirement.
    std::vector<std::string> allowed_activities, allowed_fields;
};

// The title rule: a gendered job title (one of `titles`, also inside a compound: "Eventpromoter")
// without a marker for every gender ("(m/w/d)", …) or a gender-star form ("Promoter*in").
struct title_rule {
    std::string id, category, why, suggestion, source;
    std::vector<std::string> titles;    // lower case, masculine and feminine forms
    std::vector<std::string> markers;   // lower case, without spaces
};

struct rule_set {
    std::string version;
    std::vector<rule> rules;
    title_rule title;
};

// The list from its JSON text; the error names what is wrong.
std::expected<rule_set, std::string> parse_rules(std::string_view json);
// The shipped list (config/agg_wording.json), read once; a broken file stops the start.
const rule_set& shipped_rules();

// The texts of one job as stored: field name (the API's member) → text.
struct job_text {
    std::vector<std::pair<std::string, std::string>> fields;   // "title", "description", "requirement", …
    std::vector<std::string> activities;                        // slugs
};

struct finding {
    std::string field, rule, category, words, why, suggestion;
    // "rule|field|words in lower case": what an administrator's release covers.
    std::string key() const;
};

// Every finding of the job's text, in field order, each (rule, field, words) once.
std::vector<finding> check(const rule_set& rules, const job_text& job);

// The findings as a JSON array (field, rule, category, words, why, suggestion; with_keys adds each
// finding's key, as the review stores them).
std::string to_json(const std::vector<finding>& found, bool with_keys = false);

}  // namespace jh::wording
