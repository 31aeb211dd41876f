// The Indeed feed's pure pieces (actors/jobs/indeed_feed.h, reactor/body_stream.h): CDATA that
// survives "]]>" and drops what XML forbids, the job types, the conditional request rules, and
// the chunk framing, and the protocols' time texts (reactor/time_text.h).
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "actors/jobs/indeed_feed.h"
#include "reactor/time_text.h"
#include "reactor/body_stream.h"

namespace jh::jobs::indeed {
namespace {

std::string cdata(std::string_view s) {
    std::string out;
    append_cdata(out, s);
    return out;
}

TEST(IndeedFeedCdata, KeepsMarkupCharactersLiterallyAndSplitsTheSectionEnd) {
    EXPECT_EQ(cdata("a < b & c"), "<![CDATA[a < b & c]]>");
    EXPECT_EQ(cdata("x]]>y"), "<![CDATA[x]]]]><![CDATA[>y]]>");
    EXPECT_EQ(cdata("]]>]]>"), "<![CDATA[]]]]><![CDATA[>]]]]><![CDATA[>]]>");
    EXPECT_EQ(cdata("]]"), "<![CDATA[]]]]>");
    EXPECT_EQ(cdata(""), "<![CDATA[]]>");
}

TEST(IndeedFeedCdata, DropsWhatXmlDoesNotAllowAndKeepsUtf8) {
    EXPECT_EQ(cdata("Zeile\x01\x08 eins\tzwei\r\ndrei"), "<![CDATA[Zeile eins\tzwei\r\ndrei]]>");
    EXPECT_EQ(cdata("Grüße 😀"), "<![CDATA[Grüße 😀]]>");
    EXPECT_EQ(cdata("kaputt\xff\xc3"), "<![CDATA[kaputt]]>");                 // invalid UTF-8
    EXPECT_EQ(cdata("\xef\xbf\xbe" "x"), "<![CDATA[x]]>");                    // U+FFFE
    EXPECT_EQ(cdata("\xed\xa0\x80" "x"), "<![CDATA[x]]>");                    // a surrogate
    EXPECT_EQ(cdata("\xc0\xbc" "x"), "<![CDATA[x]]>");                        // overlong "<"
}

// A forbidden character between "]]" and ">" must not join them into the section's end once it is
// dropped (review 22, code finding 1: a provider could close the CDATA and write its own <job>).
TEST(IndeedFeedCdata, ADroppedCharacterCannotJoinTheSectionEnd) {
    EXPECT_EQ(cdata("]]\x01></description><job>"), "<![CDATA[]]]]><![CDATA[></description><job>]]>");
    EXPECT_EQ(cdata("]\x01]>"), "<![CDATA[]]]]><![CDATA[>]]>");
    EXPECT_EQ(cdata("]\xff]\x0b>"), "<![CDATA[]]]]><![CDATA[>]]>");
    for (std::string_view s : {"]]\x01>", "]\x01]>", "\x01]]>", "]]>\x02", "]\x1f]\x1f>"}) {
        const std::string out = cdata(s);
        const std::string split = "]]]]><![CDATA[>";
        auto count = [&](const std::string& what) {
            int n = 0;
            for (auto at = out.find(what); at != std::string::npos; at = out.find(what, at + 1)) ++n;
            return n;
        };
        // Each section ends only at a split or at the very end: one "]]>" per split, plus the last.
        EXPECT_EQ(count("]]>"), count(split) + 1) << out;
        EXPECT_EQ(out, "<![CDATA[" + split + "]]>") << out;   // the text is "]]>" once the bytes are gone
    }
}

// At most max_running_feeds feeds are built at once; a slot comes back when its stream ends.
TEST(IndeedFeedSlots, AThirdFeedAtOnceGetsNoSlotUntilOneEnds) {
    std::vector<std::shared_ptr<feed_slot>> held;
    for (int i = 0; i < max_running_feeds; ++i) {
        held.push_back(take_feed_slot("192.0.2." + std::to_string(i + 1)));
        ASSERT_NE(held.back(), nullptr);
    }
    EXPECT_EQ(take_feed_slot("192.0.2.100"), nullptr);
    EXPECT_EQ(take_feed_slot("192.0.2.101"), nullptr);
    held.pop_back();
    auto again = take_feed_slot("192.0.2.100");
    EXPECT_NE(again, nullptr);
    EXPECT_EQ(take_feed_slot("192.0.2.101"), nullptr);
}

// One client holds one slot at most: two slow readers from one address kept the feed from
// everyone else (review 24, finding 1); another client still gets the second slot.
TEST(IndeedFeedSlots, OneClientHoldsOneSlotAtMost) {
    auto first = take_feed_slot("198.51.100.7");
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(take_feed_slot("198.51.100.7"), nullptr);
    auto other = take_feed_slot("198.51.100.8");
    EXPECT_NE(other, nullptr);
    first.reset();
    auto third = take_feed_slot("198.51.100.9");
    EXPECT_NE(third, nullptr);
    EXPECT_EQ(take_feed_slot("198.51.100.7"), nullptr);   // both slots are the others'
    third.reset();
    other.reset();
    EXPECT_NE(take_feed_slot("198.51.100.7"), nullptr);
}

TEST(IndeedFeedJobTypes, MapOursToIndeedsInIndeedsOrder) {
    EXPECT_EQ(job_types({"student", "full_time", "part_time_mini"}), "fulltime, parttime");
    EXPECT_EQ(job_types({"contractor"}), "contract");
    EXPECT_EQ(job_types({"training", "temporary"}), "internship, temporary");
    EXPECT_EQ(job_types({}), "");
    EXPECT_EQ(job_type("unknown"), "");
}

TEST(IndeedFeedConditional, IfNoneMatchDecidesElseIfModifiedSince) {
    feed_version v{.etag = "W/\"3-abc\"", .last_modified = "Mon, 30 Nov 2026 02:00:00 GMT", .last_modified_s = 1796004000};
    EXPECT_TRUE(not_modified("W/\"3-abc\"", std::nullopt, v));
    EXPECT_TRUE(not_modified("\"3-abc\"", std::nullopt, v));   // weak comparison
    EXPECT_TRUE(not_modified("\"x\", W/\"3-abc\"", std::nullopt, v));
    EXPECT_TRUE(not_modified("*", std::nullopt, v));
    EXPECT_FALSE(not_modified("W/\"3-abd\"", "Mon, 30 Nov 2026 02:00:00 GMT", v));   // If-None-Match alone decides
    EXPECT_TRUE(not_modified(std::nullopt, "Mon, 30 Nov 2026 02:00:00 GMT", v));
    EXPECT_TRUE(not_modified(std::nullopt, "Mon, 30 Nov 2026 03:00:00 GMT", v));
    EXPECT_FALSE(not_modified(std::nullopt, "Mon, 30 Nov 2026 01:59:59 GMT", v));
    EXPECT_FALSE(not_modified(std::nullopt, "gestern", v));
    EXPECT_FALSE(not_modified(std::nullopt, "Thu, 31 Dec 2099 23:59:59 GMT", v));   // after the server's clock: invalid
    EXPECT_FALSE(not_modified(std::nullopt, std::nullopt, v));
    v.last_modified_s = -1;   // no Last-Modified sent: If-Modified-Since confirms nothing
    EXPECT_FALSE(not_modified(std::nullopt, "Mon, 30 Nov 2026 03:00:00 GMT", v));
}

TEST(IndeedFeedJob, WritesIndeedsElementsInOrderAndLeavesOutWhatTheJobLacks) {
    feed_job j{.id = 7, .title = "Promoter", .slug = "promoter-7", .published_at = "2026-11-20T08:15:00Z", .company = "Hafen",
               .city = "Hamburg", .state = "Hamburg", .country = "DE", .postal_code = "20095", .description = "Text"};
    std::string out;
    append_job(out, j, "https://jobhafen.de");
    EXPECT_EQ(out,
              "<job>\n<title><![CDATA[Promoter]]></title>\n<date><![CDATA[2026-11-20T08:15:00Z]]></date>\n"
              "<referencenumber><![CDATA[7]]></referencenumber>\n<url><![CDATA[https://jobhafen.de/jobs/promoter-7]]></url>\n"
              "<company><![CDATA[Hafen]]></company>\n<city><![CDATA[Hamburg]]></city>\n<state><![CDATA[Hamburg]]></state>\n"
              "<country><![CDATA[DE]]></country>\n<postalcode><![CDATA[20095]]></postalcode>\n"
              "<description><![CDATA[Text]]></description>\n</job>\n");
}

// Review 22: the time texts of the protocols, in one place (reactor/time_text.h).
TEST(TimeText, HttpDateAndIsoUtc) {
    EXPECT_EQ(http_date(1795946400), "Sun, 29 Nov 2026 10:00:00 GMT");
    EXPECT_EQ(iso_utc(1795946400), "2026-11-29T10:00:00Z");
}

TEST(BodyStreamChunk, FramesAPieceAsHttp11Chunk) {
    std::string out;
    append_chunk(out, std::string(26, 'x'));
    EXPECT_EQ(out, "1a\r\n" + std::string(26, 'x') + "\r\n");
}

}  // namespace
}  // namespace jh::jobs::indeed
