// seo.h: what search engines read: the <head> of a page (title, description, canonical link, Open
// Graph), schema.org JSON-LD for a job posting and a rated employer, and sitemap XML. Pure;
// unit-tested in tests/unit/content_seo_test.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "actors/jobs/jobs_actor.h"
#include "actors/organizations/organizations_actor.h"

namespace jh::content {

inline constexpr std::string_view product_name = "Jobhafen";
inline constexpr std::string_view default_title = "Promotionjobs, Messejobs und Eventjobs";
inline constexpr std::string_view default_description =
    "Jobhafen ist die Jobbörse für Promotion-, Messe-, Event- und Gastrojobs, Nebenjobs, Studenten- und "
    "Ferienjobs in Deutschland, Österreich und der Schweiz.";
inline constexpr std::size_t sitemap_max_urls = 50000;

struct head_data {
    std::string title;              // without " | Jobhafen"
    std::string description;
    std::string canonical;          // absolute URL
    std::string image;              // absolute URL or empty
    std::string og_type = "website";
    bool noindex = false;
    std::vector<std::string> json_ld;   // serialised JSON objects
    // The answers the app would ask for first, as [query key, answer] JSON pairs: the app puts them
    // into its query cache before it renders, so the page needs no second round trip.
    std::vector<std::pair<std::string, std::string>> initial_data;
    std::string preload_image;           // a content image (/content-images/…) the page shows first
};

// Answers larger than this are not embedded (the head is cached per path).
inline constexpr std::size_t initial_data_max_bytes = 64 * 1024;
// The image breakpoints of the image service (docs/content.md, "Images").
inline constexpr int image_widths[] = {320, 640, 768, 1024, 1280, 1536};

// Plain text of Markdown or HTML, whitespace collapsed, cut at a word boundary to `max` bytes with "…".
std::string plain_excerpt(std::string_view text, std::size_t max = 160);

std::string render_head(const head_data& h);

// schema.org JobPosting (title, description, datePosted, validThrough, hiringOrganization,
// jobLocation, baseSalary, employmentType, identifier). `origin` is the public origin.
std::string job_posting_json_ld(const jobs::job_detail& d, std::string_view origin);
// schema.org EmployerAggregateRating, or nullopt when the organization has no ratings.
std::optional<std::string> employer_rating_json_ld(const organizations::organization_view& o, std::string_view origin);

// schema.org employmentType for one of our employment-type slugs (FULL_TIME, PART_TIME, ...).
std::string_view schema_employment_type(std::string_view slug) noexcept;

struct sitemap_url {
    std::string loc;        // absolute
    std::string lastmod;    // YYYY-MM-DD or empty
};
std::string sitemap_urlset(const std::vector<sitemap_url>& urls);
std::string sitemap_index(const std::vector<sitemap_url>& sitemaps);

}  // namespace jh::content
