// job_index_patch_test.cpp: a generation patched from the one before (job_snapshot::patch) answers
// every query exactly as a generation built from scratch over the same jobs, through many rounds of
// inserts, edits (order, filters, places, words, flags) and removals; and cards stay within their
// bound (the newest jobs) through the patches, and a generation a reader still holds keeps its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <random>

#include "search/free_shifts.h"
#include "search/job_card.h"
#include "search/job_index.h"

namespace jh::search {
namespace {

class catalogue {
public:
    explicit catalogue(std::uint32_t seed) : rng_(seed), terms_(std::make_shared<term_dictionary>()) {}

    job_record random_job(std::int64_t id) {
        job_record j;
        j.id = id;
        j.published_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(rng_() % 50) * 3'600'000'000;   // ties on purpose
        if (rng_() % 3 == 0) j.valid_through_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(rng_() % 80) * 3'600'000'000;
        j.organization_id = 1 + rng_() % 12;
        for (int k = 0, n = static_cast<int>(rng_() % 3); k < n; ++k) j.activity_ids.push_back(1 + static_cast<int>(rng_() % 9));
        for (int k = 0, n = static_cast<int>(rng_() % 2); k < n; ++k) j.employment_type_ids.push_back(1 + static_cast<int>(rng_() % 5));
        if (rng_() % 2) j.industry_ids.push_back(1 + static_cast<int>(rng_() % 4));
        j.flags = static_cast<std::uint8_t>(rng_() % 32);
        for (int k = 0, n = static_cast<int>(rng_() % 4); k < n; ++k)
            j.places.push_back(earth_of(47.5 + (rng_() % 700) / 100.0, 6.0 + (rng_() % 900) / 100.0));
        // Free shifts on the days 19675..19684, some begun by the queries' now (day 19677, 14:13 UTC).
        for (int k = 0, n = rng_() % 3 == 0 ? 1 + static_cast<int>(rng_() % 3) : 0; k < n; ++k) {
            const int day = 19675 + static_cast<int>(rng_() % 10);
            j.free_shifts.push_back(free_shift_key(day, std::int64_t{day} * 86400 + static_cast<std::int64_t>(rng_() % 48) * 1800));
        }
        std::set<std::string> words;
        for (int k = 0, n = 1 + static_cast<int>(rng_() % 8); k < n; ++k) words.insert("w" + std::to_string(rng_() % (30 + round_)));
        for (const auto& w : words) j.terms.push_back(intern(w));
        return j;
    }
    std::uint32_t intern(const std::string& w) {
        // A published generation's dictionary is never changed: new terms go into a copy.
        if (!terms_->find(w) && terms_.use_count() > 1) terms_ = std::make_shared<term_dictionary>(*terms_);
        return terms_->intern(w);
    }
    index_query random_query() {
        index_query q;
        auto some = [&](int max) {
            std::vector<int> v;
            for (int k = 0, n = 1 + static_cast<int>(rng_() % 2); k < n; ++k) v.push_back(1 + static_cast<int>(rng_() % max));
            return v;
        };
        if (rng_() % 3 == 0) q.activity_ids = some(9);
        if (rng_() % 5 == 0) q.employment_type_ids = some(5);
        if (rng_() % 6 == 0) q.industry_ids = some(4);
        if (rng_() % 6 == 0) q.flags[rng_() % 5] = rng_() % 2 == 0;
        if (rng_() % 8 == 0) q.organization_id = 1 + rng_() % 12;
        if (rng_() % 3 == 0) {
            text_query t;
            text_query::clause c;
            c.all_of.push_back("w" + std::to_string(rng_() % 40));
            if (rng_() % 3 == 0) c.none_of.push_back("w" + std::to_string(rng_() % 40));
            t.any_of.push_back(c);
            q.text = t;
        }
        if (rng_() % 3 == 0) {
            q.point = earth_of(47.5 + (rng_() % 700) / 100.0, 6.0 + (rng_() % 900) / 100.0);
            q.radius_m = 10'000.0 * static_cast<double>(1 + rng_() % 30);
        }
        if (rng_() % 5 == 0) {
            if (rng_() % 4) q.shifts_from_day = 19675 + static_cast<int>(rng_() % 10);
            if (rng_() % 2 || !q.shifts_from_day) q.shifts_to_day = q.shifts_from_day.value_or(19675) + static_cast<int>(rng_() % 4);
        }
        if (rng_() % 6 == 0) q.published_since_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(rng_() % 50) * 3'600'000'000;
        if (rng_() % 10 == 0) {
            q.ids.emplace();
            for (int k = 0; k < 20; ++k) q.ids->push_back(1 + static_cast<std::int64_t>(rng_() % next_id_));
        }
        for (int k = 0, n = rng_() % 5 == 0 ? 10 : 0; k < n; ++k) q.excluded_ids.push_back(1 + static_cast<std::int64_t>(rng_() % next_id_));
        const int s = static_cast<int>(rng_() % 4);
        q.sort = s == 0 && q.point ? "distance" : s == 1 ? "relevance" : "newest";
        q.limit = 1 + static_cast<int>(rng_() % 40);
        q.offset = static_cast<int>(rng_() % 4) * 20;
        q.count_cap = 150;
        q.window = 50;
        q.now_us = 1'700'000'000'000'000 + 40 * std::int64_t{3'600'000'000};
        return q;
    }

