// xhr_cache_key.h: the part of an xhr-cache key that comes from the query string.
//
// Only the parameters the cached resource reads make up the key (and the request the cache
// forwards on a miss): page, pageSize, sort, slug, scope, category, tag and active for content
// lists and counts; city and activity for a page by slug; visitorId and toggle<Name> of a known
// toggle for features; nothing for anything else. Each name counts once (its first value), in a
// fixed order, so random extra parameters or a shuffled order cannot make new cache entries.
#pragma once

#include <string>
#include <string_view>

namespace jh::content {

// The canonical query ("page=2&pageSize=10") for `path` (the cached path without "/api/", e.g.
// "content/articles").
std::string xhr_cache_query(std::string_view path, std::string_view raw_query);

}  // namespace jh::content
