// html.cpp: see html.h.
#include "reactor/html.h"

#include "reactor/text_table.h"

namespace jh {

namespace {

constexpr char_escape html_entities[] = {
    {'&', "&amp;"},
    {'<', "&lt;"},
    {'>', "&gt;"},
    {'"', "&quot;"},
    {'\'', "&#39;"},
};

}  // namespace

std::string html_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    append_escaped(out, s, html_entities);
    return out;
}

}  // namespace jh
