// route.cpp: the request readers and answer writers shared by every domain's routes (route.h).
#include "actors/route.h"

#include <charconv>

#include "reactor/auth.h"
#include "reactor/loop_context.h"

namespace jh {

std::optional<std::int64_t> parse_positive_id(std::string_view s) noexcept {
    std::int64_t v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size() || v <= 0) return std::nullopt;
    return v;
}

result<std::int64_t> path_id(const request_context& ctx, std::string_view name) {
    return path_id(ctx, name, "Die Seite wurde nicht gefunden.");
}

result<std::int64_t> path_id(const request_context& ctx, std::string_view name, std::string_view not_found) {
    if (auto id = parse_positive_id(ctx.req.param(name))) return *id;
    return fail(error_kind::not_found, std::string(not_found));
}

std::optional<std::int64_t> id_or_iri(simdjson::dom::element e) noexcept {
    std::int64_t n = 0;
    if (e.get(n) == simdjson::SUCCESS) return n > 0 ? std::optional<std::int64_t>(n) : std::nullopt;
    std::string_view s;
    if (e.get(s) != simdjson::SUCCESS) return std::nullopt;
    auto slash = s.rfind('/');
    return parse_positive_id(slash == std::string_view::npos ? s : s.substr(slash + 1));
}

result<paging> read_paging(const request_context& ctx, int default_per_page, int max_per_page) {
    paging p;
    p.per_page = default_per_page;
    if (auto v = ctx.req.query_param("page"); v && !v->empty()) {
        auto n = parse_positive_id(*v);
        if (!n || *n > 100000) return fail(error_kind::bad_request, "page muss eine positive Zahl sein.");
        p.page = static_cast<int>(*n);
    }
    if (auto v = ctx.req.query_param("itemsPerPage"); v && !v->empty()) {
        auto n = parse_positive_id(*v);
        if (!n || *n > max_per_page)
            return fail(error_kind::bad_request, "itemsPerPage muss zwischen 1 und " + std::to_string(max_per_page) + " liegen.");
        p.per_page = static_cast<int>(*n);
    }
    return p;
}

result<bool> query_switch(const request_context& ctx, std::string_view name) {
    auto v = ctx.req.query_param(name);
    if (!v || *v == "0") return false;
    if (*v == "1") return true;
    return fail(error_kind::bad_request, std::string(name) + " muss 1 oder 0 sein.");
}

std::optional<std::int64_t> signed_in_account(const request_context& ctx) {
    auto t = auth::find_access_token(ctx.req);
    if (!t) return std::nullopt;
    auto claims = auth::verify_access_token(t->token, auth::process_signing_key(ctx.loop.cfg), auth::unix_now());
    if (!claims) return std::nullopt;
    return claims->account_id;
}

http_response message_response(int status, std::string_view text) {
    http_response res;
    res.status = status;
    json_writer(res.body).begin_object().member("message", text).end_object();
    return res;
}

http_response json_text_response(int status, std::string body) {
    http_response res;
    res.status = status;
    res.body = std::move(body);
    return res;
}

http_response json_array_collection(std::string_view type, std::string_view items, std::int64_t total, int page, int per_page) {
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("@type", "hydra:Collection").key("hydra:member").raw(items).member("hydra:totalItems", total);
    if (page > 0) w.member("page", page).member("itemsPerPage", per_page);
    std::string context = "/api/contexts/";
    context += type;
    w.member("@context", context).end_object();
    return res;
}

json_writer& begin_resource(json_writer& w, std::string_view iri_prefix, std::string_view type, std::int64_t id) {
    std::string iri(iri_prefix);
    iri += std::to_string(id);
    return w.begin_object().member("@id", iri).member("@type", type).member("id", id);
}

}  // namespace jh
