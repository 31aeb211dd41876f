// shift_mails.h: the candidate's mails about one shift that more than one of the shifts domain's
// writers queue (a provider's decision, a cancellation, a place taken from the waitlist): the row
// they are written from, its data, the reminder the evening before, and the job contact's mail
// about a place given up or taken from the waitlist. Defined in
// shifts_actor.cpp; docs/shifts.md.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "messages/mail.h"
#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh {

struct config;

namespace shifts {

// One shift application's mail row: read with shift_mail_select + " WHERE …" (columns in order).
struct shift_mail_row {
    std::int64_t shift_application_id = 0;
    std::string email, first_name, last_name, job_title, organization_name, shift_label;
};

inline constexpr std::string_view shift_mail_select =
    "SELECT sa.id, coalesce(a.email::text, ''), coalesce(p.first_name, ''), coalesce(p.last_name, ''), j.title, o.name, "
    "       jh_shift_label(s.id) "
    "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
    "  JOIN applications x ON x.id = sa.application_id "
    "  JOIN job_postings j ON j.id = s.job_posting_id JOIN organizations o ON o.id = j.organization_id "
    "  LEFT JOIN accounts a ON a.id = x.candidate_account_id "
    "  LEFT JOIN candidate_profiles p ON p.account_id = a.id ";

shift_mail_row read_mail_row(const pg::result_set& r, int i);
// first_name, job_title, organization_name, shift, shifts_link ("du").
messages::mail_data mail_data_of(const shift_mail_row& row, const config& cfg);

// Queues the reminder the evening before a shift just confirmed, in the caller's transaction
// (docs/shifts.md "Reminder"); false when none is due (no address, the shift has begun).
task<result<bool>> queue_reminder(pg::transaction& tx, const shift_mail_row& row, const config& cfg);

// The job's contact ("Sie") about one shift application (`tpl`: shift_withdrawn, shift_refilled):
// contact_name, job_title, shift, candidate_name, confirmed, staff_needed, shifts_link; once per
// shift application and template. False when the job and its organization have no address.
task<result<bool>> mail_job_contact(pg::transaction& tx, std::int64_t shift_application_id, messages::mail_template tpl,
                                    const config& cfg);

}  // namespace shifts
}  // namespace jh
