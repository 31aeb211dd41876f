// paged_collection.h: one page of a search's results as the hydra collection the job list and the
// organization list answer with (docs/search.md): the members, how many matched in all, whether
// that count stopped at its cap, and which page of what size this is. Both lists say it the same
// way, so a client pages through either with the same code.
#pragma once

#include <string_view>

#include "reactor/json_writer.h"

namespace jh {

// {"@id": iri, "@type": "hydra:Collection", "hydra:member": [write_one(item)…],
//  "hydra:totalItems": N, "totalItemsCapped": bool, "page": P, "itemsPerPage": I}
// of a page with the members items, total, capped, page and items_per_page (jobs::job_page,
// organizations::organization_page).
template <typename Page, typename WriteOne>
void write_paged_collection(json_writer& w, std::string_view iri, const Page& p, WriteOne write_one) {
    w.begin_object().member("@id", iri).member("@type", "hydra:Collection").key("hydra:member").begin_array();
    for (const auto& item : p.items) write_one(w, item);
    w.end_array()
        .member("hydra:totalItems", p.total)
        .member("totalItemsCapped", p.capped)
        .member("page", p.page)
        .member("itemsPerPage", p.items_per_page)
        .end_object();
}

}  // namespace jh
