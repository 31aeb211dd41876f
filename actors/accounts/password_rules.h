// password_rules.h: the form rules of the account forms (candidate-side.md section 5), as pure
// functions: email address, password strength, confirmations, the delete confirmation.
//
// Each rule that fails adds one violation with the German message; a field may collect several
// (a password "abc" is too short, has no uppercase letter, no digit and no special character), so
// the form can mark every problem at once. Unit-tested in tests/unit/password_rules_test.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "actors/field_rules.h"
#include "actors/form_text.h"
#include "reactor/app_error.h"

namespace jh::accounts {

// Messages. Those the spec gives are quoted from it; the others are ours (docs/decisions.md). The
// strength rules' messages stand with the rules (password_rules.cpp); an empty field and an
// invalid address read as in every other form (field_rules.h).
namespace msg {
using fields::msg::email;
using fields::msg::required;
inline constexpr std::string_view email_equals = "Email muss gleich sein";
inline constexpr std::string_view email_equals_change = "E-Mail-Feld stimmt nicht überein";
inline constexpr std::string_view password_equals = "Passwort muss gleich sein";
inline constexpr std::string_view password_equals_change = "Passwörter müssen übereinstimmen";
inline constexpr std::string_view password_same_as_old = "Passwort muss anders als das alte sein";
inline constexpr std::string_view old_password_wrong = "Altes Passwort falsch";
inline constexpr std::string_view delete_confirmation = "Bestätigung erforderlich";
inline constexpr std::string_view email_taken = "Diese E-Mail-Adresse ist bereits registriert";
inline constexpr std::string_view email_of_organization =
    "Diese E-Mail-Adresse gehört zu einem Jobanbieter und kann nicht für ein Bewerberkonto verwendet werden";
inline constexpr std::string_view name_too_long = "Dieses Feld darf höchstens 100 Zeichen lang sein";
}  // namespace msg

inline constexpr std::size_t password_min_length = 8;      // characters (code points), spec section 9
inline constexpr std::size_t password_max_length = 1024;   // characters; bounds what argon2 is fed

// The e-mail rule and trimming are shared by the forms of several domains (actors/form_text.h).
using forms::is_valid_email;
using forms::trim_ascii;

// The special characters that count: ASCII brackets and punctuation
// ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~ and § € °.
bool is_password_special(char32_t c);

// Adds a violation for each password rule that `password` breaks, under `field`.
// Letters count in ASCII and Latin-1 (ä and ß are lowercase letters, Ä an uppercase one).
void check_password(std::string_view password, std::string_view field, std::vector<violation>& out);

// The number of characters (UTF-8 code points) in `s`; invalid bytes count as one each.
std::size_t utf8_length(std::string_view s);

}  // namespace jh::accounts
