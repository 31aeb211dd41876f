// seed.cpp: `jobhafen seed` (see seed.h). Generates organizations and job postings from the word
// lists in seed_data.h with a seeded generator, and loads them with COPY in batches.
//
// Loading follows "Bulk loading" in migrations/0014_job_postings.sql: the job row carries the
// activity, employment-type and industry ids and the location names its children will produce, so
// the statement triggers on the child tables find nothing to change and each job is written once.
//
// One file of about 725 lines on purpose: it is one command read top to bottom (generator, text
// helpers, COPY loading, the model, the command, each step a function of its own), and nothing
// else uses its parts; a second file would only move the generator away from its one reader.
// A known wart: some lines draw two picks inside one `+` expression, whose order C++ leaves to the
// compiler, so the same seed gives another catalogue from clang (the sanitizer build) than from g++
// (docs/decisions.md, "One sanitizer build"); sequencing them would change the demo data the
// browser tests walk, so it waits for the seed's next change.
#include "workers/seed/seed.h"

#include <libpq-fe.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cctype>
#include <cmath>
#include <numbers>
#include <optional>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/config.h"
#include "reactor/text_table.h"
#include "reactor/migrate.h"
#include "workers/db.h"
#include "workers/seed/content_seed.h"
#include "workers/seed/seed_data.h"
#include "reactor/source_dir.h"

namespace jh::seed {

namespace {

namespace fs = std::filesystem;
using data::category;

// ---- a small deterministic generator (splitmix64) -----------------------------------------------

class rng {
public:
    explicit rng(std::uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }   // [0, 1)
    int below(int n) { return n <= 0 ? 0 : static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }   // inclusive
    bool chance(double p) { return uniform() < p; }
    template <typename T>
    const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))]; }
    int weighted(const std::vector<data::weighted>& v) {
        int total = 0;
        for (const auto& w : v) total += w.weight;
        int r = below(total);
        for (const auto& w : v) {
            if (r < w.weight) return w.id;
            r -= w.weight;
        }
        return v.back().id;
    }

private:
    std::uint64_t s_;
};

// ---- text helpers --------------------------------------------------------------------------------

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
    for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size()) s.replace(pos, from.size(), to);
    return s;
}

// URL slug the way jh_slug (0010) makes it, for the characters our word lists contain.
std::string slugify(std::string_view in, std::size_t max_len = 120) {
    std::string out;
    bool dash = false;
    auto put = [&](std::string_view s) {
        if (dash && !out.empty()) out.push_back('-');
        dash = false;
        out.append(s);
    };
    for (std::size_t i = 0; i < in.size();) {
        unsigned char c = static_cast<unsigned char>(in[i]);
        if (c < 0x80) {
            if (std::isalnum(c)) put(std::string(1, static_cast<char>(std::tolower(c))));
            else dash = true;
            ++i;
            continue;
        }
        std::string_view rest = in.substr(i);
        static const std::pair<std::string_view, std::string_view> map[] = {
            {"ä", "ae"}, {"ö", "oe"}, {"ü", "ue"}, {"Ä", "ae"}, {"Ö", "oe"}, {"Ü", "ue"}, {"ß", "ss"},
            {"é", "e"},  {"è", "e"},  {"ı", "i"},  {"–", ""},   {"§", ""}};
        bool matched = false;
        for (auto& [k, v] : map) {
            if (rest.starts_with(k)) {
                if (v.empty()) dash = true;
                else put(v);
                i += k.size();
                matched = true;
                break;
            }
        }
        if (!matched) {   // any other multi-byte character separates words
            dash = true;
            ++i;
            while (i < in.size() && (static_cast<unsigned char>(in[i]) & 0xC0) == 0x80) ++i;
        }
    }
    if (out.size() > max_len) {
        out.resize(max_len);
        while (!out.empty() && out.back() == '-') out.pop_back();
    }
    return out;
}

