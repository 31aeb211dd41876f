// job_index.cpp: see job_index.h.
#include "search/job_index.h"

#include "search/doc_merge.h"
#include "search/free_shifts.h"
#include "search/text.h"
#include "search/term_order.h"
#include "search/text_rank.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <random>

namespace jh::search {

namespace {

// earthdistance's constants, as PostgreSQL evaluates them (float8 arithmetic, same order).
constexpr double radians_per_degree = 0.0174532925199432957692;
constexpr double cube_cell_m = 25000.0;
// Each cell's entries are ordered by its sub-cells (4 × 4 × 4 cubes of 6.25 km), then by doc: a
// circle reads only the sub-cells it reaches of a cell it does not cover whole.
constexpr int sub_side = 4, sub_bits = 6, subs_per_cell = 64;
constexpr double sub_cell_m = cube_cell_m / sub_side;

std::int64_t cell_coordinate(double v) { return static_cast<std::int64_t>(std::floor(v / cube_cell_m)) + 1024; }
std::int64_t cell_key(std::int64_t ix, std::int64_t iy, std::int64_t iz) { return (ix << 22) | (iy << 11) | iz; }
// The sub-cell of `v` along one axis inside the cell of coordinate `i` (0-3; a value the division
// rounded into the next cell stays in this one: the bounds below are widened by a metre).
std::int64_t sub_coordinate(double v, std::int64_t i) {
    const auto s = static_cast<std::int64_t>(std::floor((v - static_cast<double>(i - 1024) * cube_cell_m) / sub_cell_m));
    return std::clamp<std::int64_t>(s, 0, sub_side - 1);
}

bool test_bit(const std::vector<std::uint64_t>& b, std::uint32_t i) { return (b[i >> 6] >> (i & 63)) & 1U; }
void set_bit(std::vector<std::uint64_t>& b, std::uint32_t i) { b[i >> 6] |= std::uint64_t{1} << (i & 63); }
void clear_bit(std::vector<std::uint64_t>& b, std::uint32_t i) { b[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
void and_with(std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) { for (std::size_t i = 0; i < a.size(); ++i) a[i] &= b[i]; }
void and_not(std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) { for (std::size_t i = 0; i < a.size(); ++i) a[i] &= ~b[i]; }
// Every bit from `first` on cleared: whole words at a time (a "published since" filter clears
// most of the catalogue).
void clear_from(std::vector<std::uint64_t>& b, std::size_t first) {
    const std::size_t word = first >> 6;
    if (word >= b.size()) return;
    b[word] &= (std::uint64_t{1} << (first & 63)) - 1;
    std::fill(b.begin() + static_cast<std::ptrdiff_t>(word) + 1, b.end(), 0);
}

// `b` AND the documents `docs` (ascending), in place: the words between two postings are cleared
// whole, a posting's word keeps only its bits. As cheap as clearing the bitmap, without a second one.
void keep_only(std::vector<std::uint64_t>& b, std::span<const std::uint32_t> docs) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < docs.size();) {
        const std::size_t word = docs[i] >> 6;
        std::fill(b.begin() + static_cast<std::ptrdiff_t>(w), b.begin() + static_cast<std::ptrdiff_t>(word), 0);
        std::uint64_t keep = 0;
        for (; i < docs.size() && (docs[i] >> 6) == word; ++i) keep |= std::uint64_t{1} << (docs[i] & 63);
        b[word] &= keep;
        w = word + 1;
    }
    std::fill(b.begin() + static_cast<std::ptrdiff_t>(std::min(w, b.size())), b.end(), 0);
}

// Asks for the cache lines of `bytes` bytes from `p` (at most 4: a seeded job's vectors are 2-3 lines).
inline void prefetch_bytes(const void* p, std::size_t bytes) {
    const auto* c = static_cast<const char*>(p);
    for (std::size_t at = 0; at < bytes && at < 256; at += 64) __builtin_prefetch(c + at);
}

// The CPU's POPCNT where it has one (chosen once at load through an ifunc): Debian's x86-64
// baseline has no POPCNT, and the generic code counts a word in a dozen instructions. Totals
// count whole bitmaps on every search.
__attribute__((target_clones("popcnt", "default"))) std::int64_t popcount(const std::vector<std::uint64_t>& b) {
    std::int64_t n = 0;
    for (auto w : b) n += std::popcount(w);
    return n;
}

// The first word of `b` inside which `skip` set bits remain to be skipped; `skip` loses the bits of
// the words before. With POPCNT as `popcount` (a page deep in a common filter skips thousands of
// words; the generic count was libgcc's loop).
__attribute__((target_clones("popcnt", "default"))) std::size_t skip_words(const std::vector<std::uint64_t>& b, std::size_t& skip) {
    std::size_t w = 0;
    for (; w < b.size(); ++w) {
        const auto n = static_cast<std::size_t>(std::popcount(b[w]));
        if (skip < n) break;
        skip -= n;
    }
    return w;
}

template <class V>
std::size_t vector_bytes(const V& v) { return v.capacity() * sizeof(typename V::value_type); }

// The order of documents: newest first, then the higher id.
bool newer(std::int64_t published_a, std::int64_t id_a, std::int64_t published_b, std::int64_t id_b) {
    return published_a != published_b ? published_a > published_b : id_a > id_b;
}

// A place's sort key: its cell, then its sub-cell within (x, y, z).
std::int64_t cell_of(const earth_point& p) {
    const std::int64_t ix = cell_coordinate(p.x), iy = cell_coordinate(p.y), iz = cell_coordinate(p.z);
    const std::int64_t sub = (sub_coordinate(p.x, ix) * sub_side + sub_coordinate(p.y, iy)) * sub_side + sub_coordinate(p.z, iz);
    return (cell_key(ix, iy, iz) << sub_bits) | sub;
}

}  // namespace

earth_point earth_of(double lat, double lon) noexcept {
    double la = lat * radians_per_degree, lo = lon * radians_per_degree;
    return {earth_radius_m * std::cos(la) * std::cos(lo), earth_radius_m * std::cos(la) * std::sin(lo), earth_radius_m * std::sin(la)};
}

double chord_of(double r) noexcept {
    if (r < 0) return 0;
    if (r / earth_radius_m > M_PI) return 2 * earth_radius_m;
    return 2 * earth_radius_m * std::sin(r / (2 * earth_radius_m));
}

double cube_distance(const earth_point& a, const earth_point& b) noexcept {
    double d = 0, t;
    t = a.x - b.x;
    d += t * t;
    t = a.y - b.y;
    d += t * t;
    t = a.z - b.z;
    d += t * t;
    return std::sqrt(d);
}

// ---- the term dictionary ---------------------------------------------------------------------------

term_dictionary::term_dictionary(const term_dictionary& other) : numbers_(other.numbers_) {
    lexemes_.resize(numbers_.size());
    for (const auto& [lexeme, n] : numbers_) lexemes_[n] = &lexeme;
}

std::uint32_t term_dictionary::intern(std::string_view lexeme) {
    if (auto it = numbers_.find(lexeme); it != numbers_.end()) return it->second;
    auto n = static_cast<std::uint32_t>(numbers_.size());
    lexemes_.push_back(&numbers_.emplace(std::string(lexeme), n).first->first);
    return n;
}

std::optional<std::uint32_t> term_dictionary::find(std::string_view lexeme) const {
    if (auto it = numbers_.find(lexeme); it != numbers_.end()) return it->second;
    return std::nullopt;
}

std::size_t term_dictionary::memory_bytes() const noexcept {
    std::size_t b = numbers_.bucket_count() * sizeof(void*) + lexemes_.capacity() * sizeof(void*);
    for (const auto& [k, v] : numbers_) b += k.capacity() + 64;
    return b;
}

// ---- building --------------------------------------------------------------------------------------

std::shared_ptr<const job_snapshot> job_snapshot::build(const std::vector<const job_record*>& input,
                                                       std::shared_ptr<const term_dictionary> dictionary, std::size_t kept) {
    std::vector<const job_record*> jobs = input;
    std::sort(jobs.begin(), jobs.end(), [](const job_record* a, const job_record* b) {
        return a->published_us != b->published_us ? a->published_us > b->published_us : a->id > b->id;
    });
    auto s = std::shared_ptr<job_snapshot>(new job_snapshot());
    s->kept_ = kept;
    const auto n = jobs.size();
    // Without a shared dictionary the jobs' lexemes are numbered here (the alerts worker's batches).
    std::shared_ptr<term_dictionary> own;
    std::vector<std::vector<std::uint32_t>> own_terms;
    if (!dictionary) {
        own = std::make_shared<term_dictionary>();
        own_terms.reserve(n);
        for (const auto* j : jobs) {
            auto& t = own_terms.emplace_back();
            t.reserve(j->lexemes.size());
            for (const auto& l : j->lexemes) t.push_back(own->intern(l));
        }
        dictionary = own;
    }
    std::vector<std::uint32_t> text_terms;   // a ranking text's terms, read out (valid until the next call)
    auto terms_of = [&](std::uint32_t doc) -> std::span<const std::uint32_t> {
        if (own) return own_terms[doc];
        if (!jobs[doc]->text) return jobs[doc]->terms;
        jobs[doc]->text->terms_into(text_terms);
        return text_terms;
    };

    s->ids_.reserve(n);
    s->published_us_.reserve(n);
    s->doc_of_id_.reserve(n);
    std::vector<job_payloads::payload> payloads;
    payloads.reserve(std::min(n, kept));
    for (auto& f : s->flag_bits_) f.assign((n + 63) / 64, 0);
    std::vector<std::pair<std::int64_t, place_entry>> places;
    s->term_start_.assign(dictionary->size() + 1, 0);
    for (std::uint32_t doc = 0; doc < n; ++doc) {
        const job_record& j = *jobs[doc];
        s->ids_.push_back(j.id);
        s->published_us_.push_back(j.published_us);
        s->doc_of_id_.emplace_back(j.id, doc);
        if (doc < kept) payloads.push_back({j.card, own ? nullptr : j.text});
        if (j.valid_through_us) s->valid_through_.emplace_back(*j.valid_through_us, doc);
        for (auto k : j.free_shifts) s->free_shifts_.emplace_back(k, doc);
        for (int a : j.activity_ids) s->activities_[a].push_back(doc);
        for (int e : j.employment_type_ids) s->employment_types_[e].push_back(doc);
        for (int i : j.industry_ids) s->industries_[i].push_back(doc);
        s->organizations_[j.organization_id].push_back(doc);
        for (std::size_t f = 0; f < all_flags.size(); ++f)
            if (j.flags & all_flags[f]) set_bit(s->flag_bits_[f], doc);
        // tsvector_to_array gives each lexeme once: one posting per term and job.
        for (auto t : terms_of(doc)) ++s->term_start_[t + 1];
        for (const auto& p : j.places)
            places.push_back({cell_of(p), place_entry{doc, p}});
    }
    std::sort(s->doc_of_id_.begin(), s->doc_of_id_.end());
    // The postings of every term in one array, each term's documents ascending (newest first).
    for (std::size_t t = 1; t < s->term_start_.size(); ++t) s->term_start_[t] += s->term_start_[t - 1];
    s->term_docs_.resize(s->term_start_.back());
    std::vector<std::uint32_t> next(s->term_start_.begin(), s->term_start_.end() - 1);
    for (std::uint32_t doc = 0; doc < n; ++doc)
        for (auto t : terms_of(doc)) s->term_docs_[next[t]++] = doc;
    s->term_order_ = term_order::of(*dictionary);
    s->dictionary_ = std::move(dictionary);

    std::sort(s->valid_through_.begin(), s->valid_through_.end());
    std::sort(s->free_shifts_.begin(), s->free_shifts_.end());
    std::sort(places.begin(), places.end(),
              [](const auto& a, const auto& b) { return a.first != b.first ? a.first < b.first : a.second.doc < b.second.doc; });
    s->places_.reserve(places.size());
    s->place_docs_.reserve(places.size());
    std::vector<std::int64_t> keys;
    keys.reserve(places.size());
    for (const auto& [key, entry] : places) {
        keys.push_back(key);
        s->places_.push_back(entry.at);
        s->place_docs_.push_back(entry.doc);
    }
    places = {};
    s->index_cells(keys);
    s->index_bitmaps();
    s->payloads_ = job_payloads().edited({}, payloads, s->slots_);
    s->slots_.resize(n, job_payloads::no_slot);
    return s;
}

void job_snapshot::index_cells(std::span<const std::int64_t> keys) {
    cells_.clear();
    cell_subs_.clear();
    for (std::size_t i = 0; i < keys.size();) {   // each cell: where each of its sub-cells starts, and its end
        const std::int64_t cell = keys[i] >> sub_bits;
        const auto base = static_cast<std::uint32_t>(cell_subs_.size());
        cells_.emplace(cell, base);
        cell_subs_.resize(base + subs_per_cell + 1);
        std::size_t j = i;
        for (std::int64_t s = 0; s <= subs_per_cell; ++s) {
            while (j < keys.size() && (keys[j] >> sub_bits) == cell && (keys[j] & (subs_per_cell - 1)) < s) ++j;
            cell_subs_[base + static_cast<std::size_t>(s)] = static_cast<std::uint32_t>(j);
        }
        i = j;
    }
    // The cells as a flat grid over the box of the occupied ones (offset + 1, 0: none), when that
    // box is small (a catalogue of one country: some 20,000 cells); a place far off leaves the hash.
    grid_.clear();
    if (!cells_.empty()) {
        std::int64_t lo[3] = {INT64_MAX, INT64_MAX, INT64_MAX}, hi[3] = {INT64_MIN, INT64_MIN, INT64_MIN};
        for (const auto& [cell, base] : cells_) {
            const std::int64_t at[3] = {cell >> 22, (cell >> 11) & 2047, cell & 2047};
            for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], at[a]), hi[a] = std::max(hi[a], at[a]);
        }
        const std::int64_t volume = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
        if (volume <= 65536 + 64 * static_cast<std::int64_t>(cells_.size())) {
            grid_low_ = {lo[0], lo[1], lo[2]};
            grid_size_ = {hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1};
            grid_.assign(static_cast<std::size_t>(volume), 0);
            for (const auto& [cell, base] : cells_)
                grid_[static_cast<std::size_t>((((cell >> 22) - lo[0]) * grid_size_[1] + ((cell >> 11) & 2047) - lo[1]) * grid_size_[2] +
                                               (cell & 2047) - lo[2])] = base + 1;
        }
    }
    doc_place_start_.assign(ids_.size() + 1, 0);   // a counting sort of places_ by doc
    for (auto doc : place_docs_) ++doc_place_start_[doc + 1];
    for (std::size_t d = 1; d < doc_place_start_.size(); ++d) doc_place_start_[d] += doc_place_start_[d - 1];
    doc_places_.resize(places_.size());
    std::vector<std::uint32_t> next(doc_place_start_.begin(), doc_place_start_.end() - 1);
    for (std::uint32_t i = 0; i < places_.size(); ++i) doc_places_[next[place_docs_[i]]++] = i;
    place_floats_.resize(places_.size());
    for (std::size_t i = 0; i < places_.size(); ++i) {
        const auto& at = places_[i];
        place_floats_[i] = {static_cast<float>(at.x), static_cast<float>(at.y), static_cast<float>(at.z)};
    }
}

