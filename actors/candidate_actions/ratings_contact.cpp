// ratings_contact.cpp: organization star ratings, contact requests and marketing forms (with the
// newsletter's double opt-in), and the provider registration. See docs/candidate-actions.md.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/password_hash.h"
#include "actors/accounts/password_rules.h"
#include "actors/accounts/session_store.h"
#include "actors/candidate_actions/actions_common.h"
#include "actors/candidate_actions/candidate_actions_actor.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace actions;

namespace {

const char* const msg_rating_conditions =
    "Du kannst ein Unternehmen erst bewerten, wenn dein Konto aktiviert ist und du dich mindestens 5-mal beworben hast.";
const char* const msg_already_rated = "Du hast dieses Unternehmen bereits bewertet.";
const char* const msg_rating_remove = "Die Bewertung konnte nicht entfernt werden. Bitte lade die Seite neu.";
const char* const msg_contact_limit =
    "Von dieser E-Mail-Adresse kamen in der letzten Stunde schon mehrere Anfragen. Bitte versuche es später noch einmal.";

#define JH_RATING_COLUMNS                                                                                          \
    "SELECT s.id, s.organization_id, s.account_id, s.stars, s.comment, to_json(s.created_at) #>> '{}', o.name, "   \
    "       coalesce(nullif(p.first_name, '') || coalesce(' ' || nullif(left(p.last_name, 1), '') || '.', ''), 'Anonym') "
#define JH_RATING_FROM \
    "  FROM organization_star_ratings s JOIN organizations o ON o.id = s.organization_id "                       \
    "  LEFT JOIN candidate_profiles p ON p.account_id = s.account_id "
#define JH_RATING_SELECT JH_RATING_COLUMNS JH_RATING_FROM

rating_view read_rating(const pg::result_set& r, int i) {
    rating_view v;
    v.id = r.int64(i, 0);
    v.organization_id = r.int64(i, 1);
    v.account_id = r.int64(i, 2);
    v.stars = static_cast<int>(r.int64(i, 3));
    v.comment = std::string(r.text(i, 4));
    v.created_at = std::string(r.text(i, 5));
    v.organization_name = std::string(r.text(i, 6));
    v.author = std::string(r.text(i, 7));
    return v;
}

bool valid_phone(std::string_view s) {
    if (s.empty() || s.size() > 50) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || c == '/' || c == '-' || c == '+' || c == ' '; });
}

// A provider's website: an optional http:// or https://, two or more dot-separated labels of
// letters, digits and hyphens, then optionally a path without spaces. One pass, no regex library.
bool valid_website(std::string_view s) {
    if (s.starts_with("http://")) s.remove_prefix(7);
    else if (s.starts_with("https://")) s.remove_prefix(8);
    auto host_char = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; };
    std::size_t labels = 0, i = 0;
    while (true) {
        std::size_t start = i;
        while (i < s.size() && host_char(s[i])) ++i;
        if (i == start) return false;
        ++labels;
        if (i < s.size() && s[i] == '.') {
            ++i;
            continue;
        }
        break;
    }
    if (labels < 2) return false;
    std::string_view path = s.substr(i);
    if (path.empty()) return true;
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; };
    return path.front() == '/' && std::none_of(path.begin(), path.end(), space);
}

// The fields each kind of request accepts: name, required, rule (text, email, phone, long).
struct field_rule {
    const char* name;
    bool required;
    char rule;   // 't' text ≤ 200, 'l' long text ≤ 5000, 'e' email, 'p' phone
};

std::vector<field_rule> rules_for(const std::string& kind) {
    if (kind == "organization_user") return {{"topic", false, 't'}, {"message", true, 'l'}, {"phone", false, 'p'}};
    if (kind == "organization_visitor")
        return {{"name", true, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}, {"topic", false, 't'}, {"message", true, 'l'}};
    if (kind == "project")
        return {{"name", true, 't'},         {"company", true, 't'},
                {"email", true, 'e'},        {"phone", false, 'p'},
                {"topic", false, 't'},       {"message", false, 'l'},
                {"activities", false, 't'},  {"personnelRequirement", false, 't'},
                {"projectDescription", true, 'l'}};
    if (kind == "general")
        return {{"name", true, 't'}, {"company", false, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}, {"topic", false, 't'},
                {"message", true, 'l'}};
    if (kind == "form_newsletter") return {{"email", true, 'e'}, {"firstName", false, 't'}};
    if (kind == "form_price_list")
        return {{"name", true, 't'}, {"company", true, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}};
    if (kind == "form_contact") return {{"name", true, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}, {"message", true, 'l'}};
    return {};
}