    std::mt19937 rng_;
    std::shared_ptr<term_dictionary> terms_;
    std::map<std::int64_t, job_record> jobs_;
    std::int64_t next_id_ = 1;
    int round_ = 0;

    std::shared_ptr<const job_snapshot> build() {
        std::vector<const job_record*> all;
        for (const auto& [id, j] : jobs_) all.push_back(&j);
        return job_snapshot::build(all, terms_);
    }
};

void expect_same(const index_answer& want, const index_answer& got, const std::string& where) {
    EXPECT_EQ(got.total, want.total) << where;
    EXPECT_EQ(got.capped, want.capped) << where;
    EXPECT_EQ(got.page, want.page) << where;
    EXPECT_EQ(got.ordered_by_postgres, want.ordered_by_postgres) << where;
    EXPECT_EQ(got.window, want.window) << where;
    EXPECT_EQ(got.after_window, want.after_window) << where;
}

// `rounds` patches of up to 25 changes each (new jobs, edits, removals, ids never there) over a
// catalogue of `jobs`; after each, `queries` random queries must be answered by the patched
// generation exactly as by a fresh build. Returns how many found something.
int patch_rounds(catalogue& c, int jobs, int rounds, int queries) {
    for (int k = 0; k < jobs; ++k) {
        auto id = c.next_id_++;
        c.jobs_.emplace(id, c.random_job(id));
    }
    auto current = c.build();
    int nonempty = 0;
    for (c.round_ = 1; c.round_ <= rounds; ++c.round_) {
        std::vector<std::int64_t> changed;
        std::vector<std::int64_t> live_ids;
        const int n = 1 + static_cast<int>(c.rng_() % 25);
        for (int k = 0; k < n; ++k) {
            const int kind = static_cast<int>(c.rng_() % 3);
            if (kind == 0) {   // a new job
                auto id = c.next_id_++;
                c.jobs_.insert_or_assign(id, c.random_job(id));
                changed.push_back(id);
                live_ids.push_back(id);
            } else {           // an edit, or a job that leaves; sometimes one that was never there
                auto id = 1 + static_cast<std::int64_t>(c.rng_() % (c.next_id_ + 5));
                changed.push_back(id);
                if (kind == 1 && id < c.next_id_) {
                    c.jobs_.insert_or_assign(id, c.random_job(id));
                    live_ids.push_back(id);
                } else {
                    c.jobs_.erase(id);
                }
            }
        }
        std::vector<const job_record*> live;
        for (auto id : live_ids)
            if (auto it = c.jobs_.find(id); it != c.jobs_.end() && std::find(live.begin(), live.end(), &it->second) == live.end())
                live.push_back(&it->second);
        current = job_snapshot::patch(*current, changed, live, c.terms_);
        auto fresh = c.build();
        EXPECT_EQ(current->jobs(), fresh->jobs()) << "round " << c.round_;
        for (int k = 0; k < queries; ++k) {
            auto q = c.random_query();
            auto want = fresh->search(q);
            if (want.total > 0) ++nonempty;
            expect_same(want, current->search(q), "round " + std::to_string(c.round_) + ", query " + std::to_string(k));
        }
    }
    return nonempty;
}

TEST(JobIndexPatch, PatchedGenerationsAnswerLikeFreshBuilds) {
    catalogue c(19);
    EXPECT_GT(patch_rounds(c, 600, 40, 150), 2000);   // the queries find something
}

// A catalogue whose arrays pass 2 MB (the postings, the id lookup, the places): those are mapped on
// their own with huge pages and grow without being zeroed (search/big_array.h); the patched
// generations must still answer like fresh builds.
TEST(JobIndexPatch, LargeGenerationsAnswerLikeFreshBuilds) {
    catalogue c(23);
    EXPECT_GT(patch_rounds(c, 150'000, 4, 60), 120);
}

// A bound of 50 cards over 600 jobs: a build keeps exactly the newest 50; through patches that
// publish new jobs and remove others, no job beyond the newest 50 keeps a card and every new job
// (the newest) has its own. A job that moves up into the 50 because newer ones left has none: its
// page comes from PostgreSQL until the next full load.
TEST(JobIndexPatch, CardsAreKeptForTheNewestJobsOnly) {
    constexpr std::size_t bound = 50;
    catalogue c(5);
    auto pool = std::make_shared<card_strings>();
    auto with_card = [&pool](job_record j) {
        job_card card;
        card.id = j.id;
        j.card = kept_card::make(card, std::vector<std::optional<earth_point>>{}, pool);
        return j;
    };
    for (int k = 0; k < 600; ++k) {
        auto id = c.next_id_++;
        c.jobs_.emplace(id, with_card(c.random_job(id)));
    }
    auto newest = [&] {
        std::vector<const job_record*> all;
        for (const auto& [id, j] : c.jobs_) all.push_back(&j);
        std::sort(all.begin(), all.end(), [](const job_record* a, const job_record* b) {
            return a->published_us != b->published_us ? a->published_us > b->published_us : a->id > b->id;
        });
        std::set<std::int64_t> ids;
        for (std::size_t k = 0; k < bound && k < all.size(); ++k) ids.insert(all[k]->id);
        return ids;
    };
    std::vector<const job_record*> all;
    for (const auto& [id, j] : c.jobs_) all.push_back(&j);
    auto current = job_snapshot::build(all, c.terms_, bound);
    for (const auto& [id, j] : c.jobs_) ASSERT_EQ(current->card(id) != nullptr, newest().contains(id)) << id;
    const auto first = current;   // a reader may hold a generation through any number of patches
    const auto first_cards = newest();
    std::int64_t latest = 1'800'000'000'000'000;
    for (int round = 0; round < 30; ++round) {
        std::vector<std::int64_t> changed, added;
        for (int k = 0; k < 3; ++k) {   // new jobs, published now
            auto id = c.next_id_++;
            auto j = with_card(c.random_job(id));
            j.published_us = ++latest;
            c.jobs_.emplace(id, std::move(j));
            changed.push_back(id);
            added.push_back(id);
        }
        for (int k = 0; k < 2; ++k) {   // jobs that leave, new or old
            auto it = std::next(c.jobs_.begin(), static_cast<std::ptrdiff_t>(c.rng_() % c.jobs_.size()));
            changed.push_back(it->first);
            c.jobs_.erase(it);
        }
        std::vector<const job_record*> live;
        for (auto id : added)
            if (auto it = c.jobs_.find(id); it != c.jobs_.end()) live.push_back(&it->second);
        current = job_snapshot::patch(*current, changed, live, c.terms_);
        const auto top = newest();
        std::size_t cards = 0;
        for (const auto& [id, j] : c.jobs_) {
            if (current->card(id)) {
                ++cards;
                EXPECT_TRUE(top.contains(id)) << "round " << round << ": job " << id << " keeps a card beyond the bound";
                EXPECT_EQ(current->card(id)->id(), id);
            }
        }
        for (const auto* j : live) EXPECT_NE(current->card(j->id), nullptr) << "round " << round << ": new job " << j->id;
        EXPECT_LE(cards, bound);
    }
    // The patches freed and reused slots of the shared card store; the first generation still
    // reads its own cards.
    for (auto id : first_cards) {
        ASSERT_NE(first->card(id), nullptr) << id;
        EXPECT_EQ(first->card(id)->id(), id);
    }
}

// The card store (job_payloads.h): a freed slot is handed out again, and the store it was freed
// from still gives what it held there (an older generation reads that store).
TEST(JobIndexPatch, PayloadSlotsAreReusedWithoutTouchingOlderStores) {
    auto pool = std::make_shared<card_strings>();
    auto card_of = [&pool](std::int64_t id) {
        job_card card;
        card.id = id;
        return kept_card::make(card, std::vector<std::optional<earth_point>>{}, pool);
    };
    std::vector<job_payloads::payload> cards;
    for (std::int64_t id = 1; id <= 3000; ++id) cards.push_back({card_of(id), nullptr});
    cards[7] = {};   // neither card nor text: no slot
    std::vector<std::uint32_t> slots, again;
    const auto older = job_payloads().edited({}, cards, slots);
    EXPECT_EQ(slots[7], job_payloads::no_slot);
    EXPECT_EQ(older->chunks(), 3U);
    const auto newer = older->edited({slots[2000], slots[5]}, {{card_of(9001), nullptr}, {card_of(9002), nullptr}}, again);
    EXPECT_EQ(newer->chunks(), 3U);   // both slots reused, the store did not grow
    EXPECT_EQ(std::set<std::uint32_t>(again.begin(), again.end()), (std::set<std::uint32_t>{slots[2000], slots[5]}));
    EXPECT_EQ(older->card(slots[2000])->id(), 2001);
    EXPECT_EQ(older->card(slots[5])->id(), 6);
    EXPECT_EQ(newer->card(again[0])->id(), 9001);
    EXPECT_EQ(newer->card(again[1])->id(), 9002);
    EXPECT_EQ(newer->card(slots[2999])->id(), 3000);
    EXPECT_EQ(newer->card(job_payloads::no_slot), nullptr);
}

}  // namespace
}  // namespace jh::search