std::optional<std::uint32_t> job_snapshot::doc_of(std::int64_t id) const noexcept {
    auto it = std::lower_bound(doc_of_id_.begin(), doc_of_id_.end(), std::pair<std::int64_t, std::uint32_t>{id, 0});
    if (it == doc_of_id_.end() || it->first != id) return std::nullopt;
    return it->second;
}

// ---- patching ----------------------------------------------------------------------------------------

std::shared_ptr<const job_snapshot> job_snapshot::patch(const job_snapshot& prev, const std::vector<std::int64_t>& changed,
                                                       const std::vector<const job_record*>& input,
                                                       std::shared_ptr<const term_dictionary> dictionary) {
    std::vector<const job_record*> live = input;
    std::sort(live.begin(), live.end(), [](const job_record* a, const job_record* b) { return newer(a->published_us, a->id, b->published_us, b->id); });
    std::vector<std::uint32_t> text_terms;   // a ranking text's terms, read out (valid until the next call)
    auto terms_of = [&](const job_record& j) -> std::span<const std::uint32_t> {
        if (!j.text) return j.terms;
        j.text->terms_into(text_terms);
        return text_terms;
    };

    // renumber[old doc] = its new doc, or gone. The changed jobs leave; the live ones come back in
    // at their place in the order (newest first), merged with the kept ones.
    const std::size_t old_n = prev.ids_.size();
    renumbering renumber;
    renumber.to.assign(old_n, 0);
    for (auto id : changed)
        if (auto d = prev.doc_of(id)) renumber.to[*d] = gone;
    for (const auto* j : live)
        if (auto d = prev.doc_of(j->id)) renumber.to[*d] = gone;
    auto s = std::shared_ptr<job_snapshot>(new job_snapshot());
    s->kept_ = prev.kept_;
    s->ids_.reserve(old_n + live.size());
    s->published_us_.reserve(old_n + live.size());
    s->slots_.reserve(old_n + live.size());
    std::vector<std::uint32_t> added(live.size());   // the live jobs' new docs, ascending
    std::vector<std::uint32_t> freed;                // slots of the jobs that left or fell past the bound
    std::vector<job_payloads::payload> payloads;     // the live jobs' cards and texts, as `added`
    payloads.reserve(live.size());
    std::size_t a = 0;
    auto add_live = [&] {
        const job_record& j = *live[a];
        const bool keep = s->ids_.size() < s->kept_;
        added[a++] = static_cast<std::uint32_t>(s->ids_.size());
        s->ids_.push_back(j.id);
        s->published_us_.push_back(j.published_us);
        s->slots_.push_back(job_payloads::no_slot);   // set below, once the store has slots for them
        payloads.push_back(keep ? job_payloads::payload{j.card, j.text} : job_payloads::payload{});
    };
    for (std::uint32_t d = 0; d < old_n; ++d) {
        if (renumber[d] == gone) { freed.push_back(prev.slots_[d]); continue; }
        while (a < live.size() && newer(live[a]->published_us, live[a]->id, prev.published_us_[d], prev.ids_[d])) add_live();
        const bool keep = s->ids_.size() < s->kept_;
        renumber.to[d] = static_cast<std::uint32_t>(s->ids_.size());
        s->ids_.push_back(prev.ids_[d]);
        s->published_us_.push_back(prev.published_us_[d]);
        if (!keep) freed.push_back(prev.slots_[d]);
        s->slots_.push_back(keep ? prev.slots_[d] : job_payloads::no_slot);
    }
    while (a < live.size()) add_live();
    renumber.find_runs();
    std::vector<std::uint32_t> slots;
    s->payloads_ = prev.payloads_->edited(freed, payloads, slots);
    for (std::size_t i = 0; i < live.size(); ++i) s->slots_[added[i]] = slots[i];

    std::vector<std::pair<std::int64_t, std::uint32_t>> new_ids, new_valid, new_shifts;
    std::unordered_map<int, std::vector<std::uint32_t>> new_activities, new_employment_types, new_industries;
    std::unordered_map<std::int64_t, std::vector<std::uint32_t>> new_organizations;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> new_terms;   // (term, doc)
    std::vector<std::pair<std::int64_t, place_entry>> new_places;      // (cell, entry)
    for (std::size_t i = 0; i < live.size(); ++i) {
        const job_record& j = *live[i];
        const std::uint32_t doc = added[i];
        new_ids.emplace_back(j.id, doc);
        if (j.valid_through_us) new_valid.emplace_back(*j.valid_through_us, doc);
        for (auto k : j.free_shifts) new_shifts.emplace_back(k, doc);
        for (int x : j.activity_ids) new_activities[x].push_back(doc);
        for (int x : j.employment_type_ids) new_employment_types[x].push_back(doc);
        for (int x : j.industry_ids) new_industries[x].push_back(doc);
        new_organizations[j.organization_id].push_back(doc);
        for (auto t : terms_of(j)) new_terms.emplace_back(t, doc);
        for (const auto& p : j.places) new_places.push_back({cell_of(p), place_entry{doc, p}});
    }
    std::sort(new_ids.begin(), new_ids.end());
    std::sort(new_valid.begin(), new_valid.end());
    std::sort(new_shifts.begin(), new_shifts.end());
    std::sort(new_terms.begin(), new_terms.end());
    std::sort(new_places.begin(), new_places.end(),
              [](const auto& x, const auto& y) { return x.first != y.first ? x.first < y.first : x.second.doc < y.second.doc; });

    merge_pairs(prev.doc_of_id_, renumber, new_ids, s->doc_of_id_);
    merge_pairs(prev.valid_through_, renumber, new_valid, s->valid_through_);
    merge_pairs(prev.free_shifts_, renumber, new_shifts, s->free_shifts_);
    patch_postings(prev.activities_, renumber, std::move(new_activities), s->activities_);
    patch_postings(prev.employment_types_, renumber, std::move(new_employment_types), s->employment_types_);
    patch_postings(prev.industries_, renumber, std::move(new_industries), s->industries_);
    patch_postings(prev.organizations_, renumber, std::move(new_organizations), s->organizations_);

    s->patch_flags(prev, renumber, live, added);
    s->patch_terms(prev, renumber, new_terms, dictionary->size());
    s->term_order_ = term_order::extended(prev.term_order_, *dictionary);
    s->dictionary_ = std::move(dictionary);
    s->patch_places(prev, renumber, new_places);
    s->index_bitmaps();
    return s;
}