// COPY text format: backslash, tab, newline and carriage return escaped; NULL is \N.
constexpr char_escape copy_escapes[] = {
    {'\\', "\\\\"},
    {'\t', "\\t"},
    {'\n', "\\n"},
    {'\r', "\\r"},
};
void copy_text(std::string& out, std::string_view s) { append_escaped(out, s, copy_escapes); }
void copy_null(std::string& out) { out += "\\N"; }

// A text[] literal: {"a","b"} with quotes and backslashes escaped (then COPY-escaped by the caller).
std::string text_array(const std::vector<std::string>& v) {
    std::string out = "{";
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i) out.push_back(',');
        out.push_back('"');
        for (char c : v[i]) {
            if (c == '"' || c == '\\') out.push_back('\\');
            out.push_back(c);
        }
        out.push_back('"');
    }
    return out + "}";
}
std::string int_array(const std::vector<int>& v) {
    std::string out = "{";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
    return out + "}";
}

std::string timestamp(std::time_t t) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[40];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S+00", &tm);
    return buf;
}

std::string money(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}
std::string german_money(double v) {   // 13,50
    std::string s = money(v);
    std::replace(s.begin(), s.end(), '.', ',');
    return s;
}

// A row being written: fields separated by tabs, ended by a newline.
class row {
public:
    explicit row(std::string& out) : out_(out) {}
    ~row() { out_.push_back('\n'); }
    row& text(std::string_view s) { sep(); copy_text(out_, s); return *this; }
    row& opt(const std::string& s) { sep(); if (s.empty()) copy_null(out_); else copy_text(out_, s); return *this; }
    row& num(std::int64_t n) { sep(); out_ += std::to_string(n); return *this; }
    row& real(double d) { sep(); char b[32]; std::snprintf(b, sizeof b, "%.6f", d); out_ += b; return *this; }
    row& flag(bool b) { sep(); out_ += b ? "t" : "f"; return *this; }
    row& null() { sep(); copy_null(out_); return *this; }

private:
    void sep() { if (!first_) out_.push_back('\t'); first_ = false; }
    std::string& out_;
    bool first_ = true;
};

// ---- the database ----------------------------------------------------------------------------------

// The workers' blocking connection (workers/db.h) as the seed uses it: SQL text without
// parameters, rows as strings, COPY FROM STDIN, and a failure printed ("seed: why") and returned
// as nullopt or false.
class connection {
public:
    explicit connection(const std::string& url) : db_(url) {}
    std::expected<void, std::string> connect() { return db_.ensure_connected(); }

    // Runs SQL; rows for a SELECT.
    std::optional<std::vector<std::vector<std::string>>> run(const std::string& sql) {
        auto r = workers::or_say(db_.exec_simple(sql), "seed");
        if (!r) return std::nullopt;
        std::vector<std::vector<std::string>> rows;
        for (int i = 0; i < r->rows(); ++i) {
            std::vector<std::string> cols;
            for (int j = 0; j < r->columns(); ++j) cols.emplace_back(r->text(i, j));
            rows.push_back(std::move(cols));
        }
        return rows;
    }

    bool copy(const std::string& copy_sql, const std::string& payload) {
        if (auto c = db_.ensure_connected(); !c) {
            std::fprintf(stderr, "seed: %s\n", c.error().c_str());
            return false;
        }
        PGconn* conn = db_.native();
        std::unique_ptr<PGresult, decltype(&PQclear)> r(PQexec(conn, copy_sql.c_str()), &PQclear);
        if (PQresultStatus(r.get()) != PGRES_COPY_IN) {
            std::fprintf(stderr, "seed: %s\n", PQresultErrorMessage(r.get()));
            return false;
        }
        constexpr std::size_t chunk = 1 << 20;
        for (std::size_t pos = 0; pos < payload.size(); pos += chunk) {
            std::size_t n = std::min(chunk, payload.size() - pos);
            if (PQputCopyData(conn, payload.data() + pos, static_cast<int>(n)) != 1) {
                std::fprintf(stderr, "seed: COPY failed: %s\n", PQerrorMessage(conn));
                return false;
            }
        }
        if (PQputCopyEnd(conn, nullptr) != 1) return false;
        bool good = true;
        while (PGresult* res = PQgetResult(conn)) {
            if (PQresultStatus(res) != PGRES_COMMAND_OK) {
                std::fprintf(stderr, "seed: %s\n", PQresultErrorMessage(res));
                good = false;
            }
            PQclear(res);
        }
        return good;
    }

private:
    workers::db db_;
};