const char* label_of(std::string_view field) {
    if (field == "name") return "Name";
    if (field == "company") return "Unternehmen";
    if (field == "email") return "E-Mail";
    if (field == "phone") return "Telefon";
    if (field == "topic") return "Thema";
    if (field == "message") return "Nachricht";
    if (field == "activities") return "Tätigkeiten";
    if (field == "personnelRequirement") return "Personalbedarf";
    if (field == "projectDescription") return "Projektbeschreibung";
    if (field == "firstName") return "Vorname";
    return "Feld";
}

const char* heading_of(std::string_view kind) {
    if (kind == "organization_user" || kind == "organization_visitor") return "Neue Anfrage über Ihre Jobhafen-Seite";
    if (kind == "project") return "Neue Projektanfrage";
    if (kind == "general") return "Neue allgemeine Anfrage";
    if (kind == "form_price_list") return "Anforderung der Preisliste";
    if (kind == "form_contact") return "Neue Nachricht über das Kontaktformular";
    return "Neue Anfrage";
}

std::string get(const std::vector<std::pair<std::string, std::string>>& fields, std::string_view name) {
    for (const auto& [k, v] : fields)
        if (k == name) return v;
    return {};
}

}  // namespace

// ---- ratings ---------------------------------------------------------------------------------------

task<result<rating_view>> candidate_actions_actor::rate(const auth::identity& who, std::int64_t organization_id, int stars,
                                                        std::string comment) {
    std::vector<violation> v;
    if (organization_id <= 0) v.push_back({"organization", msg_required});
    if (stars < 1 || stars > 5) v.push_back({"stars", "Bitte vergib 1 bis 5 Sterne."});
    if (comment.size() > 2000) v.push_back({"comment", "Dein Kommentar darf höchstens 2000 Zeichen lang sein."});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    if (who.account_role != auth::role::candidate) co_return fail(error_kind::forbidden, msg_rating_conditions);
    // The conditions and the insert in one statement: activated (address confirmed, not blocked)
    // and at least 5 applications; one rating per organization (the unique key decides).
    auto r = co_await loop_.pg.query(
        "WITH me AS (SELECT a.id, a.email_verified_at IS NOT NULL AND NOT a.blocked AS active, "
        "                   (SELECT count(*) FROM applications x WHERE x.candidate_account_id = a.id) AS applications "
        "              FROM accounts a WHERE a.id = $1), "
        "     org AS (SELECT id FROM organizations WHERE id = $2 AND active), "
        "     ins AS (INSERT INTO organization_star_ratings (organization_id, account_id, stars, comment) "
        "             SELECT org.id, me.id, $3, $4 FROM me, org WHERE me.active AND me.applications >= $5 "
        "             ON CONFLICT ON CONSTRAINT organization_star_ratings_once DO NOTHING RETURNING id) "
        "SELECT (SELECT id FROM ins), EXISTS (SELECT 1 FROM org), "
        "       coalesce((SELECT active AND applications >= $5 FROM me), false)",
        P(who.account_id, organization_id, stars, comment, rating_min_applications));
    if (!r) co_return db_fail(r.error());
    if (!r->boolean(0, 1)) co_return fail(error_kind::not_found, "Dieses Unternehmen gibt es nicht.");
    if (!r->boolean(0, 2)) co_return fail(error_kind::forbidden, msg_rating_conditions);
    if (r->is_null(0, 0)) co_return fail(error_kind::conflict, msg_already_rated);
    auto v2 = co_await loop_.pg.query(JH_RATING_SELECT " WHERE s.id = $1", P(r->int64(0, 0)));
    if (!v2) co_return db_fail(v2.error());
    co_return read_rating(*v2, 0);
}