void job_snapshot::patch_flags(const job_snapshot& prev, const renumbering& renumber,
                               const std::vector<const job_record*>& live, const std::vector<std::uint32_t>& added) {
    const std::size_t n = ids_.size();
    for (std::size_t f = 0; f < all_flags.size(); ++f) {
        auto& bits = flag_bits_[f];
        bits.assign((n + 63) / 64, 0);
        const auto& old = prev.flag_bits_[f];
        for (std::size_t w = 0; w < old.size(); ++w)
            for (std::uint64_t b = old[w]; b; b &= b - 1)
                if (auto to = renumber[w * 64 + static_cast<std::size_t>(std::countr_zero(b))]; to != gone) set_bit(bits, to);
        for (std::size_t i = 0; i < live.size(); ++i)
            if (live[i]->flags & all_flags[f]) set_bit(bits, added[i]);
    }
}

// Every term's postings: the old ones renumbered, merged with the new jobs' (terms the dictionary
// gained since `prev` have only those). `new_terms` is sorted by (term, doc).
void job_snapshot::patch_terms(const job_snapshot& prev, const renumbering& renumber,
                               const std::vector<std::pair<std::uint32_t, std::uint32_t>>& new_terms, std::size_t term_count) {
    std::vector<std::uint32_t> new_term_docs(new_terms.size());
    for (std::size_t i = 0; i < new_terms.size(); ++i) new_term_docs[i] = new_terms[i].second;
    term_start_.assign(term_count + 1, 0);
    term_docs_.resize(prev.term_docs_.size() + new_terms.size());   // room for all; cut to the end below
    std::uint32_t* const first = term_docs_.data();
    std::uint32_t* out = first;
    const std::size_t old_terms = prev.term_start_.empty() ? 0 : prev.term_start_.size() - 1;
    for (std::size_t t = 0, k = 0; t < term_count; ++t) {
        term_start_[t] = static_cast<std::uint32_t>(out - first);
        const std::size_t from = k;
        while (k < new_terms.size() && new_terms[k].first == t) ++k;
        std::span<const std::uint32_t> old;
        if (t < old_terms) old = std::span(prev.term_docs_).subspan(prev.term_start_[t], prev.term_start_[t + 1] - prev.term_start_[t]);
        out = merge_postings(old, renumber, std::span(new_term_docs).subspan(from, k - from), out);
    }
    term_docs_.resize(static_cast<std::size_t>(out - first));
    term_start_[term_count] = static_cast<std::uint32_t>(term_docs_.size());
}

