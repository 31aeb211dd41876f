// job_paint.h: the main content of a job detail and of the job list as plain, semantic HTML, drawn
// by the server into the page's root element (page_head::main_html), so the page shows its job
// before any script runs and without JavaScript. The app (web/src/shared/lib/server-paint.ts)
// shows this HTML until its own page is drawn, then replaces it: React owns the interactive page,
// the server only this first picture. Every text from the database is escaped (reactor/html.h).
#pragma once

#include <string>

#include "actors/jobs/jobs_actor.h"

namespace jh::content {

// Title, organization, place, salary, the apply link and the description (paragraphs and "- " lists
// as the app's JobText draws them).
std::string job_detail_html(const jobs::job_detail& d);

// The heading "Alle Jobs", the count, the first page's cards (title linked to the detail,
// organization, place). Paging is the app's (a paged address carries a query, which the server
// does not draw).
std::string job_list_html(const jobs::job_page& p);

}  // namespace jh::content
