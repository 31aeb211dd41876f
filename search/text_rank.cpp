// text_rank.cpp: see text_rank.h. The ranking functions follow tsrank.c line by line (names
// included), so that every intermediate value has the type it has there: float where PostgreSQL
// keeps a float, double where a double constant or libm function widens the expression.
#include "search/text_rank.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <span>

#include "search/job_index.h"
#include "search/text.h"

namespace jh::search {

namespace {

constexpr float default_weights[4] = {0.1f, 0.2f, 0.4f, 1.0f};   // D, C, B, A

float wpos(std::uint16_t wep) { return default_weights[(wep >> 14) & 3]; }
int position_of(std::uint16_t wep) { return wep & 0x3fff; }

using positions = std::span<const std::uint16_t>;

// Each entry of the job's vector the operand matches, in the vector's (lexeme) order, as
// find_wordentry walks them: one for a whole word, every one beginning with a prefix.
template <class Each>
void for_each_entry(const job_text& job, const std::vector<std::uint32_t>& terms, Each&& each) {
    if (terms.empty()) return;
    job.for_each_term([&](std::uint32_t term, positions post) {
        const bool match = terms.size() == 1 ? term == terms[0] : std::binary_search(terms.begin(), terms.end(), term);
        if (match) each(post);
    });
}

float word_distance(std::int32_t w) {
    if (w > 100) return 1e-30f;
    return static_cast<float>(1.0 / (1.005 + 0.05 * std::exp(static_cast<float>(w) / 1.5 - 2)));
}

float calc_rank_or(const job_text& job, const rank_query& q) {
    float res = 0.0f;
    const int size = static_cast<int>(q.operands.size());
    for (int i = 0; i < size; i++) {
        for_each_entry(job, q.operands[static_cast<std::size_t>(i)], [&](positions post) {
            float resj = 0.0f, wjm = -1.0f;
            std::int32_t jm = 0;
            const auto dimt = static_cast<std::int32_t>(post.size());
            for (std::int32_t j = 0; j < dimt; j++) {
                resj = resj + wpos(post[static_cast<std::size_t>(j)]) / ((j + 1) * (j + 1));
                if (wpos(post[static_cast<std::size_t>(j)]) > wjm) {
                    wjm = wpos(post[static_cast<std::size_t>(j)]);
                    jm = j;
                }
            }
            res = static_cast<float>(res + (wjm + resj - wjm / ((jm + 1) * (jm + 1))) / 1.64493406685);
        });
    }
    if (size > 0) res = res / size;
    return res;
}

float calc_rank_and(const job_text& job, const rank_query& q) {
    const int size = static_cast<int>(q.operands.size());
    if (size < 2) return calc_rank_or(job, q);
    float res = -1.0f;
    // pos[i]: operand i's entry last walked (tsrank.c keeps the last of a prefix's entries).
    std::vector<std::optional<positions>> pos(q.operands.size());
    for (int i = 0; i < size; i++) {
        for_each_entry(job, q.operands[static_cast<std::size_t>(i)], [&](positions post) {
            pos[static_cast<std::size_t>(i)] = post;
            for (int k = 0; k < i; k++) {
                if (!pos[static_cast<std::size_t>(k)]) continue;
                const auto ct = *pos[static_cast<std::size_t>(k)];
                for (auto l : post)
                    for (auto p : ct) {
                        std::int32_t dist = std::abs(position_of(l) - position_of(p));
                        // Every lexeme here has positions (no POSNULL): a distance of 0 does not count.
                        if (dist) {
                            const float curw = static_cast<float>(std::sqrt(static_cast<double>(wpos(l) * wpos(p) * word_distance(dist))));
                            res = static_cast<float>((res < 0) ? curw : 1.0 - (1.0 - res) * (1.0 - curw));
                        }
                    }
            }
        });
    }
    return res;
}

}  // namespace

rank_query rank_query_of(const text_query& q, const std::function<std::vector<std::uint32_t>(const std::string&)>& terms_of) {
    std::vector<std::string> lexemes;
    for (const auto& c : q.any_of) {
        lexemes.insert(lexemes.end(), c.all_of.begin(), c.all_of.end());
        lexemes.insert(lexemes.end(), c.none_of.begin(), c.none_of.end());
    }
    // SortAndUniqItems: by the bytes, a shorter prefix first (tsCompareString), duplicates once.
    std::sort(lexemes.begin(), lexemes.end());
    lexemes.erase(std::unique(lexemes.begin(), lexemes.end()), lexemes.end());
    rank_query r;
    for (const auto& l : lexemes) {
        auto terms = terms_of(l);
        std::sort(terms.begin(), terms.end());
        r.operands.push_back(std::move(terms));
    }
    // websearch_to_tsquery: OR binds loosest; one clause of two or more words is an AND.
    r.and_at_root = q.any_of.size() == 1 && q.any_of[0].all_of.size() + q.any_of[0].none_of.size() >= 2;
    return r;
}

shared_block<job_text> job_text::make(std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts,
                                      std::span<const std::uint16_t> positions) {
    std::size_t bytes = positions.size_bytes() + terms.size();
    for (auto t : terms) bytes += term_bytes(t);
    return shared_block<job_text>::make(bytes, terms, starts, positions);
}

job_text::job_text(std::span<std::byte> block, std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts,
                   std::span<const std::uint16_t> positions)
    : terms_(static_cast<std::uint32_t>(terms.size())), positions_(static_cast<std::uint32_t>(positions.size())) {
    std::byte* at = block.data();
    // An empty span may point nowhere, which memcpy must not be given even for no bytes.
    if (!positions.empty()) std::memcpy(at, positions.data(), positions.size_bytes());
    at += positions.size_bytes();
    for (std::size_t i = 0; i < terms.size(); ++i) *at++ = static_cast<std::byte>(starts[i + 1] - starts[i]);
    for (std::uint32_t t : terms) {
        if (term_bytes(t) == 2) {
            *at++ = static_cast<std::byte>(t & 0xFF);
            *at++ = static_cast<std::byte>(t >> 8);
        } else {
            *at++ = static_cast<std::byte>(t & 0xFF);
            *at++ = static_cast<std::byte>(((t >> 8) & 0x7F) | 0x80);
            *at++ = static_cast<std::byte>(t >> 15);
        }
    }
}

void destroy_block(const job_text* text) noexcept { shared_block<job_text>::destroy(text); }

std::size_t job_text::memory_bytes() const noexcept {
    std::size_t bytes = shared_block<job_text>::node_bytes() + positions_ * sizeof(std::uint16_t) + terms_;
    for_each_term([&](std::uint32_t term, std::span<const std::uint16_t>) { bytes += term_bytes(term); });
    return bytes;
}

bool job_text::fits(std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts, std::span<const std::uint16_t> positions) noexcept {
    if (starts.size() != terms.size() + 1 || starts.front() != 0 || starts.back() != positions.size()) return false;
    for (std::size_t i = 0; i < terms.size(); ++i)
        if (terms[i] > max_term || starts[i + 1] < starts[i] || starts[i + 1] - starts[i] > max_positions_per_term) return false;
    return true;
}

void job_text::terms_into(std::vector<std::uint32_t>& out) const {
    out.clear();
    out.reserve(terms_);
    for_each_term([&](std::uint32_t term, std::span<const std::uint16_t>) { out.push_back(term); });
}

float ts_rank(const job_text& job, const rank_query& q) {
    if (job.size() == 0 || q.operands.empty()) return 0.0f;
    float res = q.and_at_root ? calc_rank_and(job, q) : calc_rank_or(job, q);
    if (res < 0) res = 1e-20f;
    return res;
}

// websearch_to_tsquery in the index's form (declared in job_index.h, kept here beside the ranking
// of the same queries so job_index.cpp stays within its size).

std::optional<text_query> parse_websearch(std::string_view q) {
    // jh_search_query cuts at 200 characters; a longer text is left to PostgreSQL.
    std::size_t chars = 0;
    for (char c : q)
        if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) ++chars;
    if (chars > 200) return std::nullopt;