// Places stay ordered by cell, then doc: the renumbering keeps the kept ones' order. `new_places`
// is sorted by (cell, doc).
void job_snapshot::patch_places(const job_snapshot& prev, const renumbering& renumber,
                                const std::vector<std::pair<std::int64_t, place_entry>>& new_places) {
    std::vector<std::int64_t> keys;
    keys.reserve(prev.places_.size() + new_places.size());
    places_.reserve(prev.places_.size() + new_places.size());
    place_docs_.reserve(prev.places_.size() + new_places.size());
    std::size_t k = 0;
    auto put = [&](std::int64_t key, const earth_point& at, std::uint32_t doc) {
        keys.push_back(key);
        places_.push_back(at);
        place_docs_.push_back(doc);
    };
    auto put_new = [&] {
        put(new_places[k].first, new_places[k].second.at, new_places[k].second.doc);
        ++k;
    };
    for (std::size_t i = 0; i < prev.places_.size(); ++i) {
        const std::uint32_t to = renumber[prev.place_docs_[i]];
        if (to == gone) continue;
        const std::int64_t key = cell_of(prev.places_[i]);
        while (k < new_places.size() && (new_places[k].first < key || (new_places[k].first == key && new_places[k].second.doc < to))) put_new();
        put(key, prev.places_[i], to);
    }
    while (k < new_places.size()) put_new();
    index_cells(keys);
}

const kept_card* job_snapshot::card(std::int64_t id) const noexcept {
    auto doc = doc_of(id);
    return doc ? payloads_->card(slots_[*doc]) : nullptr;
}

std::size_t job_snapshot::memory_bytes() const noexcept {
    std::size_t b = vector_bytes(ids_) + vector_bytes(published_us_) + vector_bytes(slots_) + vector_bytes(valid_through_) + vector_bytes(free_shifts_) + vector_bytes(places_) +
                    vector_bytes(doc_of_id_) + vector_bytes(doc_place_start_) + vector_bytes(doc_places_) + vector_bytes(place_docs_) + vector_bytes(place_floats_) + cells_.size() * 40 +
                    vector_bytes(cell_subs_) + vector_bytes(grid_);
    for (const auto& f : flag_bits_) b += vector_bytes(f);
    auto postings = [&b](const auto& m) {
        for (const auto& [k, v] : m) b += vector_bytes(v) + 48;
    };
    postings(activities_);
    postings(employment_types_);
    postings(industries_);
    postings(activity_bits_);
    postings(employment_type_bits_);
    postings(industry_bits_);
    postings(dense_terms_);
    postings(organizations_);
    // The dictionary is shared by the generations of one index; counted here once per snapshot.
    return b + vector_bytes(term_start_) + vector_bytes(term_docs_) + dictionary_->memory_bytes() + term_order_->memory_bytes();
}

// ---- searching ---------------------------------------------------------------------------------------

job_snapshot::bitmap job_snapshot::full_bitmap() const {
    bitmap b((ids_.size() + 63) / 64, ~std::uint64_t{0});
    if (auto rest = ids_.size() % 64; rest != 0) b.back() = (std::uint64_t{1} << rest) - 1;
    return b;
}

void job_snapshot::or_postings(bitmap& b, std::span<const std::uint32_t> docs) const {
    for (auto d : docs) set_bit(b, d);
}

std::span<const std::uint32_t> job_snapshot::term_postings(std::uint32_t t) const {
    if (t + 1 >= term_start_.size()) return {};
    return {term_docs_.data() + term_start_[t], term_start_[t + 1] - term_start_[t]};
}

const job_snapshot::bitmap* job_snapshot::dense_term(std::uint32_t t) const {
    if (dense_terms_.empty()) return nullptr;
    auto it = dense_terms_.find(t);
    return it == dense_terms_.end() ? nullptr : &it->second;
}

std::vector<std::uint32_t> job_snapshot::terms_of_word(const std::string& lexeme) const {
    if (matches_as_prefix(lexeme)) {
        auto range = term_order_->with_prefix(*dictionary_, lexeme);
        return {range.begin(), range.end()};
    }
    if (auto t = dictionary_->find(lexeme)) return {*t};
    return {};
}

job_snapshot::bitmap job_snapshot::any_of(const std::unordered_map<int, bitmap>& bits, const std::vector<int>& keys) const {
    bitmap b = empty_bitmap();
    for (int k : keys)
        if (auto it = bits.find(k); it != bits.end())
            for (std::size_t w = 0; w < b.size(); ++w) b[w] |= it->second[w];
    return b;
}

// `f` AND (the OR of the keys' bitmaps). One key (a visitor picks one activity) is ANDed straight
// from its kept bitmap, without a copy of it.
void job_snapshot::and_any_of(bitmap& f, const std::unordered_map<int, bitmap>& bits, const std::vector<int>& keys) const {
    if (keys.size() == 1) {
        if (auto it = bits.find(keys.front()); it != bits.end()) and_with(f, it->second);
        else std::fill(f.begin(), f.end(), 0);
        return;
    }
    and_with(f, any_of(bits, keys));
}

// An activity, employment type or industry is in a good part of all jobs (a seeded "Promotion":
// one in three), and so is a common word: AND-ing a kept bitmap is a pass over 3,000 words at
// 186,000 jobs, setting its postings' bits one by one was 60,000 scattered writes per search. A
// word gets a bitmap when it is in at least one job in 16 (its bitmap then costs at most twice its
// postings' memory).
void job_snapshot::index_bitmaps() {
    auto bits_of = [this](const std::unordered_map<int, std::vector<std::uint32_t>>& postings, std::unordered_map<int, bitmap>& into) {
        into.clear();
        for (const auto& [key, docs] : postings) {
            bitmap b = empty_bitmap();
            or_postings(b, docs);
            into.emplace(key, std::move(b));
        }
    };
    bits_of(activities_, activity_bits_);
    bits_of(employment_types_, employment_type_bits_);
    bits_of(industries_, industry_bits_);
    dense_terms_.clear();
    for (std::size_t t = 0; t + 1 < term_start_.size(); ++t) {
        const std::size_t df = term_start_[t + 1] - term_start_[t];
        if (df == 0 || df * 16 < ids_.size()) continue;
        bitmap b = empty_bitmap();
        or_postings(b, std::span(term_docs_).subspan(term_start_[t], df));
        dense_terms_.emplace(static_cast<std::uint32_t>(t), std::move(b));
    }
}

