// rate_classes.h: the per-client rate classes of the accounts' routes (reactor/route_policy.h).
// The pipeline counts them per client address before the handler runs; what accounts count per
// account or per e-mail address (the login throttle, the mails to one address) stays in the actor.
// Provider registration and register-and-apply name registration_rate too: one count for every
// way to open an account.
#pragma once

#include "reactor/route_policy.h"

namespace jh::accounts {

// Registrations (candidate, without password, register-and-apply, provider): per client and hour,
// auth.registrations_per_client_per_hour.
extern const rate_class registration_rate;
// The address check of the login dialog: per client and minute, auth.email_check_limit_per_minute.
extern const rate_class email_check_rate;
// Password reset requests: the same limit as the address check, counted on their own.
extern const rate_class reset_request_rate;
// Team invitations (POST /organizations/{id}/members and /invitations): per client and hour,
// auth.invitations_per_client_per_hour. An invitation to an address that has an account answers
// so (409), which tells whether an address is registered: bounded like the login dialog's check.
extern const rate_class invitation_rate;

}  // namespace jh::accounts