// ---- the model -----------------------------------------------------------------------------------

struct options {
    int organizations = 60;
    int jobs = 3000;
    std::uint64_t seed = 1;
    bool append = false;
    bool content_only = false;   // load the shipped content, nothing else
};

struct place {
    int id;
    std::string name;
    std::string country;
    double lat, lon;
    double weight;   // cumulative
};

struct organization {
    std::int64_t id;
    std::string name;
    std::vector<int> fields;   // category indexes
    double weight;             // cumulative
    std::string contact_name, contact_email, contact_phone;
};

double km_between(double lat1, double lon1, double lat2, double lon2) {
    constexpr double r = 6371.0, d = std::numbers::pi / 180.0;
    double a = std::sin((lat2 - lat1) * d / 2), b = std::sin((lon2 - lon1) * d / 2);
    double h = a * a + std::cos(lat1 * d) * std::cos(lat2 * d) * b * b;
    return 2 * r * std::asin(std::sqrt(h));
}

template <typename T>
const T& pick_cumulative(rng& g, const std::vector<T>& v) {
    double x = g.uniform() * v.back().weight;
    auto it = std::upper_bound(v.begin(), v.end(), x, [](double val, const T& e) { return val < e.weight; });
    return it == v.end() ? v.back() : *it;
}

int pick_category(rng& g) {
    const auto& cats = data::categories();
    int total = 0;
    for (const auto& c : cats) total += c.weight;
    int r = g.below(total);
    for (std::size_t i = 0; i < cats.size(); ++i) {
        if (r < cats[i].weight) return static_cast<int>(i);
        r -= cats[i].weight;
    }
    return 0;
}

std::string phone(rng& g) {
    static const std::vector<std::string_view> areas = {"30", "40", "89", "221", "69", "711", "211", "511", "341", "911", "351", "231"};
    std::string p = "+49 " + std::string(g.pick(areas)) + " ";
    for (int i = 0; i < 7; ++i) p.push_back(static_cast<char>('0' + g.below(10)));
    return p;
}

std::string fill(std::string_view templ, const std::map<std::string, std::string>& v) {
    std::string s(templ);
    for (const auto& [k, val] : v) s = replace_all(std::move(s), "{" + k + "}", val);
    return s;
}

// Picks `n` distinct entries of `from` (n ≤ size).
std::vector<std::string_view> some(rng& g, const std::vector<std::string_view>& from, int n) {
    std::vector<std::string_view> pool = from, out;
    n = std::min<int>(n, static_cast<int>(pool.size()));
    for (int i = 0; i < n; ++i) {
        int k = g.below(static_cast<int>(pool.size()));
        out.push_back(pool[static_cast<std::size_t>(k)]);
        pool.erase(pool.begin() + k);
    }
    return out;
}

std::string bullets(const std::vector<std::string_view>& items) {
    std::string s;
    for (auto i : items) s += (s.empty() ? "- " : "\n- ") + std::string(i);
    return s;
}

bool parse_options(const std::vector<std::string>& args, options& o) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto number = [&](auto& target, long long lo, long long hi) {
            if (i + 1 >= args.size()) return false;
            long long v = 0;
            const std::string& s = args[++i];
            auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
            if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
            target = static_cast<std::remove_reference_t<decltype(target)>>(v);
            return true;
        };
        if (a == "--organizations") { if (!number(o.organizations, 1, 100000)) return false; }
        else if (a == "--jobs") { if (!number(o.jobs, 0, 5000000)) return false; }
        else if (a == "--seed") { if (!number(o.seed, 0, 1LL << 62)) return false; }
        else if (a == "--append") o.append = true;
        else if (a == "--content-only") o.content_only = true;
        else return false;
    }
    return true;
}