    std::vector<std::string> tokens;
    std::size_t i = 0;
    while (i < q.size()) {
        while (i < q.size() && (q[i] == ' ' || q[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < q.size() && q[j] != ' ' && q[j] != '\t') ++j;
        if (j > i) tokens.emplace_back(q.substr(i, j - i));
        i = j;
    }
    text_query out;
    text_query::clause current;
    auto close_clause = [&] {
        if (!current.all_of.empty() || !current.none_of.empty()) out.any_of.push_back(std::move(current));
        current = {};
    };
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        const std::string& t = tokens[k];
        if (t == "OR") {
            // OR only between two words; anywhere else PostgreSQL's rules are not copied here.
            if (k == 0 || k + 1 == tokens.size() || tokens[k + 1] == "OR") return std::nullopt;
            close_clause();
            continue;
        }
        bool negated = t.front() == '-';
        std::string_view word = negated ? std::string_view(t).substr(1) : std::string_view(t);
        if (word.empty() || word == "OR") return std::nullopt;
        auto lexeme = analyze_word(word);
        if (!lexeme) return std::nullopt;
        // A stop word drops out (websearch_to_tsquery removes it from the tree).
        if (lexeme->empty()) continue;
        (negated ? current.none_of : current.all_of).push_back(*lexeme);
    }
    close_clause();
    return out;
}

}  // namespace jh::search
