// applicant_access.h: the one SQL predicate "this caller may see applications to this job", which
// the applicant view, the status change and the conversation of an application share (a provider
// sees only its own organization's applications; held ones are excluded by each query's
// `x.forwarded_at IS NOT NULL`), and nobody sees an application anonymized after its organization's
// retention period (issue 42 item 4, docs/fair-play.md). Private to actors/applications/.
#pragma once

// $2: the member asking, `j`: the application's job, `x` the application; an administrator sees
// every organization's applications.
#define JH_MAY_SEE_JOB                                                                                          \
    " (x.anonymized_at IS NULL AND (jh_active_member_of($2) = j.organization_id "                            \
    "  OR EXISTS (SELECT 1 FROM accounts m WHERE m.id = $2 AND m.role = 'admin'))) "
