// page_head.cpp: see page_head.h.
#include "reactor/page_head.h"

#include <algorithm>

namespace jh {

namespace {
page_head_provider provider = nullptr;
}

void set_page_head_provider(page_head_provider p) noexcept { provider = p; }
page_head_provider current_page_head_provider() noexcept { return provider; }

namespace {

// True for the tags a page head replaces: its description, canonical link and Open Graph tags.
bool replaced_tag(std::string_view tag) {
    return tag.find("name=\"description\"") != std::string_view::npos || tag.find("property=\"og:") != std::string_view::npos ||
           tag.find("rel=\"canonical\"") != std::string_view::npos;
}

// index.html without the <meta>/<link> tags in its <head> that the page head brings itself, so
// nothing appears twice.
std::string without_replaced_tags(std::string_view html) {
    std::string out;
    out.reserve(html.size());
    auto head_end = html.find("</head>");
    if (head_end == std::string_view::npos) head_end = html.size();
    std::size_t pos = 0;
    while (pos < head_end) {
        auto meta = html.find("<meta", pos), link = html.find("<link", pos);
        auto start = std::min(meta, link);
        if (start == std::string_view::npos || start >= head_end) break;
        auto end = html.find('>', start);
        if (end == std::string_view::npos) break;
        out.append(html.substr(pos, start - pos));
        std::string_view tag = html.substr(start, end + 1 - start);
        if (!replaced_tag(tag)) out.append(tag);
        pos = end + 1;
    }
    out.append(html.substr(pos));
    return out;
}

}  // namespace

std::string render_with_head(std::string_view original, std::string_view head) {
    std::string cleaned = without_replaced_tags(original);
    std::string_view index_html = cleaned;
    std::string out;
    out.reserve(index_html.size() + head.size());
    auto open = index_html.find("<title>");
    auto close = open == std::string_view::npos ? open : index_html.find("</title>", open);
    if (open != std::string_view::npos && close != std::string_view::npos) {
        out.append(index_html.substr(0, open));
        out.append(head);
        out.append(index_html.substr(close + 8));
        return out;
    }
    auto end = index_html.find("</head>");
    if (end == std::string_view::npos) end = 0;
    out.append(index_html.substr(0, end));
    out.append(head);
    out.append(index_html.substr(end));
    return out;
}

std::string with_main_content(std::string page, std::string_view main_html) {
    constexpr std::string_view empty_root = "<div id=\"root\"></div>";
    auto at = page.find(empty_root);
    if (main_html.empty() || at == std::string::npos) return page;
    page.insert(at + empty_root.size() - 6, main_html);   // before "</div>"
    return page;
}

std::string with_before_body_end(std::string page, std::string_view html) {
    auto at = page.rfind("</body>");
    if (html.empty() || at == std::string::npos) return page;
    page.insert(at, html);
    return page;
}

}  // namespace jh
