// Unit tests of the account form rules (actors/accounts/password_rules.h): each password rule
// with its German message, the email rule, lengths in characters.
#include <gtest/gtest.h>

#include "actors/accounts/password_rules.h"

namespace jh::accounts {
namespace {

std::vector<std::string> messages(std::string_view password) {
    std::vector<violation> v;
    check_password(password, "password", v);
    std::vector<std::string> out;
    for (auto& x : v) {
        EXPECT_EQ(x.property_path, "password");
        out.push_back(x.message);
    }
    return out;
}

using list = std::vector<std::string>;

TEST(PasswordRules, GoodPasswordPasses) {
    EXPECT_EQ(messages("Geheim123!"), list{});
    EXPECT_EQ(messages("aB3(xxxx"), list{});
    EXPECT_EQ(messages("Öffnen1ß]"), list{});
}

TEST(PasswordRules, RequiredMessage) { EXPECT_EQ(messages(""), list{"Dieses Feld darf nicht leer sein"}); }

TEST(PasswordRules, MinimumLengthMessage) {
    EXPECT_EQ(messages("aB3!xyz"), list{"Dieses Feld muss mindestens 8 lang sein"});
    // Characters, not bytes: "Äää!1" is 5 characters in 8 bytes.
    EXPECT_EQ(messages("Äää!1"), list{"Dieses Feld muss mindestens 8 lang sein"});
}

TEST(PasswordRules, LowercaseMessage) {
    EXPECT_EQ(messages("GEHEIM123!"), list{"Das Passwort muss mindestens einen Kleinbuchstaben enthalten"});
}

TEST(PasswordRules, UppercaseMessage) {
    EXPECT_EQ(messages("geheim123!"), list{"Das Passwort muss mindestens einen Großbuchstaben enthalten"});
}

TEST(PasswordRules, DigitMessage) {
    EXPECT_EQ(messages("Geheimnis!"), list{"Das Passwort muss mindestens eine Ziffer enthalten"});
}

TEST(PasswordRules, SpecialCharacterMessage) {
    EXPECT_EQ(messages("Geheim1234"), list{"Das Passwort muss mindestens ein Sonderzeichen enthalten, z. B. ! ? # ( ) [ ] { } . , ; : - _"});
    // A space is not a special character.
    EXPECT_EQ(messages("Geheim 1234").size(), 1u);
}

TEST(PasswordRules, EveryBrokenRuleIsListed) {
    EXPECT_EQ(messages("abc"), (list{"Dieses Feld muss mindestens 8 lang sein",
                                     "Das Passwort muss mindestens einen Großbuchstaben enthalten",
                                     "Das Passwort muss mindestens eine Ziffer enthalten",
                                     "Das Passwort muss mindestens ein Sonderzeichen enthalten, z. B. ! ? # ( ) [ ] { } . , ; : - _"}));
}

TEST(PasswordRules, UmlautsCountAsLetters) {
    EXPECT_EQ(messages("ÄÖÜ12345!"), list{"Das Passwort muss mindestens einen Kleinbuchstaben enthalten"});
    EXPECT_EQ(messages("äöüß12345!"), list{"Das Passwort muss mindestens einen Großbuchstaben enthalten"});
}

TEST(PasswordRules, SpecialCharacterSet) {
    for (char c : std::string_view("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")) EXPECT_TRUE(is_password_special(static_cast<unsigned char>(c))) << c;
    EXPECT_TRUE(is_password_special(U'§'));
    EXPECT_TRUE(is_password_special(U'€'));
    for (char32_t c : {U'a', U'Z', U'0', U' ', U'ä', U'\t'}) EXPECT_FALSE(is_password_special(c));
}

TEST(PasswordRules, TooLongIsRefused) {
    std::string pw = "Aa1!" + std::string(1100, 'x');
    EXPECT_EQ(messages(pw), list{"Das Passwort darf höchstens 1024 Zeichen lang sein"});
}

TEST(PasswordRules, Utf8Length) {
    EXPECT_EQ(utf8_length(""), 0u);
    EXPECT_EQ(utf8_length("abc"), 3u);
    EXPECT_EQ(utf8_length("Müller"), 6u);
    EXPECT_EQ(utf8_length("€"), 1u);
    EXPECT_EQ(utf8_length("\xff\xfe"), 2u);   // invalid bytes count one each
}

TEST(EmailRule, SimplePatternHolds) {
    for (std::string_view ok : {"jana@example.de", "a.b+c@sub.example.co.uk", "x@y.z", "JANA@EXAMPLE.DE"})
        EXPECT_TRUE(is_valid_email(ok)) << ok;
    for (std::string_view bad : {"", "jana", "jana@", "@example.de", "jana@example", "jana@@example.de", "jana@example.",
                                 "jana@.de", "ja na@example.de", "jana@exa mple.de", "jana@example..de", "<jana@example.de>"})
        EXPECT_FALSE(is_valid_email(bad)) << bad;
}

TEST(EmailRule, NoUmlautsOrEszett) {
    for (std::string_view bad : {"jürgen@example.de", "jana@müller.de", "straße@example.de", "JÖRG@example.de", "ÄÖÜ@x.de"})
        EXPECT_FALSE(is_valid_email(bad)) << bad;
}

TEST(EmailRule, LengthLimit) {
    std::string local(64, 'a');
    std::string domain = std::string(185, 'b') + ".de";
    EXPECT_TRUE(is_valid_email(local + "@" + domain));             // 253 characters
    EXPECT_FALSE(is_valid_email(local + "@b" + domain + "x"));    // 255
}

TEST(FormRules, Messages) {
    EXPECT_EQ(msg::email, "Dieses Feld muss eine gültige E-Mail Adresse sein");
    EXPECT_EQ(msg::password_equals, "Passwort muss gleich sein");
    EXPECT_EQ(msg::password_equals_change, "Passwörter müssen übereinstimmen");
    EXPECT_EQ(msg::password_same_as_old, "Passwort muss anders als das alte sein");
    EXPECT_EQ(msg::old_password_wrong, "Altes Passwort falsch");
    EXPECT_EQ(msg::delete_confirmation, "Bestätigung erforderlich");
    EXPECT_EQ(msg::email_equals_change, "E-Mail-Feld stimmt nicht überein");
    EXPECT_EQ(trim_ascii("  a b \t"), "a b");
}

}  // namespace
}  // namespace jh::accounts
