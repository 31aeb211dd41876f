// job_payloads.h: the kept cards and ranking texts of an index generation, shared between
// generations in chunks, so a patched generation does not touch every job's card.
//
// Why: a generation used to hold one shared_ptr per job for its card and one for its text. Keeping
// every card in memory (issue 28) made each patch copy 2 × 186,000 shared_ptrs (an atomic
// increment on a cold control block each) and each retired generation release as many: 60 % of
// the index thread's time under the freshness bench, and commit → searchable p99 went from about
// 150 ms to 1–2 s. Here a job owns a slot that stays its own across patches; a generation keeps
// only the slot numbers (plain integers, copied with the rest of its arrays) and one pointer to
// the store. A patch copies the store's chunk pointers (one per 1,024 slots) and only the chunks
// whose slots it changes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/shared_block.h"

namespace jh::search {

class kept_card;    // search/job_card.h
class job_text;     // search/text_rank.h
// Their last owner ends them (search/shared_block.h), also where they are incomplete.
void destroy_block(const kept_card* card) noexcept;
void destroy_block(const job_text* text) noexcept;

class job_payloads {
public:
    static constexpr std::uint32_t no_slot = 0xFFFFFFFFU;
    struct payload {
        shared_block<kept_card> card;
        shared_block<job_text> text;
    };

    const kept_card* card(std::uint32_t slot) const noexcept { return slot == no_slot ? nullptr : at(slot).card.get(); }
    const job_text* text(std::uint32_t slot) const noexcept { return slot == no_slot ? nullptr : at(slot).text.get(); }
    std::size_t chunks() const noexcept { return chunks_.size(); }

    // A store edited from this one (which stays as it is, for the generations that read it): the
    // slots `freed` are released (and may be reused), and each of `added` gets a slot, returned in
    // the same order (no_slot for one with neither card nor text).
    std::shared_ptr<const job_payloads> edited(const std::vector<std::uint32_t>& freed, const std::vector<payload>& added,
                                               std::vector<std::uint32_t>& slots) const {
        auto s = std::make_shared<job_payloads>(*this);   // chunk pointers and free slots only
        std::vector<bool> copied(s->chunks_.size(), false);
        auto writable = [&](std::uint32_t slot) -> payload& {
            const std::size_t c = slot >> chunk_bits;
            if (c >= copied.size()) copied.resize(c + 1, false);
            if (!copied[c]) {
                s->chunks_[c] = std::make_shared<chunk>(*s->chunks_[c]);
                copied[c] = true;
            }
            return std::const_pointer_cast<chunk>(s->chunks_[c])->at[slot & chunk_mask];
        };
        for (auto slot : freed) {
            if (slot == no_slot) continue;
            writable(slot) = {};
            s->free_.push_back(slot);
        }
        slots.clear();
        slots.reserve(added.size());
        for (const auto& p : added) {
            if (!p.card && !p.text) {
                slots.push_back(no_slot);
                continue;
            }
            std::uint32_t slot;
            if (!s->free_.empty()) {
                slot = s->free_.back();
                s->free_.pop_back();
            } else {
                slot = s->size_++;
                if ((slot >> chunk_bits) == s->chunks_.size()) {
                    s->chunks_.push_back(std::make_shared<chunk>());
                    copied.push_back(true);   // new: this store's own
                }
            }
            writable(slot) = p;
            slots.push_back(slot);
        }
        return s;
    }

private:
    static constexpr unsigned chunk_bits = 10;
    static constexpr std::uint32_t chunk_mask = (1U << chunk_bits) - 1;
    struct chunk {
        std::array<payload, std::size_t{1} << chunk_bits> at;
    };
    const payload& at(std::uint32_t slot) const noexcept { return chunks_[slot >> chunk_bits]->at[slot & chunk_mask]; }

    std::vector<std::shared_ptr<const chunk>> chunks_;
    std::vector<std::uint32_t> free_;   // released slots, reused before the store grows
    std::uint32_t size_ = 0;            // slots ever handed out
};

}  // namespace jh::search