// `f` narrowed to the jobs that match the text, in place. A clause starts from the filter's jobs,
// not from every job: one clause (nearly every visitor's text) needs no bitmap of its own, and a
// word without a kept bitmap keeps only the filter's jobs among its postings (no bitmap of the
// word's postings built and ANDed: a full-catalogue pass fewer for every such word).
void job_snapshot::narrow_by_text(bitmap& f, const text_query& t) const {
    if (t.any_of.size() == 1) {
        narrow_by_clause(f, t.any_of.front());
        return;
    }
    bitmap result = empty_bitmap();
    for (const auto& c : t.any_of) {
        bitmap clause = f;
        narrow_by_clause(clause, c);
        for (std::size_t i = 0; i < result.size(); ++i) result[i] |= clause[i];
    }
    f = std::move(result);
}

void job_snapshot::narrow_by_clause(bitmap& f, const text_query::clause& c) const {
    for (const auto& lexeme : c.all_of) narrow_by_word(f, lexeme, false);
    for (const auto& lexeme : c.none_of) narrow_by_word(f, lexeme, true);
}

// `f` AND (NOT) the jobs with one of the word's terms. One term (a whole word, nearly every
// visitor's text) is ANDed straight from its bitmap or postings; a prefix's several terms are
// ORed into one bitmap first (their kept bitmaps a word at a time, the others bit by bit).
void job_snapshot::narrow_by_word(bitmap& f, const std::string& lexeme, bool negated) const {
    const auto terms = terms_of_word(lexeme);
    if (terms.size() == 1) {
        if (const bitmap* dense = dense_term(terms[0])) negated ? and_not(f, *dense) : and_with(f, *dense);
        else if (negated)
            for (auto d : term_postings(terms[0])) clear_bit(f, d);
        else keep_only(f, term_postings(terms[0]));
        return;
    }
    bitmap any = empty_bitmap();
    for (auto t : terms) {
        if (const bitmap* dense = dense_term(t))
            for (std::size_t w = 0; w < any.size(); ++w) any[w] |= (*dense)[w];
        else or_postings(any, term_postings(t));
    }
    negated ? and_not(f, any) : and_with(f, any);
}

job_snapshot::bitmap job_snapshot::filter_bitmap(const index_query& q) const {
    bitmap f = full_bitmap();
    for (const auto& [until, doc] : valid_through_) {
        if (until > q.now_us) break;
        clear_bit(f, doc);
    }
    if (q.published_since_us) {
        // Newest first: the jobs published since then are a prefix of the documents.
        auto end = std::partition_point(published_us_.begin(), published_us_.end(),
                                        [&](std::int64_t p) { return p >= *q.published_since_us; });
        clear_from(f, static_cast<std::size_t>(end - published_us_.begin()));
    }
    if (q.shifts_from_day || q.shifts_to_day) {
        bitmap dated = empty_bitmap();
        mark_free_shift_docs(free_shifts_, q.shifts_from_day, q.shifts_to_day, q.now_us, dated);
        and_with(f, dated);
    }
    if (q.activity_ids) and_any_of(f, activity_bits_, *q.activity_ids);
    if (q.employment_type_ids) and_any_of(f, employment_type_bits_, *q.employment_type_ids);
    if (q.industry_ids) and_any_of(f, industry_bits_, *q.industry_ids);
    if (q.type_activity_ids || q.type_employment_ids) {
        bitmap t = any_of(activity_bits_, q.type_activity_ids.value_or(std::vector<int>{}));
        bitmap e = any_of(employment_type_bits_, q.type_employment_ids.value_or(std::vector<int>{}));
        for (std::size_t i = 0; i < t.size(); ++i) t[i] |= e[i];
        and_with(f, t);
    }
    for (std::size_t k = 0; k < all_flags.size(); ++k) {
        if (!q.flags[k]) continue;
        if (*q.flags[k]) and_with(f, flag_bits_[k]);
        else and_not(f, flag_bits_[k]);
    }
    if (q.ids) {
        bitmap only = empty_bitmap();
        for (auto id : *q.ids)
            if (auto doc = doc_of(id)) set_bit(only, *doc);
        and_with(f, only);
    }
    if (q.organization_id) {
        auto it = organizations_.find(*q.organization_id);
        keep_only(f, it == organizations_.end() ? std::span<const std::uint32_t>{} : std::span<const std::uint32_t>(it->second));
    }
    for (auto id : q.excluded_ids)
        if (auto doc = doc_of(id)) clear_bit(f, *doc);
    return f;
}

std::vector<std::uint32_t> job_snapshot::docs_of(const bitmap& b, std::size_t skip, std::size_t take) const {
    std::vector<std::uint32_t> out;
    if (take == 0) return out;
    out.reserve(std::min<std::size_t>(take, 1024));
    for (std::size_t w = skip_words(b, skip); w < b.size(); ++w) {
        std::uint64_t bits = b[w];
        while (bits) {
            int i = std::countr_zero(bits);
            bits &= bits - 1;
            if (skip > 0) {
                --skip;
                continue;
            }
            out.push_back(static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(i)));
            if (out.size() == take) return out;
        }
    }
    return out;
}

// cube_distance(place, c.pt) when it is within the chord (the SQL's test), else nothing; 0 for a
// place surely inside when the circle's hits need no distances. The place's float point decides
// first: each coordinate rounded to float is off by at most 0.25 m (|x| < 2^23 m, a float's step
// there 0.5 m), so the chord from it is off by at most 0.44 m from the exact one, and outside
// chord + 1 m or inside chord - 1 m the exact test gives the same answer; only places within a
// metre of the edge (and every place inside, for distances) read their exact doubles.
inline std::optional<double> job_snapshot::inside(std::uint32_t place, const circle& c) const noexcept {
    const float_point& f = place_floats_[place];
    const double dx = static_cast<double>(f.x) - c.pt.x, dy = static_cast<double>(f.y) - c.pt.y, dz = static_cast<double>(f.z) - c.pt.z;
    const double rough2 = dx * dx + dy * dy + dz * dz;
    if (rough2 > c.surely_out2) return std::nullopt;
    if (rough2 < c.surely_in2 && !c.distances) return 0.0;
    const double d = cube_distance(places_[place], c.pt);
    if (d <= c.chord) return d;
    return std::nullopt;
}

namespace {

// The distance from `v` to [low, low + size) along one axis, the interval widened by a metre (a
// coordinate's division by the cell size rounds), and the distance to its far end.
struct axis_gap {
    double near, far;
};
inline axis_gap gap_to(double v, double low, double size) {
    low -= 1;
    const double high = low + size + 2;
    return {v < low ? low - v : v > high ? v - high : 0, std::max(std::abs(v - low), std::abs(v - high))};
}
double cell_low(std::int64_t i) { return static_cast<double>(i - 1024) * cube_cell_m; }

}  // namespace

