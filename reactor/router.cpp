// router.cpp: a segment tree of routes. Matching walks the path once, trying the literal child
// of each segment before the {parameter} child, and backtracks only when a literal branch dies.
#include "reactor/router.h"

#include <map>
#include <stdexcept>

#include "reactor/log_redaction.h"

namespace jh {

struct router::node {
    std::map<std::string, node*, std::less<>> literal;
    node* parameter = nullptr;            // the {name} child
    std::string parameter_name;
    std::array<route*, 8> by_method{};    // indexed by http_method

    ~node() {
        for (auto& [k, child] : literal) delete child;
        delete parameter;
    }
};

void router::node_deleter::operator()(node* n) const noexcept { delete n; }

namespace {
// Splits "/a/b/c" into segments; an empty path and "/" have no segments.
template <typename Fn>
void for_each_segment(std::string_view path, Fn&& fn) {
    while (!path.empty()) {
        if (path.front() == '/') {
            path.remove_prefix(1);
            continue;
        }
        auto slash = path.find('/');
        fn(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash);
    }
}
}  // namespace

namespace {
authenticator_fn the_authenticator = nullptr;
}  // namespace

void set_authenticator(authenticator_fn fn) noexcept { the_authenticator = fn; }
authenticator_fn current_authenticator() noexcept { return the_authenticator; }

void router::add(http_method m, std::string pattern, route_policy policy, handler_fn h) {
    // An upload goes to disk only after its caller passed `who`: an upload open to anyone would
    // let strangers fill the disk (the table is built at start, so this stops the server before
    // it listens).
    if (policy.body == body_kind::upload && !requires_account(policy.who))
        throw std::logic_error("upload route open to callers without an account: " + pattern);
    if (!root_) root_.reset(new node);
    node* n = root_.get();
    std::uint32_t secret_segments = 0;
    int index = 0;
    for_each_segment(pattern, [&](std::string_view seg) {
        if (seg.size() >= 2 && seg.front() == '{' && seg.back() == '}') {
            if (index < 32 && is_secret_name(seg.substr(1, seg.size() - 2))) secret_segments |= 1u << index;
            if (!n->parameter) {
                n->parameter = new node;
                n->parameter_name = std::string(seg.substr(1, seg.size() - 2));
            }
            n = n->parameter;
        } else {
            auto it = n->literal.find(seg);
            if (it == n->literal.end()) it = n->literal.emplace(std::string(seg), new node).first;
            n = it->second;
        }
        ++index;
    });
    if (pattern.find('{') == std::string::npos) exact_[pattern] = n;
    auto r = std::make_unique<route>(route{m, std::move(pattern), std::move(h), policy, static_cast<int>(routes_.size()), secret_segments});
    n->by_method[static_cast<std::size_t>(m)] = r.get();
    routes_.push_back(std::move(r));
}

namespace {
struct matcher {
    std::vector<std::string_view> segments;
    std::vector<std::pair<std::string_view, std::string_view>> captured;

    // Depth-first: literal first, then parameter. Returns the node for the whole path.
    const router::node* walk(const router::node* n, std::size_t i) {
        if (i == segments.size()) {
            for (auto* r : n->by_method)
                if (r) return n;
            return nullptr;
        }
        if (auto it = n->literal.find(segments[i]); it != n->literal.end())
            if (auto* found = walk(it->second, i + 1)) return found;
        if (n->parameter) {
            captured.emplace_back(n->parameter_name, segments[i]);
            if (auto* found = walk(n->parameter, i + 1)) return found;
            captured.pop_back();
        }
        return nullptr;
    }
};
}  // namespace

route_match router::match(http_method m, std::string_view path, http_request& req) const {
    route_match result;
    if (!root_) return result;
    matcher mt;
    const node* n = nullptr;
    if (auto it = exact_.find(path); it != exact_.end()) {
        n = it->second;
    } else {
        for_each_segment(path, [&](std::string_view seg) { mt.segments.push_back(seg); });
        n = mt.walk(root_.get(), 0);
    }
    if (!n) return result;
    // HEAD is answered by the GET handler (the body is dropped when writing).
    const route* r = n->by_method[static_cast<std::size_t>(m)];
    if (!r && m == http_method::head) r = n->by_method[static_cast<std::size_t>(http_method::get)];
    if (!r) {
        result.path_known = true;
        for (std::size_t i = 0; i < n->by_method.size(); ++i) {
            if (!n->by_method[i]) continue;
            if (!result.allow.empty()) result.allow += ", ";
            result.allow += method_name(static_cast<http_method>(i));
            if (static_cast<http_method>(i) == http_method::get) result.allow += ", HEAD";
        }
        return result;
    }
    result.found = r;
    req.params.clear();
    for (auto& [name, value] : mt.captured) {
        std::string decoded;
        if (!percent_decode(value, decoded, false)) decoded.assign(value);
        req.params.emplace_back(name, std::move(decoded));
    }
    return result;
}

}  // namespace jh
