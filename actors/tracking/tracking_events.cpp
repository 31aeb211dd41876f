// tracking_events.cpp: see tracking_events.h. Grouped as the spec lists them.
#include "actors/tracking/tracking_events.h"

#include <algorithm>

namespace jh {

namespace {
constexpr std::string_view events[] = {
    "article_details_viewed", "article_listing_viewed", "article_shared",
    "page_viewed",
    "jobs_searched", "job_shared", "job_box_viewed", "job_details_clicked", "job_application_clicked",
    "job_details_viewed", "job_listing_viewed",
    "organization_details_viewed", "organization_listing_viewed", "organizations_searched", "organization_contacted",
    "project_contact", "general_contact",
    "byll_account_created", "byll_used",
    "email_verified", "job_applied_to", "job_favored", "job_unfavored",
    "logged_in", "newsletter_setting_changed", "jobletter_setting_changed",
    "profile_data_changed", "profile_document_changed", "profile_image_changed", "profile_video_changed",
    "incomplete_profile_dialog_opened",
    "registered", "organization_registered",
    "sedcard_downloaded", "user_settings_changed",
    "deleted", "forgot_password",
    "organization_stared", "organization_unstared",
    "job_alert_subscribed", "job_alert_unsubscribed",
    "wiki_shared",
    "event_details_viewed", "event_listing_viewed", "event_shared",
};

// Not spec event names, but what the spec asks to be tracked (section 4): the steps of the five
// tracked flows (`flow`, `step`: started, finished, back, closed) and the registration dialog
// (`step`: opened, step_started, step_closed).
constexpr std::string_view flow_events[] = {"flow_step", "registration_dialog"};

// The steps of shifts (issue 30, docs/shifts.md "Tracking"): a candidate chose shifts (when applying
// or later), a provider confirmed one, a candidate made a calendar link.
constexpr std::string_view shift_events[] = {"shift_chosen", "shift_confirmed", "calendar_subscribed"};
}  // namespace

std::span<const std::string_view> tracked_events() { return events; }

bool is_tracked_event(std::string_view name) {
    return std::find(std::begin(events), std::end(events), name) != std::end(events) ||
           std::find(std::begin(flow_events), std::end(flow_events), name) != std::end(flow_events) ||
           std::find(std::begin(shift_events), std::end(shift_events), name) != std::end(shift_events);
}

}  // namespace jh