// Where cell (x, y, z)'s sub-cells begin in places_ (65 numbers, the last its end), or null.
const std::uint32_t* job_snapshot::cell_starts(std::int64_t x, std::int64_t y, std::int64_t z) const noexcept {
    if (!grid_.empty()) {
        x -= grid_low_[0], y -= grid_low_[1], z -= grid_low_[2];
        if (x < 0 || y < 0 || z < 0 || x >= grid_size_[0] || y >= grid_size_[1] || z >= grid_size_[2]) return nullptr;
        const std::uint32_t at = grid_[static_cast<std::size_t>((x * grid_size_[1] + y) * grid_size_[2] + z)];
        return at ? cell_subs_.data() + (at - 1) : nullptr;
    }
    auto it = cells_.find(cell_key(x, y, z));
    return it == cells_.end() ? nullptr : cell_subs_.data() + it->second;
}

// The cube cells a circle's ball can reach: those of its bounding box that come within its reach
// (the box's corner cells of a large circle do not), or every entry when that is cheaper (circles
// of several hundred km). Of a cell the ball does not cover whole, only the sub-cells it reaches
// are read. A cell or sub-cell whose farthest corner is within the chord less a metre is read
// without testing its places (`all_in`), unless the hits need their distances.
job_snapshot::circle job_snapshot::circle_of(const earth_point& pt, double chord, bool distances) const {
    constexpr double edge_m = 1.0;   // the float points' error (0.44 m at most) with room to spare
    const double in = chord > edge_m ? chord - edge_m : 0;
    circle c{pt, chord, chord * (1 + 1e-9) + 1e-9, (chord + edge_m) * (chord + edge_m), chord > edge_m ? in * in : -1.0, distances,
             {}, places_.size(), false};
    const std::int64_t x0 = cell_coordinate(pt.x - chord), x1 = cell_coordinate(pt.x + chord);
    const std::int64_t y0 = cell_coordinate(pt.y - chord), y1 = cell_coordinate(pt.y + chord);
    const std::int64_t z0 = cell_coordinate(pt.z - chord), z1 = cell_coordinate(pt.z + chord);
    const double cells = double(x1 - x0 + 1) * double(y1 - y0 + 1) * double(z1 - z0 + 1);
    c.every_place = cells * 4 > static_cast<double>(places_.size());
    if (c.every_place) return c;
    c.entries = 0;
    const double reach2 = (c.reach + 1) * (c.reach + 1);
    const double all_in2 = distances ? -1.0 : c.surely_in2;
    auto add = [&c](std::uint32_t from, std::uint32_t to, bool all_in) {
        if (from == to) return;
        c.entries += to - from;
        if (!c.ranges.empty() && c.ranges.back().to == from && c.ranges.back().all_in == all_in) c.ranges.back().to = to;
        else c.ranges.push_back({from, to, all_in});
    };
    // Each axis's gaps once: to the box's cells, and to the sub-cells of a cell when it is read by them.
    auto gaps = [](double v, std::int64_t from, std::int64_t to) {
        std::vector<axis_gap> g;
        g.reserve(static_cast<std::size_t>(to - from + 1));
        for (auto i = from; i <= to; ++i) g.push_back(gap_to(v, cell_low(i), cube_cell_m));
        return g;
    };
    const auto gxs = gaps(pt.x, x0, x1), gys = gaps(pt.y, y0, y1), gzs = gaps(pt.z, z0, z1);
    auto sub_gaps = [](double v, std::int64_t i) {
        std::array<axis_gap, sub_side> g;
        for (int s = 0; s < sub_side; ++s) g[static_cast<std::size_t>(s)] = gap_to(v, cell_low(i) + s * sub_cell_m, sub_cell_m);
        return g;
    };
    auto sq = [](double d) { return d * d; };
    for (auto x = x0; x <= x1; ++x) {
        const axis_gap gx = gxs[static_cast<std::size_t>(x - x0)];
        for (auto y = y0; y <= y1; ++y) {
            const axis_gap gy = gys[static_cast<std::size_t>(y - y0)];
            const double near_xy = sq(gx.near) + sq(gy.near);
            if (near_xy > reach2) continue;
            for (auto z = z0; z <= z1; ++z) {
                const axis_gap gz = gzs[static_cast<std::size_t>(z - z0)];
                if (near_xy + sq(gz.near) > reach2) continue;   // every point of the cell is further off
                const std::uint32_t* sub = cell_starts(x, y, z);
                if (!sub) continue;
                const double far2 = sq(gx.far) + sq(gy.far) + sq(gz.far);
                if (far2 <= reach2) {   // the ball holds the whole cell
                    add(sub[0], sub[subs_per_cell], far2 < all_in2);
                    continue;
                }
                const auto hx = sub_gaps(pt.x, x), hy = sub_gaps(pt.y, y), hz = sub_gaps(pt.z, z);
                for (std::size_t sx = 0; sx < sub_side; ++sx) {
                    if (sq(hx[sx].near) > reach2) continue;
                    for (std::size_t sy = 0; sy < sub_side; ++sy) {
                        const double sub_xy = sq(hx[sx].near) + sq(hy[sy].near);
                        if (sub_xy > reach2) continue;
                        for (std::size_t sz = 0; sz < sub_side; ++sz) {
                            const std::size_t s = (sx * sub_side + sy) * sub_side + sz;
                            if (sub[s] == sub[s + 1] || sub_xy + sq(hz[sz].near) > reach2) continue;
                            add(sub[s], sub[s + 1], sq(hx[sx].far) + sq(hy[sy].far) + sq(hz[sz].far) < all_in2);
                        }
                    }
                }
            }
        }
    }
    return c;
}

// A job read newest first costs about as much as this many entries of the cells read in turn
// (its places are scattered in memory, the cells' entries are read in order).
constexpr double walk_cost = 8;

// The place entries of jobs in `filter` within the circle: the entries of its cells, or the
// filter's own jobs' places when reading those costs less (a rare word, an organization, the
// newest days). Stops once it has `enough` hits (the SQL's scan limit: beyond it only "capped" is
// known, and the page comes from docs_near). The hits are the same set either way; their order is
// not relied on (callers sort or count).
std::vector<job_snapshot::hit> job_snapshot::hits_near(const circle& c, const bitmap& filter, std::size_t enough) const {
    std::vector<hit> hits;
    if (static_cast<double>(popcount(filter)) * walk_cost < static_cast<double>(c.entries)) {
        walk_near(c, filter, SIZE_MAX, hits, [&](std::uint32_t, std::size_t) { return hits.size() < enough; });
        if (hits.size() > enough) hits.resize(enough);
        return hits;
    }
    // The docs alone first (4 bytes an entry, not 12 or 24), a block at a time: the entries whose
    // job is in the filter are gathered without a branch (whether an entry's bit is set is as good
    // as random to the branch predictor), then only those are tested against the circle (or, when
    // every place of the range is inside, taken as they are), in the same order.
    std::array<std::uint32_t, 256> passed;
    auto visit_range = [&](std::size_t from, std::size_t to, bool all_in) {
        for (std::size_t block = from; block < to; block += passed.size()) {
            const std::size_t end = std::min(to, block + passed.size());
            std::size_t n = 0;
            for (auto i = block; i < end; ++i) {
                passed[n] = static_cast<std::uint32_t>(i);
                n += test_bit(filter, place_docs_[i]) ? 1 : 0;
            }
            for (std::size_t k = 0; k < n; ++k) {
                const std::uint32_t i = passed[k];
                if (all_in) hits.push_back({0.0, place_docs_[i]});
                else if (auto d = inside(i, c)) hits.push_back({*d, place_docs_[i]});
                if (hits.size() >= enough) return false;
            }
        }
        return true;
    };
    if (c.every_place) {
        visit_range(0, places_.size(), false);
        return hits;
    }
    for (const auto& r : c.ranges)
        if (!visit_range(r.from, r.to, r.all_in)) break;
    return hits;
}