void print_help() {
    std::puts("Usage: jobhafen seed [--organizations N] [--jobs M] [--seed S] [--append] [--content-only]\n"
              "\n"
              "Writes N organizations (default 60) and M job postings (default 3000) of demo data,\n"
              "deterministic for a given seed (default 1). Applies pending migrations first. A database\n"
              "that already has job postings is left alone unless --append is given. The shipped content\n"
              "(workers/seed/content, docs/content.md) is loaded on every run; --content-only loads only it.");
}

}  // namespace

// Shifts (Einsätze, docs/shifts.md) for every eighth published job: one to three, 2–29 days after
// the seeding, six hours each from 08:00 to 18:00 starts (an 18:00 start ends at midnight), for 1–6
// people, at the job's first place. Derived from the job's id, so a seed is the same every time.
bool seed_shifts(connection& db) {
    if (!db.run("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, place_id, staff_needed) "
                "SELECT j.id, current_date + ((j.id * 7 + n * 3) % 28 + 2)::int, "
                "       make_time(8 + ((j.id + n) % 6)::int * 2, 0, 0), "
                "       (make_time(8 + ((j.id + n) % 6)::int * 2, 0, 0) + interval '6 hours')::time, "
                "       (SELECT l.place_id FROM job_posting_locations l WHERE l.job_posting_id = j.id "
                "         ORDER BY l.sort_order LIMIT 1), "
                "       1 + ((j.id / 8 + n) % 6)::int "
                "FROM job_postings j CROSS JOIN LATERAL generate_series(1, 1 + (j.id / 8 % 3)::int) AS n "
                "WHERE j.id % 8 = 0 AND j.is_published AND j.active "
                "  AND NOT EXISTS (SELECT 1 FROM shifts s WHERE s.job_posting_id = j.id)"))
        return false;
    auto n = db.run("SELECT count(*) FROM shifts");
    if (!n) return false;
    std::printf("seed: %s shifts\n", (*n)[0][0].c_str());
    return true;
}