task<result<void>> candidate_actions_actor::delete_rating(const auth::identity& who, std::int64_t id) {
    auto r = co_await loop_.pg.query("DELETE FROM organization_star_ratings WHERE id = $1 AND account_id = $2", P(id, who.account_id));
    if (!r) co_return db_fail(r.error());
    if (r->affected() != 1) co_return fail(error_kind::not_found, msg_rating_remove);
    co_return result<void>{};
}

task<result<page_of<rating_view>>> candidate_actions_actor::ratings_of_organization(std::int64_t organization_id, int page,
                                                                                   int per_page) {
    page_of<rating_view> out;
    out.page = page;
    out.items_per_page = per_page;
    auto r = co_await loop_.pg.query(
        JH_RATING_COLUMNS ", count(*) OVER () " JH_RATING_FROM
        " WHERE s.organization_id = $1 AND o.active ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3",
        P(organization_id, per_page, (page - 1) * per_page));
    if (!r) co_return db_fail(r.error());
    for (int i = 0; i < r->rows(); ++i) {
        out.items.push_back(read_rating(*r, i));
        out.total = r->int64(i, 8);
    }
    co_return out;
}

task<result<std::vector<rating_view>>> candidate_actions_actor::ratings_of_account(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, msg_not_found);
    auto r = co_await loop_.pg.query(JH_RATING_SELECT " WHERE s.account_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 500",
                                     P(account_id));
    if (!r) co_return db_fail(r.error());
    std::vector<rating_view> out;
    for (int i = 0; i < r->rows(); ++i) out.push_back(read_rating(*r, i));
    co_return out;
}

// ---- contact and forms -------------------------------------------------------------------------------

