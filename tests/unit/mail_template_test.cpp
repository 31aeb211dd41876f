// Unit tests of the mail templates: the {{placeholder}} renderer, HTML escaping, and that every
// template in workers/mail/templates/ loads and renders with the placeholders its README lists.
#include <gtest/gtest.h>

#include <filesystem>

#include "workers/mail/template.h"
#include "reactor/source_dir.h"

namespace jh::workers {
namespace {

TEST(MailTemplate, PlaceholdersAreReplaced) {
    template_values v{{"name", "Jana"}, {"city", "München"}};
    EXPECT_EQ(render_placeholders("Hallo {{name}} aus {{ city }}!", v, escape_mode::none).value(), "Hallo Jana aus München!");
}

TEST(MailTemplate, HtmlPartEscapesValuesButTextPartDoesNot) {
    template_values v{{"name", "<b>Ärger & \"Co\"</b>"}};
    EXPECT_EQ(render_placeholders("<p>{{name}}</p>", v, escape_mode::html).value(), "<p>&lt;b&gt;Ärger &amp; &quot;Co&quot;&lt;/b&gt;</p>");
    EXPECT_EQ(render_placeholders("{{name}}", v, escape_mode::none).value(), "<b>Ärger & \"Co\"</b>");
}

TEST(MailTemplate, AMissingValueIsAnErrorNamingThePlaceholder) {
    auto r = render_placeholders("Hallo {{first_name}}", {}, escape_mode::none);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("{{first_name}}"), std::string::npos);
}

TEST(MailTemplate, BracesThatAreNoPlaceholderStay) {
    EXPECT_EQ(render_placeholders("a {{ }} b {{x-y}} c {{", {}, escape_mode::none).value(), "a {{ }} b {{x-y}} c {{");
}

TEST(MailTemplate, AValueIsNeverRenderedAgain) {
    template_values v{{"a", "{{b}}"}, {"b", "nein"}};
    EXPECT_EQ(render_placeholders("{{a}}", v, escape_mode::none).value(), "{{b}}");
}

TEST(MailTemplate, TheTxtFileStartsWithTheSubject) {
    auto t = parse_template("Subject: Grüße, {{name}}\n\nHallo {{name}},\n", "<p>{{name}}</p>");
    ASSERT_TRUE(t) << t.error();
    EXPECT_EQ(t->subject, "Grüße, {{name}}");
    EXPECT_EQ(t->text, "Hallo {{name}},\n");
    EXPECT_FALSE(parse_template("Hallo\n\nText", ""));
}

TEST(MailTemplate, LineBreaksInValuesNeverReachTheSubject) {
    auto t = parse_template("Subject: Hallo {{name}}\n\nx", "x");
    ASSERT_TRUE(t);
    auto m = render_mail(*t, {{"name", "Jana\r\nBcc: x@y.de"}});
    ASSERT_TRUE(m);
    EXPECT_EQ(m->subject.find_first_of("\r\n"), std::string::npos);
}

TEST(MailTemplate, TemplateNamesCannotBePaths) {
    EXPECT_FALSE(load_template(source_path("workers/mail/templates"), "../templates/verify_email"));
    EXPECT_FALSE(load_template(source_path("workers/mail/templates"), "does_not_exist"));
}

TEST(MailTemplate, EveryShippedTemplateRendersInGerman) {
    for (const char* name : {"verify_email", "password_reset", "set_password", "change_email"}) {
        auto t = load_template(source_path("workers/mail/templates"), name);
        ASSERT_TRUE(t) << name << ": " << t.error();
        auto m = render_mail(*t, {{"first_name", "Jana"}, {"link", "https://jobhafen.local/x?a=1&b=2"}, {"new_email", "jana@example.de"}});
        ASSERT_TRUE(m) << name << ": " << m.error();
        EXPECT_NE(m->text.find("Hallo Jana,"), std::string::npos) << name;
        EXPECT_NE(m->text.find("Dein Jobhafen-Team"), std::string::npos) << name;
        EXPECT_NE(m->html.find("lang=\"de\""), std::string::npos) << name;
        EXPECT_NE(m->html.find("https://jobhafen.local/x?a=1&amp;b=2"), std::string::npos) << name;
    }
}

// The job alert's digest: each job's title is the link to its page in the HTML part (issue 41,
// German list: "job titles in the digest mail are not links"); the text part keeps the address line.
TEST(MailTemplate, TheDigestLinksEachJobTitleToItsPage) {
    auto t = load_template(source_path("workers/mail/templates"), "job_alert_digest");
    ASSERT_TRUE(t) << t.error();
    const std::string jobs = "• Promoter <m/w/d> – Muster & Co, Berlin\n  https://jobhafen.local/jobs/promoter-berlin\n"
                             "• Barista – Café Hafen\n  https://jobhafen.local/jobs/barista\n";
    auto m = render_mail(*t, {{"first_name", "Jana"}, {"title", "Promotion"}, {"count", "2"}, {"jobs", jobs},
                              {"search_link", "https://jobhafen.local/jobs/suche?was=Promotion"},
                              {"unsubscribe_link", "https://jobhafen.local/x"}});
    ASSERT_TRUE(m) << m.error();
    EXPECT_NE(m->html.find("• <a href=\"https://jobhafen.local/jobs/promoter-berlin\" style=\"color:#0D223F;\">"
                           "Promoter &lt;m/w/d&gt; – Muster &amp; Co, Berlin</a>"),
              std::string::npos) << m->html;
    EXPECT_NE(m->html.find("<a href=\"https://jobhafen.local/jobs/barista\" style=\"color:#0D223F;\">Barista – Café Hafen</a>"),
              std::string::npos) << m->html;
    EXPECT_NE(m->text.find(jobs), std::string::npos) << m->text;
}

TEST(MailTemplate, LinkedLinesKeepTextWithoutAnAddressAndRefuseOddAddresses) {
    template_values v{{"l", "nur Text\n  https://a.example/x\"onclick=\n• Titel\n  javascript:alert(1)\n"}};
    EXPECT_EQ(render_placeholders("{{l.as_links}}", v, escape_mode::html).value(),
              "nur Text\n  https://a.example/x&quot;onclick=\n• Titel\n  javascript:alert(1)\n");
    EXPECT_EQ(render_placeholders("{{l.as_links}}", v, escape_mode::none).value(), v["l"]);
}

// Every mail's HTML is the shared frame around its own content: a whole German document with the
// mail's title in the head and its content inside the card, nothing of the frame's markers left.
TEST(MailTemplate, EveryHtmlPartIsTheSharedFrameAroundItsContent) {
    const std::string dir = source_path("workers/mail/templates");
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::string name = entry.path().stem().string();
        if (entry.path().extension() != ".txt") continue;
        auto t = load_template(dir, name);
        ASSERT_TRUE(t) << name << ": " << t.error();
        EXPECT_TRUE(t->html.starts_with("<!DOCTYPE html>\n<html lang=\"de\">\n<head><meta charset=\"utf-8\"><title>")) << name;
        EXPECT_TRUE(t->html.ends_with("</div>\n</body>\n</html>\n")) << name;
        EXPECT_EQ(t->html.find("<!--"), std::string::npos) << name;
        EXPECT_NE(t->html.find("Jobhafen"), std::string::npos) << name;
        ++checked;
    }
    EXPECT_GE(checked, 30);
}

TEST(MailTemplate, AFragmentWithoutItsTitleLineIsRefused) {
    EXPECT_FALSE(compose_html("<head><!--title--></head>\n<!--body-->\n</html>\n", "<p>Hallo</p>\n"));
    EXPECT_FALSE(compose_html("<head></head>\n</html>\n", "<title>x</title>\n<p>Hallo</p>\n"));
    auto html = compose_html("<head><!--title--></head>\n<!--body-->\n</html>\n", "<title>Hallo</title>\n<p>Hi</p>\n");
    ASSERT_TRUE(html) << html.error();
    EXPECT_EQ(*html, "<head><title>Hallo</title></head>\n<p>Hi</p>\n</html>\n");
}

}  // namespace
}  // namespace jh::workers
