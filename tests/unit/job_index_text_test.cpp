// job_index_text_test.cpp: a text filter keeps exactly the jobs whose words match it, whichever way
// the index narrows the other filters' jobs by it: one clause narrowed in place, several clauses
// (OR) each from the filter's jobs and then joined, a word kept as a bitmap (in at least one job in
// 16) ANDed, a rarer word's postings kept only where the filter already holds them, a negated word
// of either kind cleared; and with an organization (its postings kept the same way) or one or two
// activities (one ANDed straight from its bitmap, two ORed first) beside it. Checked against
// evaluating every job's words one by one. A query word of three or more letters matches every
// word it begins (a prefix: "pfx" is the union of a common and many rare words, "pfx1" of three
// rare ones), a shorter one only itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "search/job_index.h"

namespace jh::search {
namespace {

// One job: words by how many jobs carry them: "d0".."d3" half of them or more (kept as bitmaps),
// "m0".."m5" about one in ten (bitmaps), "r0".."r29" one in a hundred or so (postings only).
job_record text_job(std::int64_t id, std::mt19937& rng) {
    std::set<std::string> words;
    for (int w = 0; w < 4; ++w)
        if (rng() % 2 == 0) words.insert("d" + std::to_string(w));
    for (int w = 0; w < 6; ++w)
        if (rng() % 10 == 0) words.insert("m" + std::to_string(w));
    for (int w = 0, n = static_cast<int>(rng() % 2); w < n; ++w) words.insert("r" + std::to_string(rng() % 30));
    if (rng() % 20 == 0) words.insert("pfxd");
    if (rng() % 4 == 0) words.insert("pfx" + std::to_string(rng() % 12));
    std::set<int> activities;
    for (int a = 0, n = static_cast<int>(rng() % 3); a < n; ++a) activities.insert(1 + static_cast<int>(rng() % 6));
    job_record j;
    j.id = id;
    j.published_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(rng() % 300) * 3'600'000'000;   // ties on purpose
    j.organization_id = 1 + rng() % 25;
    j.activity_ids.assign(activities.begin(), activities.end());
    j.lexemes.assign(words.begin(), words.end());
    return j;
}

std::string any_word(std::mt19937& rng) {
    switch (rng() % 4) {
    case 0: return "d" + std::to_string(rng() % 4);
    case 1: return "m" + std::to_string(rng() % 6);
    case 2: return rng() % 2 ? "pfx" : "pfx1";   // prefixes of several words
    default: return "r" + std::to_string(rng() % 32);   // r30, r31: in no job
    }
}

text_query random_text(std::mt19937& rng) {
    text_query t;
    for (int c = 0, clauses = 1 + static_cast<int>(rng() % 3); c < clauses; ++c) {
        text_query::clause clause;
        for (int w = 0, n = 1 + static_cast<int>(rng() % 2); w < n; ++w) clause.all_of.push_back(any_word(rng));
        if (rng() % 3 == 0) clause.none_of.push_back(any_word(rng));
        t.any_of.push_back(clause);
    }
    return t;
}

bool matches(const job_record& j, const text_query& t) {
    auto has = [&](const std::string& w) {
        return std::any_of(j.lexemes.begin(), j.lexemes.end(), [&](const std::string& l) { return w.size() >= 3 ? l.starts_with(w) : l == w; });
    };
    return std::any_of(t.any_of.begin(), t.any_of.end(), [&](const text_query::clause& c) {
        return std::all_of(c.all_of.begin(), c.all_of.end(), has) && std::none_of(c.none_of.begin(), c.none_of.end(), has);
    });
}

TEST(JobIndexText, ATextFilterKeepsExactlyTheJobsWhoseWordsMatch) {
    std::mt19937 rng(4711);
    std::vector<job_record> jobs;
    for (std::int64_t id = 1; id <= 5000; ++id) jobs.push_back(text_job(id, rng));
    std::vector<const job_record*> newest;
    for (const auto& j : jobs) newest.push_back(&j);
    std::sort(newest.begin(), newest.end(), [](const job_record* a, const job_record* b) {
        return a->published_us != b->published_us ? a->published_us > b->published_us : a->id > b->id;
    });
    const auto index = job_snapshot::build(newest);
    int nonempty = 0, several_clauses = 0;
    for (int round = 0; round < 400; ++round) {
        index_query q;
        q.text = random_text(rng);
        if (round % 4 == 1) q.organization_id = 1 + rng() % 26;   // 26: no job
        if (round % 4 == 2) q.activity_ids = std::vector<int>{1 + static_cast<int>(rng() % 7)};   // 7: no job
        if (round % 4 == 3) q.activity_ids = std::vector<int>{1 + static_cast<int>(rng() % 6), 1 + static_cast<int>(rng() % 6)};
        q.sort = "newest";
        q.limit = 60;
        q.offset = static_cast<int>(rng() % 3) * 25;
        q.count_cap = 100000;
        std::vector<std::int64_t> want;
        for (const auto* j : newest) {
            if (q.organization_id && j->organization_id != *q.organization_id) continue;
            if (q.activity_ids && std::none_of(q.activity_ids->begin(), q.activity_ids->end(), [&](int a) {
                    return std::find(j->activity_ids.begin(), j->activity_ids.end(), a) != j->activity_ids.end();
                }))
                continue;
            if (matches(*j, *q.text)) want.push_back(j->id);
        }
        const auto a = index->search(q);
        const std::string where = "round " + std::to_string(round);
        ASSERT_EQ(a.total, static_cast<std::int64_t>(want.size())) << where;
        const auto from = std::min(want.size(), static_cast<std::size_t>(q.offset));
        const auto to = std::min(want.size(), from + static_cast<std::size_t>(q.limit));
        ASSERT_EQ(a.page, std::vector<std::int64_t>(want.begin() + static_cast<std::ptrdiff_t>(from), want.begin() + static_cast<std::ptrdiff_t>(to)))
            << where;
        nonempty += want.empty() ? 0 : 1;
        several_clauses += q.text->any_of.size() > 1 ? 1 : 0;
    }
    // The rounds asked both kinds of text and found jobs in most of them.
    EXPECT_GT(nonempty, 200);
    EXPECT_GT(several_clauses, 100);
}

}  // namespace
}  // namespace jh::search
