// message.h: builds the bytes of a German mail: RFC 5322 headers, MIME multipart/alternative.
//
// UTF-8 everywhere: the subject (and display names) as RFC 2047 encoded words, both bodies as
// quoted-printable, so the mail passes any 7-bit relay with its umlauts intact. The Message-ID is
// derived from the job's idempotency key, so the same job always produces the same Message-ID:
// a mail sent again after a crash between "sent" and "recorded" is recognisable as a duplicate.
// Pure functions, unit-tested in tests/unit/mail_message_test.cpp.
#pragma once

#include <ctime>
#include <string>
#include <string_view>

namespace jh::workers {

struct outgoing_mail {
    std::string from;         // header value, e.g. "Jobhafen <noreply@jobhafen.de>"
    std::string to;           // address only
    std::string to_name;      // display name; may be empty
    std::string subject;      // UTF-8, one line
    std::string text;         // UTF-8, lines end in \n or \r\n
    std::string html;         // UTF-8
    std::string message_id;   // "<...@...>"
    std::time_t date = 0;
    // When set (an https/http URL): List-Unsubscribe with it and List-Unsubscribe-Post for a
    // one-click unsubscribe by POST (RFC 8058). Mails a person subscribed to carry it.
    std::string list_unsubscribe;
};

// RFC 2047 "B" encoding when `s` is not plain printable ASCII: one or more =?UTF-8?B?...?= words
// (never splitting a UTF-8 sequence), folded onto continuation lines. Plain ASCII is unchanged.
std::string encode_header_text(std::string_view s);

// Quoted-printable (RFC 2045): lines at most 76 characters, CRLF line ends.
std::string quoted_printable(std::string_view s);

// "<KEY@domain>", with every character of KEY outside [A-Za-z0-9-_+=] written as %XX, so
// any key gives a valid, reversible msg-id.
std::string message_id_for(std::string_view idempotency_key, std::string_view domain);

// "Sat, 21 Nov 2026 10:00:00 +0000".
std::string rfc5322_date(std::time_t t);

// "Jobhafen <noreply@x.de>" → "noreply@x.de"; a bare address is returned as it is.
std::string address_of(std::string_view mailbox);

// A plausible single address: local@domain, no spaces, no angle brackets, no line breaks.
bool plausible_address(std::string_view address);

// The whole message, CRLF line ends. `boundary_seed` makes the MIME boundary (the same job
// builds the same bytes apart from the Date).
std::string build_message(const outgoing_mail& m, std::string_view boundary_seed);

}  // namespace jh::workers