// Asks for the points of a job's places: the float points, and the exact ones when the circle
// reads them for every place inside (a search sorted by distance).
inline void job_snapshot::prefetch_places(std::uint32_t doc, bool exact) const noexcept {
    for (auto i = doc_place_start_[doc]; i < doc_place_start_[doc + 1]; ++i) {
        __builtin_prefetch(&place_floats_[doc_places_[i]]);
        if (exact) __builtin_prefetch(&places_[doc_places_[i]]);
    }
}

// Walks `filter` newest first, testing each job's own places against the circle, and calls
// `found(doc, hits_from)` for each job with a place inside (its places inside are
// hits[hits_from, end)); stops when `found` says so or after `budget` jobs read. False when the
// budget ran out first. A job's places lie anywhere in places_ (ordered by cell): read one job
// after another, every place is a cache miss waited for. The jobs are taken in batches whose
// points are prefetched first, so a batch's misses overlap.
template <class Found>
bool job_snapshot::walk_near(const circle& c, const bitmap& filter, std::size_t budget, std::vector<hit>& hits, Found&& found) const {
    constexpr std::size_t batch_size = 32;
    std::array<std::uint32_t, batch_size> batch;
    std::size_t w = 0;
    std::uint64_t bits = filter.empty() ? 0 : filter[0];
    for (;;) {
        std::size_t n = 0;
        for (; n < batch_size; bits &= bits - 1) {
            while (bits == 0 && w + 1 < filter.size()) bits = filter[++w];
            if (bits == 0) break;
            batch[n++] = static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
        }
        if (n == 0) return true;
        for (std::size_t k = 0; k < n; ++k) prefetch_places(batch[k], c.distances);
        for (std::size_t k = 0; k < n; ++k) {
            if (budget-- == 0) return false;
            const std::uint32_t doc = batch[k];
            const std::size_t from = hits.size();
            for (auto i = doc_place_start_[doc]; i < doc_place_start_[doc + 1]; ++i)
                if (auto d = inside(doc_places_[i], c)) hits.push_back({*d, doc});
            if (hits.size() > from && !found(doc, from)) return true;
        }
    }
}

// The documents of `filter` with a place within the circle, in order (newest first), from the
// `skip`th on, at most `take`: each job's own places, so a page of a crowded circle reads about as
// many jobs as the page needs.
std::vector<std::uint32_t> job_snapshot::docs_near(const circle& c, const bitmap& filter, std::size_t skip, std::size_t take) const {
    std::vector<std::uint32_t> out;
    if (take == 0) return out;
    std::vector<hit> hits;
    walk_near(c, filter, SIZE_MAX, hits, [&](std::uint32_t doc, std::size_t) {
        hits.clear();
        if (skip > 0) --skip;
        else out.push_back(doc);
        return out.size() < take;
    });
    return out;
}

// A text around a point: the jobs of `filter` with a place inside the circle, as a bitmap, and
// their places inside as `hits`. Only the newest `want` of them are needed (the page, the window
// ordered by rank or distance, the count up to its cap): when the filter's jobs are likely to
// give that many for less than reading the circle's cells (a common word in a large circle), they
// are read newest first until there are `want`; else every entry of the cells is tested against
// the filter.
job_snapshot::bitmap job_snapshot::text_near(const circle& c, const bitmap& filter, std::size_t want, std::vector<hit>& hits) const {
    bitmap near = empty_bitmap();
    // The share of the places inside is at most the cells' share of all places: the jobs to read
    // for `want` hits are at least want / share (or every job of the filter).
    const auto jobs = static_cast<std::size_t>(popcount(filter));
    const double share = places_.empty() ? 1.0 : static_cast<double>(c.entries) / static_cast<double>(places_.size());
    const double expected = std::min(static_cast<double>(jobs), share > 0 ? static_cast<double>(want) / share : static_cast<double>(jobs));
    // A walk that reads twice the jobs expected (the word is rarer inside than outside) gives up
    // and costs at most twice the cells' read.
    const auto budget = static_cast<std::size_t>(2 * static_cast<double>(c.entries) / walk_cost);
    std::size_t found = 0;
    if (expected * walk_cost <= static_cast<double>(c.entries) &&
        walk_near(c, filter, budget, hits, [&](std::uint32_t doc, std::size_t) {
            set_bit(near, doc);
            return ++found < want;
        }))
        return near;
    std::fill(near.begin(), near.end(), 0);
    hits = hits_near(c, filter);
    for (const auto& h : hits) set_bit(near, h.doc);
    return near;
}

index_answer job_snapshot::place_search(const index_query& q, const bitmap& filter) const {
    index_answer a;
    const circle c = circle_of(*q.point, chord_of(q.radius_m), q.sort == "distance");
    // jh_job_search's place path: it reads at most `scan` entries (places, not jobs); fewer give the
    // exact total and the whole list, as many give "capped".
    const std::int64_t scan = q.radius_m > sql_wide_radius_m ? q.count_cap + 1 : 5000;
    // Newest first, only whether the scan limit is reached is needed of a crowded circle.
    std::vector<hit> hits = hits_near(c, filter, q.sort == "distance" ? SIZE_MAX : static_cast<std::size_t>(scan));

    const bool listed = q.offset < 1000 && q.limit > 0;
    const auto by_distance = [this](const hit& l, const hit& r) {
        return l.d != r.d ? l.d < r.d : ids_[l.doc] < ids_[r.doc];
    };
    // One hit per job, at its nearest place.
    auto nearest_per_job = [&](std::vector<hit> hs) {
        std::sort(hs.begin(), hs.end(), [](const hit& l, const hit& r) { return l.doc != r.doc ? l.doc < r.doc : l.d < r.d; });
        std::vector<hit> one;
        for (const auto& h : hs)
            if (one.empty() || one.back().doc != h.doc) one.push_back(h);
        std::sort(one.begin(), one.end(), by_distance);
        return one;
    };
    auto slice = [&](const std::vector<hit>& ordered) {
        for (std::size_t i = static_cast<std::size_t>(q.offset); i < ordered.size() && a.page.size() < static_cast<std::size_t>(q.limit); ++i)
            a.page.push_back(ids_[ordered[i].doc]);
    };
    bitmap in_circle = empty_bitmap();
    for (const auto& h : hits) set_bit(in_circle, h.doc);

    if (static_cast<std::int64_t>(hits.size()) < scan) {
        std::int64_t count = popcount(in_circle);
        a.total = std::min<std::int64_t>(count, q.count_cap);
        a.capped = count > q.count_cap;
        if (!listed) return a;
        if (q.sort == "distance") {
            slice(nearest_per_job(hits));
        } else {
            for (auto d : docs_of(in_circle, static_cast<std::size_t>(q.offset), static_cast<std::size_t>(q.limit))) a.page.push_back(ids_[d]);
        }
        return a;
    }
    a.total = q.count_cap;
    a.capped = true;
    if (!listed) return a;
    if (q.sort == "distance") {
        // The SQL reads the (limit + offset) × 4 nearest entries (GiST KNN), then one per job.
        // Only those are sorted: a crowded circle has tens of thousands of entries.
        const std::size_t nearest = std::min(hits.size(), static_cast<std::size_t>(q.limit + q.offset) * 4);
        const auto closer = [](const hit& l, const hit& r) { return l.d != r.d ? l.d < r.d : l.doc < r.doc; };
        std::nth_element(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(nearest), hits.end(), closer);
        hits.resize(nearest);
        std::sort(hits.begin(), hits.end(), closer);
        slice(nearest_per_job(std::move(hits)));
    } else {   // hits stopped at the scan limit: the page from the jobs' own places
        for (auto d : docs_near(c, filter, static_cast<std::size_t>(q.offset), static_cast<std::size_t>(q.limit))) a.page.push_back(ids_[d]);
    }
    return a;
}

