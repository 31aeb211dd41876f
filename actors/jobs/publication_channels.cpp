// publication_channels.cpp: see publication_channels.h.
#include "actors/jobs/publication_channels.h"

#include <algorithm>

#include "reactor/json_writer.h"
#include "reactor/try.h"

namespace jh::jobs::channels {

namespace {

constexpr const char* offered_channels_sql =
    "SELECT slug, name, description, price_cents FROM publication_channels WHERE active ORDER BY sort_order, slug";

bool channel_in(const std::vector<std::string>& list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

}  // namespace

task<result<std::string>> offered_json(pg::pool& db) {
    CO_TRY(auto r, co_await db.query(offered_channels_sql));
    std::string out;
    json_writer w(out);
    w.begin_object().member("@id", "/api/publication_channels").member("@type", "hydra:Collection").key("hydra:member").begin_array();
    for (int i = 0; i < r.rows(); ++i) {
        std::string_view slug = r.text(i, 0);
        std::int64_t price = r.int64(i, 3);
        w.begin_object()
            .member("slug", std::string(slug))
            .member("name", std::string(r.text(i, 1)))
            .member("description", std::string(r.text(i, 2)))
            .member("priceCents", price)
            .member("currency", "EUR")
            .member("free", price == 0)
            .member("alwaysOn", slug == always)
            .end_object();
    }
    w.end_array().member("hydra:totalItems", static_cast<std::int64_t>(r.rows())).end_object();
    co_return out;
}

task<result<std::vector<std::string>>> offered_slugs(pg::pool& db) {
    CO_TRY(auto r, co_await db.query(offered_channels_sql));
    std::vector<std::string> out;
    for (int i = 0; i < r.rows(); ++i) out.emplace_back(r.text(i, 0));
    co_return out;
}

void read(simdjson::dom::element e, patch::reader& rd, const std::vector<std::string>& offered) {
    // The list's own bounds (a list, at most max_chosen texts of at most max_slug_chars) in a
    // scratch document: only the slugs matter here.
    std::string scratch;
    json_writer sw(scratch);
    sw.begin_object();
    patch::reader list_reader(rd.violations(), sw);
    auto given = list_reader.strings(e, "channels", "v", max_chosen, max_slug_chars);
    sw.end_object();
    if (!given) return;
    bool ok = true;
    for (std::size_t i = 0; i < given->size(); ++i)
        if (!channel_in(offered, (*given)[i])) {
            rd.fail("channels[" + std::to_string(i) + "]", msg_unknown);
            ok = false;
        }
    if (!ok) return;
    // In the offered order, each once: the stored list does not depend on how the body ordered it.
    rd.out().key("channels").begin_array();
    for (const auto& slug : offered)
        if (slug == always || channel_in(*given, slug)) rd.out().value(slug);
    rd.out().end_array();
}

}  // namespace jh::jobs::channels
