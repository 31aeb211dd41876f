// short_pattern.cpp: see short_pattern.h. A parser into nodes, then backtracking with
// continuations; the depth is bounded by the pattern's length plus short_pattern::max_text.
#include "actors/short_pattern.h"

#include <functional>
#include <stdexcept>
#include <string>

namespace jh::fields {

namespace {

using node = short_pattern::node;
using sequence = short_pattern::sequence;
using continuation = std::function<bool(std::size_t)>;

[[noreturn]] void bad(std::string_view pattern) { throw std::invalid_argument("short_pattern: unsupported syntax in " + std::string(pattern)); }

class parser {
public:
    explicit parser(std::string_view p) : p_(p) {}

    std::vector<sequence> alternatives() {
        std::vector<sequence> out{sequence{}};
        while (i_ < p_.size() && p_[i_] != ')') {
            if (p_[i_] == '|') {
                ++i_;
                out.emplace_back();
                continue;
            }
            out.back().push_back(atom());
        }
        return out;
    }

    bool done() const { return i_ == p_.size(); }

private:
    node atom() {
        node n;
        char c = p_[i_++];
        if (c == '(') {
            n.alternatives = alternatives();
            if (i_ >= p_.size() || p_[i_] != ')') bad(p_);
            ++i_;
        } else if (c == '[') {
            n.chars = char_class();
        } else if (c == '*' || c == '+' || c == '{' || c == '?' || c == '\\' || c == '.' || c == ']' || c == '^' || c == '$') {
            bad(p_);
        } else {
            n.chars.set(static_cast<unsigned char>(c));
        }
        quantifier(n);
        return n;
    }

    std::bitset<256> char_class() {
        std::bitset<256> set;
        while (i_ < p_.size() && p_[i_] != ']') {
            unsigned char from = static_cast<unsigned char>(p_[i_++]);
            unsigned char to = from;
            if (i_ + 1 < p_.size() && p_[i_] == '-' && p_[i_ + 1] != ']') {
                to = static_cast<unsigned char>(p_[i_ + 1]);
                i_ += 2;
            }
            if (from == '^' || from == '\\' || to < from) bad(p_);
            for (unsigned c = from; c <= to; ++c) set.set(c);
        }
        if (i_ >= p_.size()) bad(p_);
        ++i_;   // ']'
        return set;
    }

    void quantifier(node& n) {
        if (i_ >= p_.size()) return;
        if (p_[i_] == '?') {
            n.min = 0;
            ++i_;
        } else if (p_[i_] == '{') {
            ++i_;
            n.min = number();
            n.max = n.min;
            if (i_ < p_.size() && p_[i_] == ',') {
                ++i_;
                n.max = number();   // "{n,}" has no digits here: refused, it would be unbounded
            }
            if (i_ >= p_.size() || p_[i_] != '}' || n.max < n.min || n.max < 1) bad(p_);
            ++i_;
        }
        if (i_ < p_.size() && (p_[i_] == '*' || p_[i_] == '+' || p_[i_] == '?' || p_[i_] == '{')) bad(p_);
    }

    int number() {
        int v = 0;
        std::size_t start = i_;
        while (i_ < p_.size() && p_[i_] >= '0' && p_[i_] <= '9') v = v * 10 + (p_[i_++] - '0');
        if (i_ == start || v > 64) bad(p_);
        return v;
    }

    std::string_view p_;
    std::size_t i_ = 0;
};

bool match_sequence(const sequence& seq, std::size_t k, std::string_view s, std::size_t pos, const continuation& then);

// One occurrence of `n` at `pos`.
bool match_once(const node& n, std::string_view s, std::size_t pos, const continuation& then) {
    if (n.alternatives.empty())
        return pos < s.size() && n.chars.test(static_cast<unsigned char>(s[pos])) && then(pos + 1);
    for (const auto& alt : n.alternatives)
        if (match_sequence(alt, 0, s, pos, then)) return true;
    return false;
}

// Greedy repetition: as many as allowed first, fewer when the rest does not match.
bool match_repeat(const node& n, int count, std::string_view s, std::size_t pos, const continuation& then) {
    if (count < n.max && match_once(n, s, pos, [&](std::size_t p) { return match_repeat(n, count + 1, s, p, then); })) return true;
    return count >= n.min && then(pos);
}

bool match_sequence(const sequence& seq, std::size_t k, std::string_view s, std::size_t pos, const continuation& then) {
    if (k == seq.size()) return then(pos);
    return match_repeat(seq[k], 0, s, pos, [&](std::size_t p) { return match_sequence(seq, k + 1, s, p, then); });
}

}  // namespace

short_pattern::short_pattern(std::string_view pattern) {
    parser p(pattern);
    alternatives_ = p.alternatives();
    if (!p.done()) bad(pattern);
}

bool short_pattern::matches(std::string_view text) const {
    if (text.size() > max_text) return false;
    continuation at_end = [&](std::size_t p) { return p == text.size(); };
    for (const auto& alt : alternatives_)
        if (match_sequence(alt, 0, text, 0, at_end)) return true;
    return false;
}

}  // namespace jh::fields