task<result<void>> candidate_actions_actor::contact(std::optional<auth::identity> who, contact_input in) {
    auto rules = rules_for(in.kind);
    if (rules.empty()) co_return fail(error_kind::not_found, msg_not_found);
    if (in.kind == "organization_user" && !who) co_return fail(error_kind::unauthorized, "Bitte melde dich an.");

    // Trim, then check every field; all bad fields are listed at once.
    std::vector<std::pair<std::string, std::string>> fields;
    std::vector<violation> v;
    for (const auto& rule : rules) {
        std::string value(accounts::trim_ascii(get(in.fields, rule.name)));
        if (value.empty()) {
            if (rule.required) v.push_back({rule.name, msg_required});
            continue;
        }
        std::size_t max = rule.rule == 'l' ? 5000 : 200;
        if (rule.rule == 'e' && !accounts::is_valid_email(value)) v.push_back({rule.name, msg_email});
        else if (rule.rule == 'p' && !valid_phone(value)) v.push_back({rule.name, msg_phone});
        else if (value.size() > max)
            v.push_back({rule.name, "Dieses Feld darf höchstens " + std::to_string(max) + " Zeichen lang sein"});
        fields.emplace_back(rule.name, std::move(value));
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    // The sender: the logged-in candidate's account for contact/user, else the address typed.
    std::string email = get(fields, "email");
    std::string sender_name = get(fields, "name");
    if (in.kind == "organization_user") {
        auto me = co_await loop_.pg.query(
            "SELECT a.email, coalesce(p.first_name, ''), coalesce(p.last_name, '') FROM accounts a "
            "LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
            P(who->account_id));
        if (!me) co_return db_fail(me.error());
        if (me->rows() != 1) co_return fail(error_kind::unauthorized, "Bitte melde dich an.");
        email = std::string(me->text(0, 0));
        sender_name = full_name(me->text(0, 1), me->text(0, 2));
        fields.emplace_back("name", sender_name);
        fields.emplace_back("email", email);
    }

    // The recipient: the organization's contact, or our own inbox.
    std::string to = loop_.cfg.contact_inbox, to_name = "Jobhafen-Team";
    if (in.kind == "organization_user" || in.kind == "organization_visitor") {
        auto o = co_await loop_.pg.query(
            "SELECT coalesce(contact_email::text, ''), coalesce(contact_name, name) FROM organizations WHERE id = $1 AND active",
            P(in.organization_id.value_or(0)));
        if (!o) co_return db_fail(o.error());
        if (o->rows() != 1) co_return fail(error_kind::not_found, "Dieses Unternehmen gibt es nicht.");
        if (!o->text(0, 0).empty()) {
            to = std::string(o->text(0, 0));
            to_name = std::string(o->text(0, 1));
        }
    }

    // Against spam: a few requests per sender address (and per client address) and hour.
    std::string lowered = email;
    std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    auto by_mail = co_await accounts::count_in_window(loop_.redis, "contact:mail:" + auth::sha256_hex(lowered), 3600);
    if (!by_mail) co_return std::unexpected(by_mail.error());
    auto by_ip = co_await accounts::count_in_window(loop_.redis, "contact:ip:" + in.client_ip, 3600);
    if (!by_ip) co_return std::unexpected(by_ip.error());
    if (*by_mail > loop_.cfg.contact_limit_per_hour || *by_ip > loop_.cfg.contact_limit_per_hour * 4) {
        spdlog::warn("contact request refused: limit per sender or client {} reached", in.client_ip);
        co_return fail(error_kind::too_many_requests, msg_contact_limit);
    }
    // A confirmation mail goes to the address given: it counts against that address's mails.
    if (in.kind == "form_newsletter")
        if (auto limited = co_await accounts_.limit_mails_to(email); !limited) co_return std::unexpected(limited.error());

    std::string fields_json;
    {
        json_writer w(fields_json);
        w.begin_object();
        for (const auto& [k, val] : fields) w.member(k, val);
        w.end_object();
    }
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto ins = co_await tx->query(
        "INSERT INTO contact_requests (kind, organization_id, account_id, email, fields, client_ip) "
        "VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id",
        P(in.kind, in.organization_id, who ? std::optional<std::int64_t>(who->account_id) : std::optional<std::int64_t>(), email,
          fields_json, in.client_ip));
    if (!ins) co_return db_fail(ins.error());
    std::string id = std::to_string(ins->int64(0, 0));

    if (in.kind == "form_newsletter") {
        // Double opt-in: only a confirmation mail now; the address is subscribed when its link is opened.
        std::string token = auth::random_token(32);
        auto sub = co_await tx->query(
            "INSERT INTO newsletter_subscriptions (email, confirm_token_hash, consent_ip, consent_text_version) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO UPDATE SET confirm_token_hash = "
            "  CASE WHEN newsletter_subscriptions.confirmed_at IS NULL THEN excluded.confirm_token_hash "
            "       ELSE newsletter_subscriptions.confirm_token_hash END "
            "RETURNING confirmed_at IS NOT NULL",
            P(email, auth::sha256_hex(token), in.client_ip, newsletter_consent_version));
        if (!sub) co_return db_fail(sub.error());
        if (!sub->boolean(0, 0)) {
            std::string first = get(fields, "firstName");
            mail_data d{{"first_name", first.empty() ? std::string("zusammen") : first},
                        {"link", loop_.cfg.http_public_origin + "/newsletter-bestaetigen/" + token}};
            auto q = co_await job_queue::enqueue(*tx, "mail", mail_payload("newsletter_confirm", email, first, d),
                                                 "newsletter_confirm:" + id);
            if (!q) co_return db_fail(q.error());
        }
    } else {
        std::string text;
        for (const auto& [k, val] : fields) text += std::string(label_of(k)) + ": " + val + "\n";
        mail_data d{{"heading", heading_of(in.kind)}, {"fields", text}, {"reply_to", email}};
        auto q = co_await job_queue::enqueue(*tx, "mail", mail_payload("contact_request", to, to_name, d), "contact_request:" + id);
        if (!q) co_return db_fail(q.error());
    }
    auto c = co_await tx->commit();
    if (!c) co_return db_fail(c.error());
    job_queue::wake(loop_, "mail");
    co_return result<void>{};
}

task<result<void>> candidate_actions_actor::confirm_newsletter(std::string token, std::string client_ip) {
    (void)client_ip;
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, "Dieser Bestätigungslink ist ungültig.");
    auto r = co_await loop_.pg.query(
        "UPDATE newsletter_subscriptions SET confirmed_at = coalesce(confirmed_at, now()) WHERE confirm_token_hash = $1",
        P(auth::sha256_hex(token)));
    if (!r) co_return db_fail(r.error());
    if (r->affected() != 1) co_return fail(error_kind::not_found, "Dieser Bestätigungslink ist ungültig.");
    co_return result<void>{};
}

// ---- provider registration ---------------------------------------------------------------------------

