// field_rules.h: the rules for single form fields that the forms of several domains share (the
// sedcard, a provider's organization and job postings): phone, URL, numbers as text, dates, postal
// codes per country, VAT ids, IBAN, BIC, with the spec's German message for each
// (candidate-side.md section 5). The sedcard's own rules (profiles/profile_rules.h) name them as
// profiles::is_date, profiles::msg::required and so on; a domain that only needs a field rule
// includes this header and nothing of the profiles domain.
//
// Pure functions: no database, no HTTP. Unit-tested through tests/unit/profile_rules_test.cpp.
#pragma once

#include <string>
#include <string_view>

namespace jh::fields {

// From the spec (section 5), except those marked as ours (docs/decisions.md).
namespace msg {
inline constexpr std::string_view required = "Dieses Feld darf nicht leer sein";
inline constexpr std::string_view email = "Dieses Feld muss eine gültige E-Mail Adresse sein";
inline constexpr std::string_view integer = "Dieses Feld muss eine ganze Zahl sein";
inline constexpr std::string_view numeric = "Dieses Feld muss eine Zahl sein";
inline constexpr std::string_view phone_number = "Dieses Feld muss eine gültige Telefonnummer sein";
inline constexpr std::string_view alnum_space = "Dieses Feld darf nur aus Zahlen und Buchstaben bestehen";
inline constexpr std::string_view url = "Dieses Feld muss eine gültige URL sein";
inline constexpr std::string_view zip_code = "Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten";
inline constexpr std::string_view vat_id = "Dieses Feld muss eine gültige USt-IdNr sein";
// Ours.
inline constexpr std::string_view date = "Dieses Feld muss ein gültiges Datum sein (JJJJ-MM-TT)";
inline constexpr std::string_view text = "Dieses Feld muss ein Text sein";
inline constexpr std::string_view list = "Dieses Feld muss eine Liste sein";
inline constexpr std::string_view too_long = "Dieser Text ist zu lang";
inline constexpr std::string_view too_many = "Diese Liste hat zu viele Einträge";
inline constexpr std::string_view unknown_field = "Dieses Feld gibt es nicht";
inline constexpr std::string_view iban = "Dieses Feld muss eine gültige IBAN sein";
inline constexpr std::string_view bic = "Dieses Feld muss eine gültige BIC sein";
// Ours, in the providers' merge-patch forms (merge_patch.h): "Sie", with a full stop.
inline constexpr std::string_view choice = "Bitte wählen Sie einen der angebotenen Werte aus.";
inline constexpr std::string_view object = "Dieses Feld muss ein Objekt sein.";
inline constexpr std::string_view max_value_prefix = "Dieses Feld darf höchstens ";
}  // namespace msg

// "Dieses Feld muss mindestens {min} sein" (the spec's message for a number below its minimum).
std::string min_value_message(std::string_view min);

bool is_email(std::string_view s);
bool is_phone_number(std::string_view s);
bool is_alnum_space(std::string_view s);     // letters (umlauts too), digits, spaces
bool is_url(std::string_view s);
bool is_integer_text(std::string_view s);
bool is_numeric_text(std::string_view s);
bool is_date(std::string_view s);            // YYYY-MM-DD, a real calendar day
// Countries without a rule pass; `country` is case-insensitive, "gr" and "el" are Greece.
bool is_zip_code_for_country(std::string_view zip, std::string_view country);
bool has_zip_rule(std::string_view country);
// VAT id of `country`, with or without its prefix (ATU12345678 or U12345678); spaces, dots and
// hyphens are ignored; an unknown country fails.
bool is_vat_id(std::string_view id, std::string_view country);
bool is_iban(std::string_view s);            // structure and mod-97 checksum
bool is_bic(std::string_view s);

}  // namespace jh::fields
