// Unit tests of the queue payloads in messages/: each message's JSON read back gives the message
// it was written from, and every mail template the server can name has its files.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "messages/mail.h"
#include "messages/media_jobs.h"
#include "messages/queue.h"
#include "messages/render.h"
#include "messages/webhook_event.h"
#include "reactor/source_dir.h"

namespace jh::messages {
namespace {

TEST(MessagesMail, RoundTripsEveryMember) {
    mail_message m;
    m.tpl = mail_template::job_alert_digest;
    m.to = "jana@example.de";
    m.to_name = "Jana Müller";
    m.data = {{"first_name", "Jana"}, {"jobs", "• Promoter – \"Sommer\" <Aktion>\n  https://x/jobs/a"}, {"count", "3"}};
    m.list_unsubscribe = "https://www.jobhafen.example/api/job_alerts/unsubscribe/abc";
    auto back = parse_mail_message(to_json(m));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->tpl, m.tpl);
    EXPECT_EQ(back->to, m.to);
    EXPECT_EQ(back->to_name, m.to_name);
    EXPECT_EQ(back->data, m.data);
    EXPECT_EQ(back->list_unsubscribe, m.list_unsubscribe);
    EXPECT_EQ(to_json(*back), to_json(m));
}

TEST(MessagesMail, PayloadHelperWritesTheSameJson) {
    mail_message m{mail_template::verify_email, "a@example.de", "", {{"first_name", "A"}, {"link", "https://x/y"}}, ""};
    EXPECT_EQ(mail_payload(mail_template::verify_email, "a@example.de", "", {{"first_name", "A"}, {"link", "https://x/y"}}),
              to_json(m));
    EXPECT_EQ(mail_payload(mail_template::verify_email, "a@example.de", "", m.data), to_json(m));
    EXPECT_EQ(to_json(m), R"({"template":"verify_email","to":"a@example.de","data":{"first_name":"A","link":"https://x/y"}})");
}

TEST(MessagesMail, ReadsNumbersAsTextAndRefusesWhatIsNoMail) {
    auto m = parse_mail_message(R"({"template":"job_alert_digest","to":"a@example.de","data":{"count":12,"share":0.5}})");
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(m->data, (mail_data{{"count", "12"}, {"share", "0.5"}}));
    EXPECT_FALSE(parse_mail_message("[]"));
    EXPECT_FALSE(parse_mail_message("{"));
    EXPECT_FALSE(parse_mail_message(R"({"to":"a@example.de"})"));
    EXPECT_FALSE(parse_mail_message(R"({"template":"no_such_mail","to":"a@example.de"})"));
    EXPECT_FALSE(parse_mail_message(R"({"template":"verify_email"})"));
    EXPECT_FALSE(parse_mail_message(R"({"template":"verify_email","to":"a@example.de","data":{"x":[1]}})"));
}

// Every template name maps back to itself and has both files; every file pair in the folder is a
// template the server can name (a template nobody can send is dead weight or a typo).
TEST(MessagesMail, EveryTemplateHasItsFilesAndEveryFileItsTemplate) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(source_path("workers/mail/templates"));
    std::set<std::string> named;
    for (mail_template t : all_mail_templates()) {
        std::string name(mail_template_name(t));
        ASSERT_FALSE(name.empty());
        EXPECT_EQ(mail_template_from_name(name), t) << name;
        EXPECT_TRUE(fs::is_regular_file(dir / (name + ".txt"))) << name;
        EXPECT_TRUE(fs::is_regular_file(dir / (name + ".html"))) << name;
        named.insert(name);
    }
    EXPECT_EQ(named.size(), all_mail_templates().size());
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        auto ext = entry.path().extension();
        if (ext != ".txt" && ext != ".html") continue;
        if (entry.path().filename() == "layout.html") continue;   // the frame every mail shares (template.h)
        ++files;
        EXPECT_TRUE(named.contains(entry.path().stem().string())) << entry.path();
    }
    EXPECT_EQ(files, 2 * named.size());
}