namespace {

// The places of work: towns of Germany and Austria with at least 10,000 inhabitants, drawn in
// proportion to population^0.85 (big cities get most jobs, small towns still get some); `big`: the
// head offices, German cities of 100,000 or more, in proportion to population.
bool load_places(connection& db, std::vector<place>& places, std::vector<place>& big) {
    auto place_rows = db.run(
        "SELECT id, name, country, lat, lon, population FROM places "
        "WHERE kind = 'city' AND country IN ('de', 'at') AND population >= 10000 ORDER BY id");
    if (!place_rows || place_rows->empty()) {
        std::fputs("seed: the places table is empty (migration 0013 missing?)\n", stderr);
        return false;
    }
    double cum = 0;
    for (auto& r : *place_rows) {
        cum += std::pow(std::stod(r[5]), 0.85);
        places.push_back({std::stoi(r[0]), r[1], r[2], std::stod(r[3]), std::stod(r[4]), cum});
    }
    cum = 0;
    for (auto& r : *place_rows)
        if (std::stod(r[5]) >= 100000 && r[2] == "de") {
            cum += std::stod(r[5]);
            big.push_back({std::stoi(r[0]), r[1], r[2], std::stod(r[3]), std::stod(r[4]), cum});
        }
    return true;
}

// One organization with its head office in a big city, appended to `org_copy` as a COPY row; its
// slug is made unique against `org_slugs`. The draws from `g` come in a fixed order: the same seed
// gives the same organizations.
organization make_organization(rng& g, std::int64_t id, const std::vector<place>& big, std::set<std::string>& org_slugs,
                               std::string& org_copy) {
    const auto& cats = data::categories();
    organization o;
    o.id = id;
    int main_field = pick_category(g);
    o.fields.push_back(main_field);
    if (g.chance(0.4)) o.fields.push_back(pick_category(g));
    const place& hq = pick_cumulative(g, big);
    std::string word(g.pick(cats[static_cast<std::size_t>(main_field)].org_words));
    std::string base;
    switch (g.below(4)) {
        case 0: base = std::string(g.pick(data::org_regions())) + " " + word + " " + std::string(g.pick(data::org_tails())); break;
        case 1: base = std::string(g.pick(data::last_names())) + " & " + std::string(g.pick(data::last_names())) + " " + word; break;
        case 2: base = word + " " + std::string(g.pick(data::org_tails())) + " " + hq.name; break;
        default: base = std::string(g.pick(data::org_regions())) + word; break;
    }
    std::string legal(g.pick(data::legal_forms()));
    o.name = base + " " + legal;
    std::string slug = slugify(base, 100);
    for (int n = 2; org_slugs.count(slug); ++n) slug = slugify(base, 100) + "-" + std::to_string(n);
    org_slugs.insert(slug);
    std::string domain = slugify(base, 60) + ".example";
    o.contact_name = std::string(g.pick(data::first_names())) + " " + std::string(g.pick(data::last_names()));
    o.contact_email = "jobs@" + domain;
    o.contact_phone = phone(g);
    int year = g.between(1978, 2021);
    int employees = static_cast<int>(std::round(std::exp(g.uniform() * std::log(600.0)))) + 3;
    std::map<std::string, std::string> vars{{"org", base}, {"city", hq.name}, {"year", std::to_string(year)}};
    std::string description = fill(g.pick(data::org_descriptions()), vars);
    bool hrb = legal == "GmbH" || legal == "AG" || legal == "UG (haftungsbeschränkt)" || legal == "GmbH & Co. KG";
    std::string reg = (hrb ? "HRB " : "HRA ") + std::to_string(g.between(10000, 249999));
    std::string vat = "DE";
    for (int k = 0; k < 9; ++k) vat.push_back(static_cast<char>('0' + g.below(10)));
    row(org_copy)
        .num(o.id).text(slug).text(o.name).text(description).num(year).num(employees)
        .num(g.between(300, 60000))
        .text(o.contact_name).text(o.contact_email).text(o.contact_phone).text("https://www." + domain)
        .text(legal).text(std::string(g.pick(data::streets())) + " " + std::to_string(g.between(1, 140)))
        .text(hq.name).text(hq.country).text(vat).text(g.pick(data::register_courts())).text(reg);
    return o;
}

bool copy_organizations(connection& db, const std::string& org_copy) {
    return db.run("BEGIN") &&
           db.copy("COPY organizations (id, slug, name, description, founding_year, employees, working_days_per_year, "
                   "contact_name, contact_email, contact_phone, website, legal_form, street, city, country, vat_id, "
                   "register_court, register_number) FROM STDIN",
                   org_copy) &&
           db.run("SELECT setval(pg_get_serial_sequence('organizations', 'id'), (SELECT max(id) FROM organizations))") &&
           db.run("COMMIT");
}

// The COPY rows of a batch of jobs, one text per table.
struct job_rows {
    std::string jobs, acts, types, inds, locs;
};

// A job's places: the main one, and for one job in five one or two more within 150 km.
std::vector<const place*> pick_job_places(rng& g, const std::vector<place>& places) {
    std::vector<const place*> where{&pick_cumulative(g, places)};
    if (g.chance(0.2)) {
        int extra = g.between(1, 2);
        for (int tries = 0; tries < 30 && extra > 0; ++tries) {
            const place& p = pick_cumulative(g, places);
            bool dup = std::any_of(where.begin(), where.end(), [&](const place* w) { return w->id == p.id; });
            if (!dup && km_between(where[0]->lat, where[0]->lon, p.lat, p.lon) < 150) {
                where.push_back(&p);
                --extra;
            }
        }
    }
    return where;
}

// The job's locations as COPY rows; returns what jh_job_location_names(cities, names) would make of
// them: distinct, sorted (byte order = C collation), space separated.
std::string add_job_locations(rng& g, const category& c, std::int64_t id, const std::vector<const place*>& where, std::string& locs) {
    std::vector<std::string> loc_names, loc_cities;
    for (std::size_t k = 0; k < where.size(); ++k) {
        const place& p = *where[k];
        std::map<std::string, std::string> lv{{"city", p.name}};
        std::string name = fill(g.pick(c.location_names), lv);
        double lat = p.lat + (g.uniform() - 0.5) * 0.03, lon = p.lon + (g.uniform() - 0.5) * 0.04;
        row(locs).num(id).num(p.id).text(name)
            .text(std::string(g.pick(data::streets())) + " " + std::to_string(g.between(1, 120)))
            .null().text(p.name).text(p.country).real(lat).real(lon).num(static_cast<int>(k));
        loc_names.push_back(name);
        loc_cities.push_back(p.name);
    }
    std::set<std::string> all_names(loc_cities.begin(), loc_cities.end());
    all_names.insert(loc_names.begin(), loc_names.end());
    std::string location_names;
    for (const auto& n : all_names) location_names += (location_names.empty() ? "" : " ") + n;
    return location_names;
}

// The age of a published job in hours: 3 % in the last hour, 7 % 1-4 h, 10 % 4-24 h, 20 % 1-3 days,
// 20 % 3-7 days, the rest up to 60 days.
double pick_job_age_hours(rng& g) {
    double u = g.uniform();
    return u < 0.03   ? g.uniform()
           : u < 0.10 ? 1 + 3 * g.uniform()
           : u < 0.20 ? 4 + 20 * g.uniform()
           : u < 0.40 ? 24 + 48 * g.uniform()
           : u < 0.60 ? 72 + 96 * g.uniform()
                      : 168 + (60 * 24 - 168) * g.uniform();
}

// One job of organization `org`'s fields (or, one in five, of another field) as COPY rows: its
// title, texts and pay drawn from the category's lists, its places, age and flags. The draws from
// `g` come in a fixed order: the same seed gives the same jobs.
void add_job(rng& g, std::int64_t id, const std::vector<organization>& orgs, const std::vector<place>& places, std::time_t now,
             job_rows& rows) {
    const auto& cats = data::categories();
    const auto& fair_list = data::fairs();
    const organization& org = pick_cumulative(g, orgs);
    int ci = g.chance(0.8) ? g.pick(org.fields) : pick_category(g);
    const category& c = cats[static_cast<std::size_t>(ci)];

    std::vector<const place*> where = pick_job_places(g, places);
    const place& main_place = *where[0];
    std::string fair_name;
    std::vector<std::string_view> local;
    for (const auto& f : fair_list)
        if (f.city == main_place.name) local.push_back(f.name);
    fair_name = local.empty() ? std::string(g.pick(data::generic_fairs())) : std::string(g.pick(local));
    std::string brand(g.pick(data::brands()));
    std::map<std::string, std::string> vars{{"city", main_place.name},  {"brand", brand},
                                            {"fair", fair_name},        {"event", std::string(g.pick(data::events()))},
                                            {"org", org.name}};
    // The main activity decides the title; 0-2 more activities of the same field may follow.
    int main_activity = g.weighted(c.activities);
    std::vector<const data::title*> fitting;
    for (const auto& t : c.titles)
        if (t.activity == main_activity) fitting.push_back(&t);
    const data::title& t = fitting.empty() ? g.pick(c.titles) : *g.pick(fitting);
    std::string title = fill(t.text, vars);

    std::set<int> activity_set{t.activity};
    for (int k = g.between(0, 2); k > 0; --k) activity_set.insert(g.weighted(c.activities));
    std::set<int> type_set{g.weighted(c.employment_types)};
    if (g.chance(0.35)) type_set.insert(g.weighted(c.employment_types));
    std::set<int> industry_set{g.pick(c.industries)};
    if (g.chance(0.3)) industry_set.insert(g.pick(c.industries));

    std::string description = fill(g.pick(c.intros), vars) + "\n\nDeine Aufgaben:\n" +
                              bullets(some(g, c.tasks, g.between(2, 4)));
    std::string requirement = bullets(some(g, c.requirements, g.between(2, 4)));
    std::string benefits = bullets(some(g, c.benefits, g.between(2, 3)));
    double salary = std::round((c.salary_min + g.uniform() * (c.salary_max - c.salary_min)) * 4) / 4;
    salary = std::clamp(salary, 12.0, 25.0);
    std::string special = (!c.special_payments.empty() && g.chance(0.5)) ? std::string(g.pick(c.special_payments)) : "";
    std::string salary_text = german_money(salary) + " € brutto pro Stunde" + (special.empty() ? "" : ", zzgl. " + special);
    bool travel = g.below(100) < c.travel_percent;
    std::vector<std::string> brand_list;
    if (ci == 0 || (ci == 1 && g.chance(0.3))) brand_list.push_back(brand);
    std::vector<std::string> tag_list;
    for (auto t : some(g, data::tags(), g.between(1, 3))) tag_list.emplace_back(t);

    double age_h = pick_job_age_hours(g);
    std::time_t published = now - static_cast<std::time_t>(age_h * 3600);
    std::time_t created = published - static_cast<std::time_t>(g.uniform() * 36 * 3600);
    bool is_published = g.chance(0.97);
    bool active = g.chance(0.96);
    bool own_contact = g.chance(0.4);
    std::string contact_name, contact_email, contact_phone;
    if (own_contact) {
        contact_name = std::string(g.pick(data::first_names())) + " " + std::string(g.pick(data::last_names()));
        contact_email = org.contact_email;
        contact_phone = phone(g);
    }

    std::string location_names = add_job_locations(g, c, id, where, rows.locs);
    std::string location_description =
        where.size() == 1 ? main_place.name : main_place.name + " und " + std::to_string(where.size() - 1) + " weitere Orte";

    std::string slug = slugify(title, 90) + "-" + std::to_string(id);
    std::vector<int> act_ids(activity_set.begin(), activity_set.end());
    std::vector<int> type_ids(type_set.begin(), type_set.end());
    std::vector<int> ind_ids(industry_set.begin(), industry_set.end());
    {
        row r(rows.jobs);
        r.num(id).text(slug).num(org.id).text(title).text(description).text(text_array(brand_list)).text(text_array(tag_list))
            .text(location_description).text(fill(g.pick(c.periods), vars)).text(salary_text).text(money(salary))
            .text("hour").text("EUR")
            .opt(travel ? "Übernachtung im Hotel wird bei Einsätzen außerhalb gestellt" : "")
            .opt(travel ? "Fahrtkosten werden ab 30 km Entfernung erstattet" : "")
            .opt(special).text(g.pick(c.working_times)).text(benefits).text(requirement)
            .opt(contact_name).opt(contact_email).opt(contact_phone)
            .flag(is_published).flag(g.chance(0.005)).flag(g.chance(0.015)).flag(g.chance(0.04))
            .flag(g.chance(0.03)).flag(g.chance(0.04)).flag(active)
            .text(timestamp(created));
        if (is_published) r.text(timestamp(published)); else r.null();
        if (g.chance(0.3)) r.text(timestamp(published + static_cast<std::time_t>(g.between(30, 90)) * 86400)); else r.null();
        r.text(int_array(act_ids)).text(int_array(type_ids)).text(int_array(ind_ids)).text(location_names);
    }
    for (int a : act_ids) row(rows.acts).num(id).num(a);
    for (int t : type_ids) row(rows.types).num(id).num(t);
    for (int n : ind_ids) row(rows.inds).num(id).num(n);
}

bool copy_job_batch(connection& db, const job_rows& rows) {
    return db.run("BEGIN") &&
           db.copy("COPY job_postings (id, slug, organization_id, title, description, brands, tags, location_description, "
                   "period_description, salary_description, base_salary, salary_unit, salary_currency, "
                   "overnight_stay_allowance, travel_expenses, special_payments, working_time, benefits, requirement, "
                   "contact_name, contact_email, contact_phone, is_published, top_job, instant_teaser_job, top_offer, "
                   "sponsored, opportunity, active, created_at, published_at, valid_through, activity_ids, "
                   "employment_type_ids, industry_ids, location_names) FROM STDIN",
                   rows.jobs) &&
           db.copy("COPY job_posting_activities (job_posting_id, activity_id) FROM STDIN", rows.acts) &&
           db.copy("COPY job_posting_employment_types (job_posting_id, employment_type_id) FROM STDIN", rows.types) &&
           db.copy("COPY job_posting_industries (job_posting_id, industry_id) FROM STDIN", rows.inds) &&
           db.copy("COPY job_posting_locations (job_posting_id, place_id, name, street, zipcode, city, country, lat, lon, "
                   "sort_order) FROM STDIN",
                   rows.locs) &&
           db.run("COMMIT");
}

}  // namespace

