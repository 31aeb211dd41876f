// page_head.cpp: see page_head.h.
#include "reactor/page_head.h"

namespace jh {

namespace {
page_head_provider provider = nullptr;
}

void set_page_head_provider(page_head_provider p) noexcept { provider = p; }
page_head_provider current_page_head_provider() noexcept { return provider; }

std::string render_with_head(std::string_view index_html, std::string_view head) {
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

}  // namespace jh
