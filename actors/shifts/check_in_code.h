// check_in_code.h: the signed, expiring code of a shift's QR check-in (issue 43, item 2;
// docs/shifts.md "Checking in and out by QR code"). Pure: the server makes the code for the
// provider's portal and reads it back when a candidate scans it. The code names the shift and its
// validity window and carries an HMAC-SHA256 over both with the server's secret (auth.secret,
// through auth::process_signing_key), so nobody can make a code for another shift or stretch its
// window; it holds nothing about a person and no location.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "reactor/auth.h"

namespace jh::shifts {

struct check_in_code {
    std::int64_t shift = 0;
    std::int64_t valid_from = 0, valid_until = 0;   // unix seconds
};

// How long around the shift a code counts: from an hour before the planned start (arriving early)
// to six hours after the planned end (a late check-out; after that the planned times are proposed
// anyway, docs/shifts.md "Time recording").
inline constexpr std::int64_t check_in_lead_s = 60 * 60;
inline constexpr std::int64_t check_out_grace_s = 6 * 60 * 60;
// A second scan this soon after the check-in is the same scan twice (a reloaded page), not a
// check-out.
inline constexpr std::int64_t double_scan_s = 120;

// The window of a shift that starts and ends at these instants (unix seconds).
check_in_code code_for_shift(std::int64_t shift, std::int64_t starts_at, std::int64_t ends_at);
// "SHIFT.FROM.UNTIL.MAC": decimal numbers and 128 bits of the HMAC in base64url (22 characters),
// short enough for a QR code a phone reads from a printed page.
std::string sign_check_in_code(const check_in_code& c, const auth::signing_key& key);
// The code when its shape and signature hold (constant-time comparison); nullopt otherwise. The
// window is not checked here: the caller tells "not yet" and "expired" apart.
std::optional<check_in_code> verify_check_in_code(std::string_view text, const auth::signing_key& key);

}  // namespace jh::shifts
