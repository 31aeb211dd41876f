// page_head.h: the <head> of a public page, supplied by a domain for the path that is asked for.
//
// Search engines and link previews read the HTML the server sends, before any script runs. So an
// app route (a path that is not a file of web/dist) is answered with index.html whose <title> is
// replaced by what a provider returns for that path: title, description, canonical link, Open
// Graph tags, JSON-LD. The provider is one function, set once at start (actors/content does); it
// may answer a status other than 200 (410 for an inactive job). Without a provider, or when it
// returns nothing, index.html is served unchanged, as fast as any static file.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "reactor/http_message.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

struct page_head {
    int status = 200;
    std::string html;   // tags for <head>, the <title> first
    // The page's main content drawn by the domain (plain HTML, escaped), put inside the empty root
    // element of index.html when the page has no prerendered HTML and the address no query string
    // (the drawing is of the page without filters or parameters). Empty: the app draws everything.
    std::string main_html;
};

// The same head object for as long as it is fresh (the provider keeps it): the pipeline keeps the
// finished page's bytes beside it and makes them again only for another object. Null: no head.
using page_head_provider = task<std::shared_ptr<const page_head>> (*)(loop_context&, const http_request&);

// Called once before the loops start.
void set_page_head_provider(page_head_provider p) noexcept;
page_head_provider current_page_head_provider() noexcept;

// index.html with its <title>…</title> replaced by `head` (inserted before </head> when the file
// has no title), and its own description, canonical link and og: tags left out.
std::string render_with_head(std::string_view index_html, std::string_view head);

// `page` with `main_html` inside its empty <div id="root"></div> (unchanged when it has none).
std::string with_main_content(std::string page, std::string_view main_html);

// The cookie banner drawn at build time (web/scripts/prerender.mjs). A page asked for without the
// consent cookie (a first visit) carries it before </body>, so the banner, often the largest thing
// on a phone's first screen, shows without waiting for the script; the app removes this copy when
// its own banner shows. A stale or outdated cookie is the app's to notice (it shows its banner then).
inline constexpr std::string_view consent_banner_file = "/prerendered/_consent-banner.html";
// The same banner for the providers' pages (/recruiting and below), which address them with "Sie".
inline constexpr std::string_view consent_banner_organization_file = "/prerendered/_consent-banner-organization.html";
inline constexpr std::string_view consent_cookie = "cookie_consent";
// `page` with `html` right before its </body> (unchanged when it has none).
std::string with_before_body_end(std::string page, std::string_view html);

}  // namespace jh
