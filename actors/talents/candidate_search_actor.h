// candidate_search_actor.h: the candidate search (Bewerberdatenbank) of organizations that booked
// it: finding candidates who chose "searchable by providers" (activity, place and radius,
// employment status, working times), opening a card (logged), contacting a candidate through
// Jobhafen (a mail; the address stays hidden) and the organization's own search status per
// candidate. docs/providers.md, "Candidate search".
//
// Who may: an active member (jh_active_member_of) of an organization with candidate_search; a
// candidate 403, a visitor 401 (route), another organization's member 403. A candidate who is not
// findable (jh_candidate_findable) is 404 on every route, exactly like an unknown id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/actions_common.h"
#include "actors/organizations/organization_editor.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace talents {

// ?activity[]=&lat=&lon=&distance=&employmentStatus=&workingTime=&page=&itemsPerPage=
struct search_filter {
    std::vector<std::string> activities;   // activity slugs; a candidate matches any of them
    std::optional<double> lat, lon;
    int radius_km = 50;
    std::optional<std::string> employment_status;
    std::optional<std::string> working_time;
    int page = 1, per_page = 20;
};

inline constexpr int max_contact_chars = 5000;
inline constexpr int contact_interval_hours = 24;   // one message per candidate and organization
// Mails that organizations make Jobhafen send to candidates are bounded on both sides
// (docs/decisions.md, "Mails one party makes Jobhafen send to another"): a candidate gets at most
// this many contact mails a day from all organizations together (a findable profile must not turn
// into a mailbox anyone with the product can fill), and one organization sends at most this many a
// day (a hand-written first contact; more than fifty a day is a mailing, not a search).
inline constexpr int contacts_per_candidate_per_day = 5;
inline constexpr int contacts_per_organization_per_day = 50;

namespace msg {
inline constexpr const char* not_booked =
    "Die Bewerberdatenbank ist für Ihr Unternehmen noch nicht freigeschaltet. Sprechen Sie uns gerne an, wenn Sie sie nutzen möchten.";
inline constexpr const char* not_found = "Diese Person gibt es nicht oder sie ist nicht mehr in der Bewerberdatenbank.";
inline constexpr const char* contacted_recently =
    "Sie haben dieser Person in den letzten 24 Stunden bereits geschrieben. Bitte warten Sie auf ihre Antwort.";
inline constexpr const char* candidate_full =
    "Diese Person hat heute schon mehrere Nachrichten von Unternehmen bekommen. Bitte schreiben Sie ihr morgen.";
inline constexpr const char* organization_full =
    "Ihr Unternehmen hat heute schon 50 Personen aus der Bewerberdatenbank geschrieben. Morgen können Sie weitere Personen ansprechen.";
inline constexpr const char* bad_status = "Bitte wählen Sie „vorgemerkt“ (shortlisted) oder „abgelehnt“ (declined).";
}  // namespace msg

}  // namespace talents

class candidate_search_actor {
public:
    candidate_search_actor(loop_context& loop, organization_editor& editor);

    // A page of cards (JSON texts), nearest first when a place is given, else most complete first.
    task<result<actions::page_of<std::string>>> search(const auth::identity& who, std::int64_t org, talents::search_filter f);
    // One candidate's card with the detail sections; logged in candidate_profile_views, and the
    // organization's status becomes `viewed` when it was `none`.
    task<result<std::string>> open(const auth::identity& who, std::int64_t org, std::int64_t profile);
    // Mails the candidate the organization's message ("du"); the status becomes `contacted`
    // unless the organization marked the candidate. Answers the card.
    task<result<std::string>> contact(const auth::identity& who, std::int64_t org, std::int64_t profile, std::string message);
    // shortlisted or declined, set by an active member of `org`; answers the status JSON.
    task<result<std::string>> set_status(const auth::identity& who, std::int64_t profile, std::int64_t org, std::string status);

private:
    task<result<void>> may_search(const auth::identity& who, std::int64_t org);
    loop_context& loop_;
    organization_editor& editor_;
};

}  // namespace jh
