// Unit tests of the mail worker's pure parts: RFC 2047 subjects, quoted-printable bodies,
// Message-IDs from idempotency keys, .eml names, and how SMTP and webhook answers are classified.
#include <curl/curl.h>
#include <gtest/gtest.h>
#include <sodium.h>

#include "workers/mail/delivery.h"
#include "workers/mail/message.h"
#include "workers/webhooks/webhook_handler.h"

namespace jh::workers {
namespace {

// Decodes a header made of RFC 2047 "B" words (what a mail client does), independently of the
// encoder: split on whitespace, base64-decode each =?UTF-8?B?...?= word, join.
std::string decode_rfc2047(const std::string& header) {
    std::string out;
    std::size_t pos = 0;
    while ((pos = header.find("=?UTF-8?B?", pos)) != std::string::npos) {
        std::size_t start = pos + 10;
        std::size_t end = header.find("?=", start);
        std::string b64 = header.substr(start, end - start);
        std::string bin(b64.size(), '\0');
        std::size_t len = 0;
        EXPECT_EQ(sodium_base642bin(reinterpret_cast<unsigned char*>(bin.data()), bin.size(), b64.data(), b64.size(), nullptr, &len,
                                    nullptr, sodium_base64_VARIANT_ORIGINAL),
                  0);
        out += bin.substr(0, len);
        pos = end + 2;
    }
    return out;
}

std::string decode_qp(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '=' && i + 2 < s.size() && s[i + 1] == '\r' && s[i + 2] == '\n') {
            i += 2;
        } else if (s[i] == '=' && i + 2 < s.size()) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

class MailMessage : public ::testing::Test {
protected:
    static void SetUpTestSuite() { ASSERT_GE(sodium_init(), 0); }
};

TEST_F(MailMessage, PlainAsciiSubjectsStayAsTheyAre) {
    EXPECT_EQ(encode_header_text("Dein neues Passwort"), "Dein neues Passwort");
}

TEST_F(MailMessage, UmlautSubjectsAreEncodedWordsThatDecodeBack) {
    std::string subject = "Bitte bestätige deine E-Mail-Adresse für Jobhafen";
    std::string h = encode_header_text(subject);
    EXPECT_TRUE(h.starts_with("=?UTF-8?B?"));
    EXPECT_EQ(decode_rfc2047(h), subject);
}

TEST_F(MailMessage, LongSubjectsAreFoldedWithoutSplittingACharacter) {
    std::string subject;
    for (int i = 0; i < 20; ++i) subject += "Grüße aus München ";
    std::string h = encode_header_text(subject);
    EXPECT_NE(h.find("\r\n "), std::string::npos);
    std::size_t start = 0;
    while (start < h.size()) {
        std::size_t end = h.find("\r\n", start);
        std::string line = h.substr(start, end == std::string::npos ? std::string::npos : end - start);
        EXPECT_LE(line.size(), 76u) << line;   // each encoded word at most 75 + the folding space
        if (end == std::string::npos) break;
        start = end + 2;
    }
    // Every word decodes on its own to valid UTF-8 (no character cut in half).
    EXPECT_EQ(decode_rfc2047(h), subject);
}

TEST_F(MailMessage, AnEncodedWordLookalikeIsEncoded) {
    EXPECT_TRUE(encode_header_text("=?x?").starts_with("=?UTF-8?B?"));
}

TEST_F(MailMessage, QuotedPrintableKeepsLinesShortAndDecodesBack) {
    std::string text = "Hallo Jürgen,\n\n" + std::string(200, 'x') + "\nEnde mit Leerzeichen   \nGrüße = Ende\n";
    std::string qp = quoted_printable(text);
    std::size_t start = 0;
    while (start < qp.size()) {
        std::size_t end = qp.find("\r\n", start);
        if (end == std::string::npos) end = qp.size();
        EXPECT_LE(end - start, 76u);
        if (end > start) {
            EXPECT_NE(qp[end - 1], ' ') << "no space may end a line";
        }
        start = end + 2;
    }
    EXPECT_NE(qp.find("J=C3=BCrgen"), std::string::npos);
    std::string expected = text;
    std::string crlf;
    for (char c : expected) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    EXPECT_EQ(decode_qp(qp), crlf);
}

TEST_F(MailMessage, MessageIdComesFromTheIdempotencyKey) {
    EXPECT_EQ(message_id_for("verify-email:42", "jobhafen.local"), "<verify-email%3A42@jobhafen.local>");
    EXPECT_EQ(message_id_for("a.b@c d", "x.de"), "<a%2Eb%40c%20d@x.de>");
    EXPECT_EQ(message_id_for("k", "x.de"), message_id_for("k", "x.de"));
}

TEST_F(MailMessage, EmlNamesCannotLeaveTheFolder) {
    EXPECT_EQ(eml_file_name("verify-email:42"), "verify-email%3A42.eml");
    EXPECT_EQ(eml_file_name("../etc/passwd"), "%2E%2E%2Fetc%2Fpasswd.eml");
}

TEST_F(MailMessage, DateIsRfc5322) {
    EXPECT_EQ(rfc5322_date(1795255200), "Sat, 21 Nov 2026 10:00:00 +0000");
}

TEST_F(MailMessage, AddressesAreCheckedAndExtracted) {
    EXPECT_EQ(address_of("Jobhafen <noreply@jobhafen.de>"), "noreply@jobhafen.de");
    EXPECT_EQ(address_of("noreply@jobhafen.de"), "noreply@jobhafen.de");
    EXPECT_TRUE(plausible_address("jana.mueller@example.de"));
    EXPECT_FALSE(plausible_address("jana@example"));
    EXPECT_FALSE(plausible_address("jana@example.de\r\nBcc: x@y.de"));
    EXPECT_FALSE(plausible_address("a <b@c.de>"));
}

TEST_F(MailMessage, TheMessageIsMultipartAlternativeWithBothParts) {
    outgoing_mail m;
    m.from = "Jobhafen <noreply@jobhafen.de>";
    m.to = "jana@example.de";
    m.to_name = "Jana Müller";
    m.subject = "Grüße";
    m.text = "Hallo Jana,\nschön!\n";
    m.html = "<p>Hallo Jana, schön!</p>";
    m.message_id = "<k@jobhafen.de>";
    m.date = 1795255200;
    std::string msg = build_message(m, "k");
    EXPECT_NE(msg.find("Date: Sat, 21 Nov 2026 10:00:00 +0000\r\n"), std::string::npos);
    EXPECT_NE(msg.find("From: Jobhafen <noreply@jobhafen.de>\r\n"), std::string::npos);
    EXPECT_NE(msg.find("To: =?UTF-8?B?"), std::string::npos);
    EXPECT_NE(msg.find("Message-ID: <k@jobhafen.de>\r\n"), std::string::npos);
    EXPECT_NE(msg.find("MIME-Version: 1.0\r\n"), std::string::npos);
    EXPECT_NE(msg.find("Content-Type: multipart/alternative; boundary=\"=_jobhafen_"), std::string::npos);
    EXPECT_NE(msg.find("Content-Type: text/plain; charset=UTF-8"), std::string::npos);
    EXPECT_NE(msg.find("Content-Type: text/html; charset=UTF-8"), std::string::npos);
    EXPECT_EQ(msg.find("\n\n"), std::string::npos) << "only CRLF line ends";
    for (std::size_t i = 0; i < msg.size(); ++i)
        ASSERT_LT(static_cast<unsigned char>(msg[i]), 0x80) << "7-bit clean at " << i;
    EXPECT_EQ(build_message(m, "k"), msg) << "the same job builds the same bytes";
}

TEST_F(MailMessage, SmtpRepliesAreClassified) {
    using s = delivery_result::status;
    EXPECT_EQ(classify_smtp(CURLE_OK, 250), s::sent);
    EXPECT_EQ(classify_smtp(CURLE_WEIRD_SERVER_REPLY, 550), s::permanent);
    EXPECT_EQ(classify_smtp(CURLE_SEND_ERROR, 553), s::permanent);
    EXPECT_EQ(classify_smtp(CURLE_WEIRD_SERVER_REPLY, 451), s::temporary);
    EXPECT_EQ(classify_smtp(CURLE_COULDNT_CONNECT, 0), s::temporary);
    EXPECT_EQ(classify_smtp(CURLE_OPERATION_TIMEDOUT, 0), s::temporary);
    EXPECT_EQ(classify_smtp(CURLE_LOGIN_DENIED, 535), s::temporary) << "our credentials, not this mail";
}

TEST_F(MailMessage, WebhookAnswersAreClassified) {
    EXPECT_EQ(classify_webhook(CURLE_OK, 200), outcome::done);
    EXPECT_EQ(classify_webhook(CURLE_OK, 204), outcome::done);
    EXPECT_EQ(classify_webhook(CURLE_OK, 503), outcome::retry);
    EXPECT_EQ(classify_webhook(CURLE_OK, 408), outcome::retry);
    EXPECT_EQ(classify_webhook(CURLE_OK, 429), outcome::retry);
    EXPECT_EQ(classify_webhook(CURLE_OK, 400), outcome::dead);
    EXPECT_EQ(classify_webhook(CURLE_OK, 404), outcome::dead);
    EXPECT_EQ(classify_webhook(CURLE_OK, 301), outcome::dead);
    EXPECT_EQ(classify_webhook(CURLE_COULDNT_CONNECT, 0), outcome::retry);
    EXPECT_EQ(classify_webhook(CURLE_OPERATION_TIMEDOUT, 0), outcome::retry);
}

}  // namespace
}  // namespace jh::workers