int seed_command(const config& cfg, const std::vector<std::string>& args) {
    options opt;
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        print_help();
        return 0;
    }
    if (!parse_options(args, opt)) {
        std::fputs("seed: bad arguments\n", stderr);
        print_help();
        return 2;
    }

    std::error_code ec;
    std::string dir = fs::is_directory("migrations", ec) ? "migrations" : source_path("migrations");
    if (auto m = migrate_database(cfg.database_url, dir); !m) {
        std::fprintf(stderr, "seed: migrate: %s\n", m.error().c_str());
        return 1;
    }

    // The shipped content first: it is loaded (idempotently) on every run.
    if (int rc = seed_content(cfg.database_url, default_content_dir(), cfg.var_dir + "/content-images"); rc != 0) return rc;
    if (opt.content_only) return 0;

    connection db(cfg.database_url);
    if (auto c = db.connect(); !c) {
        std::fprintf(stderr, "seed: %s\n", c.error().c_str());
        return 1;
    }
    auto existing = db.run("SELECT count(*), coalesce(max(id), 0) FROM job_postings");
    auto existing_orgs = db.run("SELECT coalesce(max(id), 0) FROM organizations");
    auto taken_slugs = db.run("SELECT slug FROM organizations");
    if (!existing || !existing_orgs || !taken_slugs) return 1;
    long long job_count = std::stoll((*existing)[0][0]);
    if (job_count > 0 && !opt.append) {
        std::printf("seed: the database already has %lld job postings; nothing to do (--append adds more)\n", job_count);
        return 0;
    }
    std::int64_t next_job_id = std::stoll((*existing)[0][1]) + 1;
    std::int64_t next_org_id = std::stoll((*existing_orgs)[0][0]) + 1;
    std::set<std::string> org_slugs;
    for (auto& r : *taken_slugs) org_slugs.insert(r[0]);

    std::vector<place> places, big;
    if (!load_places(db, places, big)) return 1;
    rng g(opt.seed);
    std::time_t now = std::time(nullptr);

    // ---- organizations: a few big ones, many small ones (the weight of the i-th falls as i^0.7)
    std::vector<organization> orgs;
    std::string org_copy;
    double org_cum = 0;
    for (int i = 0; i < opt.organizations; ++i) {
        organization o = make_organization(g, next_org_id + i, big, org_slugs, org_copy);
        org_cum += 1.0 / std::pow(i + 1.0, 0.7);
        o.weight = org_cum;
        orgs.push_back(std::move(o));
    }
    if (!copy_organizations(db, org_copy)) return 1;
    std::printf("seed: %d organizations\n", opt.organizations);
    std::fflush(stdout);

    // ---- job postings, in batches of 5,000 per transaction
    constexpr int batch = 5000;
    for (int start = 0; start < opt.jobs; start += batch) {
        job_rows rows;
        int end = std::min(opt.jobs, start + batch);
        for (int i = start; i < end; ++i) add_job(g, next_job_id + i, orgs, places, now, rows);
        if (!copy_job_batch(db, rows)) return 1;
        std::printf("seed: %d of %d job postings\n", end, opt.jobs);
        std::fflush(stdout);
    }
    if (!seed_shifts(db)) return 1;
    if (!db.run("SELECT setval(pg_get_serial_sequence('job_postings', 'id'), greatest((SELECT max(id) FROM job_postings), 1))") ||
        !db.run("ANALYZE organizations, job_postings, job_posting_activities, job_posting_employment_types, "
                "job_posting_industries, job_posting_locations"))
        return 1;
    std::printf("seed: done: %d organizations, %d job postings (seed %llu)\n", opt.organizations, opt.jobs,
                static_cast<unsigned long long>(opt.seed));
    return 0;
}

}  // namespace jh::seed