TEST(MessagesMediaRemoval, RoundTripsAndNeedsItsKeys) {
    media_removal m{{"0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"}};
    auto back = parse_media_removal(to_json(m));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->keys, m.keys);
    EXPECT_EQ(to_json(media_removal{}), R"({"keys":[]})");
    EXPECT_FALSE(parse_media_removal("{}"));
    EXPECT_FALSE(parse_media_removal(R"({"keys":"0123"})"));
    auto mixed = parse_media_removal(R"({"keys":["a",1,null,"b"]})");
    ASSERT_TRUE(mixed);
    EXPECT_EQ(mixed->keys, (std::vector<std::string>{"a", "b"}));
}

TEST(MessagesWebhookEvent, PutsTheIdFirstAndRoundTrips) {
    webhook_event e{42, R"({"event":"page_view","url":"https://x/jobs?a=1","cookies":{"c":"v"}})"};
    std::string json = to_json(e);
    EXPECT_EQ(json, R"({"eventId":42,"event":"page_view","url":"https://x/jobs?a=1","cookies":{"c":"v"}})");
    auto back = parse_webhook_event(json);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->event_id, 42);
    EXPECT_EQ(back->event_json, e.event_json);
    EXPECT_EQ(to_json(webhook_event{7, "{}"}), R"({"eventId":7})");
    EXPECT_FALSE(parse_webhook_event(R"({"event":"page_view"})"));
    EXPECT_FALSE(parse_webhook_event(R"({"eventId":0})"));
    EXPECT_FALSE(parse_webhook_event(R"({"eventId":"42"})"));
    EXPECT_FALSE(parse_webhook_event("[1]"));
}

TEST(MessagesRender, InvoiceModelRoundTrips) {
    invoice_document d;
    d.number = "RE-2026-0007";
    d.date = "21.11.2026";
    d.recipient = "Jana Müller\nHafenstraße 1\n20095 Hamburg";
    d.currency = "EUR";
    d.lines = {{"Top-Job (30 Tage)", 2, 4990}, {"Gutschrift", 1, -1000}};
    auto back = parse_invoice_model(invoice_model_json(d));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->number, d.number);
    EXPECT_EQ(back->date, d.date);
    EXPECT_EQ(back->recipient, d.recipient);
    EXPECT_EQ(back->issuer, d.issuer);
    EXPECT_EQ(back->currency, d.currency);
    ASSERT_EQ(back->lines.size(), 2u);
    EXPECT_EQ(back->lines[1].text, "Gutschrift");
    EXPECT_EQ(back->lines[1].quantity, 1);
    EXPECT_EQ(back->lines[1].unit_cents, -1000);
    EXPECT_EQ(invoice_model_json(*back), invoice_model_json(d));
    EXPECT_FALSE(parse_invoice_model("[]"));
    EXPECT_FALSE(parse_invoice_model(R"({"date":"1.1.2026"})"));
}

TEST(MessagesQueue, KindsAreDistinct) {
    std::set<std::string_view> kinds{queue::mail, queue::media, queue::webhooks, queue::noop};
    EXPECT_EQ(kinds.size(), 4u);
    EXPECT_NE(render_kind::sedcard, render_kind::invoice);
}

// A title inside a template's „…“ (the job alert mails): its own quotes become the inner ones
// (issue 41: „Jobs für „Barista““ in the digest's subject).
TEST(MessagesMail, QuotesInsideAQuotedTitleBecomeTheInnerOnes) {
    EXPECT_EQ(with_inner_quotes("Jobs für „Barista“ in Köln"), "Jobs für ‚Barista‘ in Köln");
    EXPECT_EQ(with_inner_quotes("„a” b"), "‚a‘ b");
    EXPECT_EQ(with_inner_quotes("Messejobs"), "Messejobs");
    EXPECT_EQ(with_inner_quotes(""), "");
}

}  // namespace
}  // namespace jh::messages
