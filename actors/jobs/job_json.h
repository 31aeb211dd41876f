// job_json.h: how a job posting looks in JSON (list cards, the detail, the hydra list), written
// straight into the response body. Used by the job routes and the multi-search.
#pragma once

#include "actors/jobs/jobs_actor.h"
#include "reactor/json_writer.h"

namespace jh::jobs {

// {"@id": "/api/job_postings/42", "@type": "JobPosting", "id": 42, "slug", "title", "teaser",
//  "organization": {...}, "logo", "activities", "employmentTypes", "locations", "tags", "baseSalary",
//  "salaryUnit", "salaryCurrency", "locationDescription", "isPublished", "top_job",
//  "instant_teaser_job", "top_offer", "sponsored", "opportunity", "publishedAt", "createdAt",
//  "validThrough"[, "distance" (metres, when searched by place)][, "freeShifts" (a page card of a search by
//  Einsatztage: {"total", "next": [the first two free shifts in those dates]})]}
void write_card(json_writer& w, const job_card& c);
// The same for a card of a page; `scratch`: a buffer for what a kept card writes (page_card::view), reused across a page's cards.
void write_card(json_writer& w, const page_card& c, std::string& scratch);
// The card's members plus everything the job detail shows; the caller opened the object.
void write_detail(json_writer& w, const job_detail& d);
// {"@id": "/api/job_postings", "@type": "hydra:Collection", "hydra:member": [...],
//  "hydra:totalItems": N, "totalItemsCapped": bool, "page": P, "itemsPerPage": I}
void write_page(json_writer& w, const job_page& p);

}  // namespace jh::jobs
