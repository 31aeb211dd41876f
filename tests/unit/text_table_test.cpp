// The fixed word and character tables (reactor/text_table.h) and what is built on them: the media
// type a static file is served with (reactor/static_files.h) and HTML escaping (reactor/html.h).
#include <gtest/gtest.h>

#include <string>

#include "reactor/html.h"
#include "reactor/static_files.h"
#include "reactor/text_table.h"

namespace jh {
namespace {

constexpr text_pair colours[] = {
    {"red", "rot"},
    {"blue", "blau"},
    {"red", "not the first row"},
};

TEST(TextTable, FindsTheFirstRowOfAKey) {
    EXPECT_EQ(find_value(colours, "red"), "rot");
    EXPECT_EQ(find_value(colours, "blue"), "blau");
    EXPECT_EQ(find_value(colours, "green"), std::nullopt);
    EXPECT_EQ(value_or(colours, "green", "?"), "?");
    EXPECT_EQ(value_or(colours, "", "?"), "?");
}

TEST(TextTable, EscapesOnlyTheCharactersOfItsRows) {
    constexpr char_escape escapes[] = {{'a', "<A>"}, {'\n', "\\n"}};
    std::string out = "x";
    append_escaped(out, "banana\nä", escapes);
    EXPECT_EQ(out, "xb<A>n<A>n<A>\\nä");
}

TEST(StaticFiles, ContentTypeFollowsTheFileEnding) {
    // A path and the media type it is served with.
    constexpr text_pair served_as[] = {
        {"index.html", "text/html; charset=utf-8"},
        {"assets/app.mjs", "text/javascript; charset=utf-8"},
        {"assets/app.js.map", "application/json"},
        {"img/logo.jpeg", "image/jpeg"},
        {"fonts/a.woff2", "font/woff2"},
        {"robots.txt", "text/plain; charset=utf-8"},
        {"archive.tar.gz", "application/octet-stream"},
        {"LICENSE", "application/octet-stream"},
    };
    for (const auto& [path, type] : served_as) EXPECT_EQ(content_type_for(path), type) << path;
}

TEST(Html, EscapesTheFiveCharactersAndKeepsUtf8) {
    EXPECT_EQ(html_escape(R"(<a href="x?a=1&b='2'">Größe</a>)"),
              "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;Größe&lt;/a&gt;");
    EXPECT_EQ(html_escape(""), "");
}

}  // namespace
}  // namespace jh
