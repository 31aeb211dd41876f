// rate_classes.cpp: see rate_classes.h. The Redis keys are the ones the actor counted in before
// the limits became route classes, so a deploy keeps the running windows.
#include "actors/accounts/rate_classes.h"

#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/team_settings.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

namespace {

constexpr std::string_view msg_wait_a_minute = "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann noch einmal.";

int registrations_per_hour(const loop_context& loop) { return loop.cfg.auth_registrations_per_client_per_hour; }
int email_checks_per_minute(const loop_context& loop) { return loop.cfg.auth_email_check_limit_per_minute; }
int invitations_per_hour(const loop_context& loop) { return section<team_settings>(loop.cfg).invitations_per_client_per_hour; }

}  // namespace

const rate_class registration_rate{.name = "registration",
                                   .key_prefix = "auth:rc:registration:",
                                   .window_s = 3600,
                                   .limit = registrations_per_hour,
                                   .message = detail::msg_too_many_requests};
const rate_class email_check_rate{.name = "email_check",
                                  .key_prefix = "auth:ec:",
                                  .window_s = 60,
                                  .limit = email_checks_per_minute,
                                  .message = msg_wait_a_minute};
const rate_class reset_request_rate{.name = "reset_request",
                                    .key_prefix = "auth:rr:",
                                    .window_s = 60,
                                    .limit = email_checks_per_minute,
                                    .message = msg_wait_a_minute};

const rate_class invitation_rate{.name = "invitation",
                                  .key_prefix = "auth:inv:",
                                  .window_s = 3600,
                                  .limit = invitations_per_hour,
                                  .message = "Sie haben in der letzten Stunde schon sehr viele Einladungen verschickt. Bitte versuchen Sie es "
                                             "später noch einmal."};

}  // namespace jh::accounts
