// text_rank.h: PostgreSQL's ts_rank(search_vector, query) in C++, so the index orders a text search
// by relevance itself. The job's search vector is kept with its positions and weights (read from
// the tsvector's text form); the rank is PostgreSQL's calc_rank (src/backend/utils/adt/tsrank.c,
// default weights {0.1, 0.2, 0.4, 1.0}, normalization 0) written with the same float and double
// steps in the same order, so the float4 it gives is the same bit for bit, ties included
// (x86-64 without FMA contraction, like PostgreSQL's own build). The equality test compares the
// order with PostgreSQL's on every relevance-sorted text.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jh::search {

struct text_query;

// A job's search vector: its lexemes as term numbers, each with its positions (tsvector's
// WordEntryPos: weight << 14 | position; weight A = 3 … D = 0).
struct job_text {
    std::vector<std::uint32_t> terms;
    std::vector<std::uint32_t> starts;      // term i's positions: positions[starts[i], starts[i + 1])
    std::vector<std::uint16_t> positions;
};


// What ts_rank reads of a query: its operands sorted and unique (negated ones too), each as the
// term numbers it matches, ascending (none: a lexeme no job has; several: a prefix, 'promo':*,
// whose every matching entry of a vector counts as tsrank.c's find_wordentry gives them), and
// whether the query's root is an AND.
struct rank_query {
    std::vector<std::vector<std::uint32_t>> operands;
    bool and_at_root = false;
};
// `terms_of(lexeme)`: the terms a query word matches (job_snapshot::terms_of_word).
rank_query rank_query_of(const text_query& q, const std::function<std::vector<std::uint32_t>(const std::string&)>& terms_of);

// = ts_rank(job's search_vector, query) as a float4.
float ts_rank(const job_text& job, const rank_query& q);

}  // namespace jh::search
