// sections.h: the section types of content pages and how a section's JSON is rendered for one
// activity and/or city (placeholders, the upper-case base_data title). Pure; unit-tested in
// tests/unit/content_sections_test.cpp.
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <string_view>

#include "reactor/json_writer.h"

namespace jh::content {

// True for every __component docs/content.md lists (site-shell spec section 2).
bool known_component(std::string_view component) noexcept;
// The job sections, which get filterParams and jobs on a landing page.
bool is_job_section(std::string_view component) noexcept;

// The values that replace the placeholders. `name` etc. belong to the page's subject (the
// activity, else the city); city_* and activity_* are set when both are given.
struct placeholders {
    std::string name, description, content, slug;
    std::string city_name, city_slug, activity_name, activity_slug;
    bool any() const noexcept { return !name.empty() || !slug.empty(); }
};

// Replaces {name}, {description}, {content}, {slug}, {city.name}, {city.slug}, {activity.name} and
// {activity.slug} in `text`; with `upper_name`, the name values are written in upper case.
std::string fill(std::string_view text, const placeholders& p, bool upper_name = false);

// Upper case for German text in UTF-8: ASCII, the Latin-1 letters (ä → Ä, é → É) and ß → SS.
std::string upper_de(std::string_view s);

// Writes `value` (any JSON) with every string filled.
void write_filled(json_writer& w, simdjson::dom::element value, const placeholders& p);
// Opens an object and writes the members of `section` filled, the string at base_data.title with
// the name upper-cased; members named in `skip` are left out. The caller may add members, then
// calls end_object().
void begin_filled_object(json_writer& w, simdjson::dom::object section, const placeholders& p,
                         std::initializer_list<std::string_view> skip = {});

}  // namespace jh::content