index_answer job_snapshot::search(const index_query& query) const {
    if (query.sort == "random") return random_search(query);
    index_query q = query;
    const bool has_text = q.text && !q.text->empty();
    if (q.sort == "relevance" && !has_text) q.sort = "newest";
    if (q.sort == "distance" && !q.point) q.sort = "newest";
    bitmap f = filter_bitmap(q);

    if (!has_text && q.point) return place_search(q, f);

    index_answer a;
    std::vector<hit> hits;   // a text around a point: its places inside the circle
    if (has_text) {
        narrow_by_text(f, *q.text);
        if (q.point) {   // any place of the job inside the circle; the newest the answer can need
            const auto want = static_cast<std::size_t>(std::max({q.count_cap + 1, q.offset + q.limit, q.window}));
            f = text_near(circle_of(*q.point, chord_of(q.radius_m), q.sort == "distance"), f, want, hits);
        }
    }
    std::int64_t count = popcount(f);
    a.total = std::min<std::int64_t>(count, q.count_cap);
    a.capped = count > q.count_cap;
    if (q.offset >= 1000 || q.limit <= 0) return a;
    const auto offset = static_cast<std::size_t>(q.offset), limit = static_cast<std::size_t>(q.limit),
               window = static_cast<std::size_t>(q.window);
    if (has_text && q.sort == "relevance" && offset < window && rank_window(q, f, a)) return a;
    if (has_text && q.sort == "distance" && offset < window) {
        distance_window(q, f, hits, a);
        return a;
    }
    if (has_text && q.sort != "newest" && offset < window) {
        // The newest `window` matches are ordered by PostgreSQL (ts_rank or distance), the rest follow newest first.
        a.ordered_by_postgres = true;
        for (auto d : docs_of(f, 0, window)) a.window.push_back(ids_[d]);
        if (offset + limit > window)
            for (auto d : docs_of(f, window, offset + limit - window)) a.after_window.push_back(ids_[d]);
        return a;
    }
    for (auto d : docs_of(f, offset, limit)) a.page.push_back(ids_[d]);
    return a;
}

// A relevance-sorted text: its newest `window` matches ordered by ts_rank (then newest first, as
// jh_job_order_window orders them), the rest newest first, and the page cut from that. False when
// a job of the window has no positions here (PostgreSQL orders it).
bool job_snapshot::rank_window(const index_query& q, const bitmap& f, index_answer& a) const {
    const auto offset = static_cast<std::size_t>(q.offset), limit = static_cast<std::size_t>(q.limit),
               window = static_cast<std::size_t>(q.window);
    auto docs = docs_of(f, 0, window);
    const rank_query rq = rank_query_of(*q.text, [this](const std::string& l) { return terms_of_word(l); });
    std::vector<const job_text*> texts;
    if (!window_texts(docs, texts)) return false;
    std::vector<std::pair<float, std::uint32_t>> ranked;
    ranked.reserve(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) ranked.emplace_back(ts_rank(*texts[i], rq), docs[i]);
    // Rank descending, then published_at DESC, id DESC: the document order.
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& l, const auto& r) { return l.first > r.first; });
    std::vector<std::int64_t> order;
    order.reserve(ranked.size());
    for (const auto& [rank, d] : ranked) order.push_back(ids_[d]);
    if (offset + limit > window)
        for (auto d : docs_of(f, window, offset + limit - window)) order.push_back(ids_[d]);
    for (std::size_t i = offset; i < order.size() && i < offset + limit; ++i) a.page.push_back(order[i]);
    return true;
}

// The ranking texts of the window's jobs, or false when one has none. The window's 100 texts lie
// scattered in memory, each a job_text's block behind its slot: read one after another
// inside ts_rank, every step waits for a cache miss. Here their addresses are read first in a
// short loop (the CPU overlaps those misses) and the texts and then their vectors are prefetched
// for all of them, so ts_rank finds them in the cache.
bool job_snapshot::window_texts(const std::vector<std::uint32_t>& docs, std::vector<const job_text*>& texts) const {
    texts.resize(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) {
        texts[i] = payloads_->text(slots_[docs[i]]);
        if (!texts[i]) return false;
        __builtin_prefetch(texts[i]);
    }
    for (const job_text* t : texts) {
        const auto block = t->block_for_prefetch();
        prefetch_bytes(block.data(), block.size_bytes());
    }
    return true;
}

// A text around a point sorted by distance: its newest `window` matches ordered by their nearest
// place (then newest first), the rest newest first, as jh_job_order_window(…, 'distance') orders
// them: min(cube_distance) over all the job's places. A job's nearest place is inside the circle
// whenever any of its places is, so the nearest of its `hits` (the places inside) is that minimum.
void job_snapshot::distance_window(const index_query& q, const bitmap& f, const std::vector<hit>& hits, index_answer& a) const {
    const auto offset = static_cast<std::size_t>(q.offset), limit = static_cast<std::size_t>(q.limit),
               window = static_cast<std::size_t>(q.window);
    auto docs = docs_of(f, 0, window);
    std::unordered_map<std::uint32_t, double> nearest;
    nearest.reserve(docs.size());
    for (auto d : docs) nearest.emplace(d, std::numeric_limits<double>::infinity());
    for (const auto& h : hits)
        if (auto it = nearest.find(h.doc); it != nearest.end() && h.d < it->second) it->second = h.d;
    // Documents are in published_at DESC, id DESC order already: a stable sort keeps it for ties.
    std::stable_sort(docs.begin(), docs.end(), [&](std::uint32_t l, std::uint32_t r) { return nearest[l] < nearest[r]; });
    std::vector<std::int64_t> order;
    order.reserve(docs.size());
    for (auto d : docs) order.push_back(ids_[d]);
    if (offset + limit > window)
        for (auto d : docs_of(f, window, offset + limit - window)) order.push_back(ids_[d]);
    for (std::size_t i = offset; i < order.size() && i < offset + limit; ++i) a.page.push_back(order[i]);
}

// sort=random (the start page's top job and instant teasers): the newest `window` matches shuffled,
// then the rest newest first, and the page cut from that — the order jh_job_search gives a text
// search with jh_job_order_window(…, 'random'). (Its searches without a word drop what follows the
// shuffled window; a random page past the window is nothing any page asks for.) The total and its
// cap are the newest-first search's.
index_answer job_snapshot::random_search(const index_query& query) const {
    index_query q = query;
    q.sort = "newest";
    q.offset = 0;
    const bool no_page = query.offset >= 1000 || query.limit <= 0;
    q.limit = no_page ? 0 : std::max(query.window, query.offset + query.limit);
    index_answer a = search(q);
    if (no_page) return a;
    thread_local std::mt19937_64 shuffle_rng{std::random_device{}()};
    const auto shuffled = std::min<std::size_t>(a.page.size(), static_cast<std::size_t>(query.window));
    std::shuffle(a.page.begin(), a.page.begin() + static_cast<std::ptrdiff_t>(shuffled), shuffle_rng);
    const auto from = std::min<std::size_t>(a.page.size(), static_cast<std::size_t>(query.offset));
    const auto to = std::min<std::size_t>(a.page.size(), from + static_cast<std::size_t>(query.limit));
    a.page = std::vector<std::int64_t>(a.page.begin() + static_cast<std::ptrdiff_t>(from), a.page.begin() + static_cast<std::ptrdiff_t>(to));
    return a;
}

}  // namespace jh::search