task<result<void>> candidate_actions_actor::register_provider(provider_registration reg) {
    if (auto limited = co_await accounts_.limit_client("registration", reg.client_ip,
                                                                      loop_.cfg.auth_registrations_per_client_per_hour);
        !limited)
        co_return std::unexpected(limited.error());
    std::vector<violation> v;
    auto t = [](std::string& s) { s = std::string(accounts::trim_ascii(s)); };
    for (auto* s : {&reg.email, &reg.first_name, &reg.last_name, &reg.phone, &reg.company, &reg.street, &reg.zipcode, &reg.city,
                    &reg.website})
        t(*s);
    if (reg.email.empty()) v.push_back({"email", msg_required});
    else if (!accounts::is_valid_email(reg.email)) v.push_back({"email", msg_email});
    accounts::check_password(reg.password, "password", v);
    if (reg.password_confirmation != reg.password) v.push_back({"passwordConfirmation", "Passwort muss gleich sein"});
    for (auto [name, value] : {std::pair<const char*, const std::string*>{"firstName", &reg.first_name},
                               {"lastName", &reg.last_name},
                               {"company", &reg.company}}) {
        if (value->empty()) v.push_back({name, msg_required});
        else if (value->size() > 200) v.push_back({name, "Dieses Feld darf höchstens 200 Zeichen lang sein"});
    }
    if (!reg.phone.empty() && !valid_phone(reg.phone)) v.push_back({"phone", msg_phone});
    if (!reg.zipcode.empty() && (reg.zipcode.size() != 5 || !std::all_of(reg.zipcode.begin(), reg.zipcode.end(), ::isdigit)))
        v.push_back({"zipcode", "Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten"});
    // Lengths before the format rules (docs/decisions.md, "Input bounds and resource limits").
    for (auto [name, value, max] : {std::tuple<const char*, const std::string*, std::size_t>{"street", &reg.street, 200},
                                    {"city", &reg.city, 100},
                                    {"website", &reg.website, 255}})
        if (utf8_length(*value) > max) v.push_back({name, too_long_message(max)});
    if (!reg.website.empty() && utf8_length(reg.website) <= 255 && !valid_website(reg.website)) v.push_back({"website", msg_url});
    if (reg.job_title) {
        std::string title(accounts::trim_ascii(*reg.job_title));
        if (title.empty()) v.push_back({"jobPosting.title", msg_required});
        else if (title.size() > 200) v.push_back({"jobPosting.title", "Dieses Feld darf höchstens 200 Zeichen lang sein"});
        reg.job_title = title;
        if (reg.job_description && reg.job_description->size() > 50000)
            v.push_back({"jobPosting.description", "Dieses Feld darf höchstens 50000 Zeichen lang sein"});
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // A known address gets the same answer as a new one (its owner gets a mail instead), so the
    // limit counts every address.
    if (auto limited = co_await accounts_.limit_mails_to(reg.email); !limited) co_return std::unexpected(limited.error());

    accounts::argon2_params params{static_cast<unsigned long long>(loop_.cfg.auth_argon2_opslimit),
                                   static_cast<std::size_t>(loop_.cfg.auth_argon2_memlimit_kib) * 1024u};
    auto job = [pw = reg.password, params] { return accounts::hash_password(pw, params); };
    auto hashed = co_await hash_pool_.run(std::move(job));
    if (!hashed) co_return std::unexpected(hashed.error());
    if (!*hashed) co_return fail(error_kind::unavailable);

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto known = co_await tx->query(
        "SELECT a.email, a.role, coalesce(p.first_name, ''), coalesce(p.last_name, '') "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.email = $1",
        P(reg.email));
    if (!known) co_return db_fail(known.error());
    if (known->rows() == 1) {
        const bool provider = known->text(0, 1) == "organization_member";
        std::string first = provider ? reg.first_name : std::string(known->text(0, 2));
        mail_data d{{"first_name", first.empty() ? std::string("zusammen") : first},
                    {"link", loop_.cfg.http_public_origin + "/?login=1"}};
        auto q = co_await job_queue::enqueue(
            *tx, "mail",
            mail_payload(provider ? "registration_attempt_provider" : "registration_attempt", std::string(known->text(0, 0)), first, d),
            "registration_attempt:" + auth::sha256_hex(auth::random_token(16)).substr(0, 24));
        if (!q) co_return db_fail(q.error());
        auto c = co_await tx->commit();
        if (!c) co_return db_fail(c.error());
        job_queue::wake(loop_, "mail");
        co_return result<void>{};
    }
    // The organization waits for review (inactive, not approved: `jobhafen admin organizations
    // approve`); its slug is the name plus a random tail.
    std::string tail = auth::sha256_hex(auth::random_token(8)).substr(0, 6);
    auto org = co_await tx->query(
        "INSERT INTO organizations (slug, name, contact_name, contact_email, contact_phone, website, street, zipcode, city, active, "
        "                           review_pending, approved_at) "
        "VALUES (left(coalesce(nullif(trim(both '-' from regexp_replace(lower(jh_fold_plain($1)), '[^a-z0-9]+', '-', 'g')), ''), "
        "             'anbieter'), 100) || '-' || $9, $1, $2, $3, nullif($4, ''), nullif($5, ''), nullif($6, ''), nullif($7, ''), "
        "        nullif($8, ''), false, true, NULL) RETURNING id",
        P(reg.company, full_name(reg.first_name, reg.last_name), reg.email, reg.phone, reg.website, reg.street, reg.zipcode, reg.city,
          tail));
    if (!org) co_return db_fail(org.error());
    std::int64_t org_id = org->int64(0, 0);
    auto acc = co_await tx->query(
        "INSERT INTO accounts (email, password_hash, role, organization_id, registration_query) "
        "VALUES ($1, $2, 'organization_member', $3, $4::jsonb) RETURNING id",
        P(reg.email, **hashed, org_id, reg.query_json));
    if (!acc) {
        if (acc.error().unique_violation()) co_return result<void>{};   // registered a moment ago: the same answer
        co_return db_fail(acc.error());
    }
    std::int64_t account_id = acc->int64(0, 0);
    if (reg.job_title) {
        auto jp = co_await tx->query(
            "INSERT INTO job_postings (slug, organization_id, title, description, is_published) "
            "VALUES (left(coalesce(nullif(trim(both '-' from regexp_replace(lower(jh_fold_plain($2)), '[^a-z0-9]+', '-', 'g')), ''), "
            "             'job'), 150) || '-' || $4, $1, $2, $3, false) RETURNING id",
            P(org_id, *reg.job_title, reg.job_description.value_or(""), tail));
        if (!jp) co_return db_fail(jp.error());
        if (reg.job_city && !reg.job_city->empty()) {
            auto loc = co_await tx->query(
                "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon, place_id) "
                "SELECT $1, p.name, p.lat, p.lon, p.id FROM places p WHERE p.name = $2 AND p.country IN ('de', 'at', 'ch') "
                "ORDER BY p.population DESC LIMIT 1",
                P(jp->int64(0, 0), *reg.job_city));
            if (!loc) spdlog::debug("provider registration: job city not placed: {}", loc.error().message);
        }
    }
    std::string token = auth::random_token(32);
    auto tok = co_await tx->query(
        "INSERT INTO account_tokens (account_id, purpose, token_hash, expires_at) "
        "VALUES ($1, 'verify_email', $2, now() + make_interval(secs => $3))",
        P(account_id, auth::sha256_hex(token), loop_.cfg.auth_verify_email_ttl_s));
    if (!tok) co_return db_fail(tok.error());
    mail_data d{{"name", full_name(reg.first_name, reg.last_name)},
                {"company", reg.company},
                {"job_note", reg.job_title ? "Ihre erste Stellenanzeige „" + *reg.job_title +
                                                 "“ haben wir gespeichert. Sie wird nach unserer Prüfung veröffentlicht."
                                           : std::string("Nach unserer Prüfung können Sie Stellenanzeigen veröffentlichen.")},
                {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + token}};
    auto q = co_await job_queue::enqueue(*tx, "mail", mail_payload("provider_welcome", reg.email, full_name(reg.first_name, reg.last_name), d),
                                         "provider_welcome:" + std::to_string(account_id));
    if (!q) co_return db_fail(q.error());
    auto c = co_await tx->commit();
    if (!c) co_return db_fail(c.error());
    job_queue::wake(loop_, "mail");
    co_return result<void>{};
}

}  // namespace jh
