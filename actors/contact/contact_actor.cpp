// contact_actor.cpp: contact requests and marketing forms (with the newsletter's double opt-in).
// See contact_actor.h and docs/candidate-actions.md.
#include "actors/contact/contact_actor.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "actors/form_text.h"
#include "actors/actions_common.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/rate_window.h"
#include "reactor/text_table.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;

namespace {

const char* const msg_contact_limit =
    "Von dieser E-Mail-Adresse kamen in der letzten Stunde schon mehrere Anfragen. Bitte versuche es später noch einmal.";
const char* const msg_organization_full =
    "Dieses Unternehmen hat heute schon sehr viele Anfragen über Jobhafen bekommen. Bitte versuche es morgen noch einmal.";

// An organization's contact address gets at most this many requests a day through its page
// (docs/decisions.md, "Mails one party makes Jobhafen send to another"). The sender's address is
// typed, not confirmed, so the per-sender limit alone does not bound what one person can make us
// send to an organization; thirty a day is far above what a company page receives.
constexpr int requests_per_organization_per_day = 30;

// A client address may send four times what one sender address may: an office or a family shares
// one address, and every sender is still bound by its own limit below.
int contact_requests_per_client_per_hour(const loop_context& loop) { return loop.cfg.contact_limit_per_hour * 4; }


// The fields each kind of request accepts: name, required, rule.
struct field_rule {
    const char* name;
    bool required;
    char rule;   // 't' text ≤ 200, 'l' long text ≤ 5000, 'e' email, 'p' phone, 'c' topic, 'a' activities
};

// The topics a request may name (the contact and offer forms offer exactly these; docs/decisions.md,
// "Contact topics and activities"): the code the form sends and the German label the mail shows.
constexpr text_pair topics[] = {
    {"general_request", "Allgemeine Anfrage"},
    {"project_request", "Projektanfrage"},
    {"offer_request", "Angebot für Personal"},
    {"job_postings", "Stellenanzeigen und Kontingente"},
    {"applicant_database", "Bewerberdatenbank"},
    {"multiposting", "Multiposting"},
    {"special_advertising", "Sonderwerbeformen"},
};

// At most this many activities per request: enough for any project, bounded before the lookup.
constexpr std::size_t max_contact_activities = 20;

std::vector<field_rule> rules_for(const std::string& kind) {
    if (kind == "organization_user")
        return {{"topic", false, 'c'}, {"message", true, 'l'}, {"phone", false, 'p'}, {"company", false, 't'},
                {"activities", false, 'a'}, {"personnelRequirement", false, 't'}};
    if (kind == "organization_visitor")
        return {{"name", true, 't'},         {"email", true, 'e'},      {"phone", false, 'p'},
                {"company", false, 't'},     {"topic", false, 'c'},     {"message", true, 'l'},
                {"activities", false, 'a'},  {"personnelRequirement", false, 't'}};
    if (kind == "project")
        return {{"name", true, 't'},         {"company", true, 't'},
                {"email", true, 'e'},        {"phone", false, 'p'},
                {"topic", false, 'c'},       {"message", false, 'l'},
                {"activities", false, 'a'},  {"personnelRequirement", false, 't'},
                {"projectDescription", true, 'l'}};
    if (kind == "general")
        return {{"name", true, 't'}, {"company", false, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}, {"topic", false, 'c'},
                {"message", true, 'l'}};
    if (kind == "form_newsletter") return {{"email", true, 'e'}, {"firstName", false, 't'}};
    if (kind == "form_price_list")
        return {{"name", true, 't'}, {"company", true, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}};
    if (kind == "form_contact") return {{"name", true, 't'}, {"email", true, 'e'}, {"phone", false, 'p'}, {"message", true, 'l'}};
    return {};
}

// One field against its rule; empty when it passes.
std::string check_field(const field_rule& rule, const std::string& value) {
    if (rule.rule == 'e' && !forms::is_valid_email(value)) return msg_email;
    if (rule.rule == 'p' && !valid_phone(value)) return msg_phone;
    if (rule.rule == 'c') return find_value(topics, value) ? "" : "Bitte ein Thema aus der Liste wählen.";
    if (rule.rule == 'a') {
        // The route joined the list with ", "; slugs never hold a comma.
        if (value.size() > max_contact_activities * 40 || std::count(value.begin(), value.end(), ',') >= static_cast<long>(max_contact_activities))
            return "Höchstens " + std::to_string(max_contact_activities) + " Tätigkeiten auswählen.";
        return {};
    }
    std::size_t max = rule.rule == 'l' ? 5000 : 200;
    if (value.size() > max) return "Dieses Feld darf höchstens " + std::to_string(max) + " Zeichen lang sein";
    return {};
}

// The German name of each field in the mail to the inbox.
constexpr text_pair field_labels[] = {
    {"name", "Name"},
    {"company", "Unternehmen"},
    {"email", "E-Mail"},
    {"phone", "Telefon"},
    {"topic", "Thema"},
    {"message", "Nachricht"},
    {"activities", "Tätigkeiten"},
    {"personnelRequirement", "Personalbedarf"},
    {"projectDescription", "Projektbeschreibung"},
    {"firstName", "Vorname"},
};

// The mail's heading for each kind of request.
constexpr text_pair headings[] = {
    {"organization_user", "Neue Anfrage über Ihre Jobhafen-Seite"},
    {"organization_visitor", "Neue Anfrage über Ihre Jobhafen-Seite"},
    {"project", "Neue Projektanfrage"},
    {"general", "Neue allgemeine Anfrage"},
    {"form_price_list", "Anforderung der Preisliste"},
    {"form_contact", "Neue Nachricht über das Kontaktformular"},
};

std::string get(const std::vector<std::pair<std::string, std::string>>& fields, std::string_view name) {
    for (const auto& [k, v] : fields)
        if (k == name) return v;
    return {};
}

}  // namespace

// The key is the one the actor counted in before the limit became a route class (a deploy keeps
// the running windows); the message is the one the sender's own limit gives.
const rate_class contact_rate{.name = "contact",
                              .key_prefix = "contact:ip:",
                              .window_s = 3600,
                              .limit = contact_requests_per_client_per_hour,
                              .message = msg_contact_limit};

contact_actor::contact_actor(loop_context& loop, accounts_actor& accounts) : loop_(loop), accounts_(accounts) {}

task<result<void>> contact_actor::contact(std::optional<auth::identity> who, contact_input in) {
    if (rules_for(in.kind).empty()) co_return fail(error_kind::not_found, msg_not_found);
    if (in.kind == "organization_user" && !who) co_return fail(error_kind::unauthorized, "Bitte melde dich an.");
    CO_TRY(auto fields, co_await checked_fields(in));
    CO_TRY(auto from, co_await sender(who, in, fields));
    CO_TRY(auto to, co_await recipient(in));
    CO_CHECK(co_await within_limits(in, from.email));
    co_return co_await store(who, in, fields, from, to);
}

task<result<contact_actor::field_list>> contact_actor::checked_fields(const actions::contact_input& in) {
    field_list fields;
    std::vector<violation> v;
    for (const auto& rule : rules_for(in.kind)) {
        std::string value(forms::trim_ascii(get(in.fields, rule.name)));
        if (value.empty()) {
            if (rule.required) v.push_back({rule.name, msg_required});
            continue;
        }
        if (std::string message = check_field(rule, value); !message.empty()) v.push_back({rule.name, std::move(message)});
        fields.emplace_back(rule.name, std::move(value));
    }
    // The activities are catalogue slugs: the request keeps and mails their German names.
    if (std::string slugs = get(fields, "activities"); !slugs.empty() && v.empty()) {
        CO_TRY(auto names, co_await activity_names(slugs));
        if (!names) v.push_back({"activities", "Diese Tätigkeit gibt es nicht. Bitte aus der Liste wählen."});
        else
            for (auto& [k, val] : fields)
                if (k == "activities") val = *names;
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    co_return fields;
}

task<result<contact_actor::address>> contact_actor::sender(const std::optional<auth::identity>& who, const actions::contact_input& in,
                                                           field_list& fields) {
    if (in.kind != "organization_user") co_return address{get(fields, "email"), get(fields, "name")};
    CO_TRY(auto me, co_await loop_.pg.read(
        "SELECT a.email, coalesce(p.first_name, ''), coalesce(p.last_name, '') FROM accounts a "
        "LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        pg::bind(who->account_id)));
    if (me.rows() != 1) co_return fail(error_kind::unauthorized, "Bitte melde dich an.");
    address from{std::string(me.text(0, 0)), full_name(me.text(0, 1), me.text(0, 2))};
    fields.emplace_back("name", from.name);
    fields.emplace_back("email", from.email);
    co_return from;
}

task<result<contact_actor::address>> contact_actor::recipient(const actions::contact_input& in) {
    address to{loop_.cfg.contact_inbox, "Jobhafen-Team"};
    if (in.kind != "organization_user" && in.kind != "organization_visitor") co_return to;
    CO_TRY(auto o, co_await loop_.pg.read(
        "SELECT coalesce(contact_email::text, ''), coalesce(contact_name, name) FROM organizations WHERE id = $1 AND active",
        pg::bind(in.organization_id.value_or(0))));
    if (o.rows() != 1) co_return fail(error_kind::not_found, "Dieses Unternehmen gibt es nicht.");
    if (!o.text(0, 0).empty()) to = address{std::string(o.text(0, 0)), std::string(o.text(0, 1))};
    co_return to;
}

task<result<void>> contact_actor::within_limits(const actions::contact_input& in, const std::string& email) {
    // Per client address: contact_rate, counted before the request came here.
    std::string lowered = email;
    std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    CO_TRY(auto by_mail, co_await count_in_window(loop_.redis, "contact:mail:" + auth::sha256_hex(lowered), 3600));
    if (by_mail.count > loop_.cfg.contact_limit_per_hour) {
        spdlog::warn("contact request refused: limit per sender reached (client {})", in.client_ip);
        co_return fail(error_kind::too_many_requests, msg_contact_limit);
    }
    // The organization's own bound, counted only for requests that passed the sender's.
    if (in.kind == "organization_user" || in.kind == "organization_visitor") {
        CO_TRY(auto to_org, co_await count_in_window(loop_.redis, "contact:org:" + std::to_string(*in.organization_id), 86400));
        if (to_org.count > requests_per_organization_per_day) {
            spdlog::warn("contact request refused: organization {} reached its daily bound", *in.organization_id);
            co_return fail(error_kind::too_many_requests, msg_organization_full);
        }
    }
    // A confirmation mail goes to the address given: it counts against that address's mails.
    if (in.kind == "form_newsletter") CO_CHECK(co_await accounts_.limit_mails_to(email));
    co_return result<void>{};
}

task<result<void>> contact_actor::store(const std::optional<auth::identity>& who, const actions::contact_input& in, const field_list& fields,
                                        const address& from, const address& to) {
    std::string fields_json;
    {
        json_writer w(fields_json);
        w.begin_object();
        for (const auto& [k, val] : fields) w.member(k, val);
        w.end_object();
    }
    const std::string& email = from.email;
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO contact_requests (kind, organization_id, account_id, email, fields, client_ip) "
            "VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id",
            pg::bind(in.kind, in.organization_id, who ? std::optional<std::int64_t>(who->account_id) : std::optional<std::int64_t>(), email,
              fields_json, in.client_ip)));
        std::string id = std::to_string(ins.int64(0, 0));

        if (in.kind == "form_newsletter") {
            // Double opt-in: only a confirmation mail now; the address is subscribed when its link is opened.
            std::string token = auth::random_token(32);
            CO_TRY(auto sub, co_await tx.query(
                "INSERT INTO newsletter_subscriptions (email, confirm_token_hash, consent_ip, consent_text_version) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO UPDATE SET confirm_token_hash = "
                "  CASE WHEN newsletter_subscriptions.confirmed_at IS NULL THEN excluded.confirm_token_hash "
                "       ELSE newsletter_subscriptions.confirm_token_hash END "
                "RETURNING confirmed_at IS NOT NULL",
                pg::bind(email, auth::sha256_hex(token), in.client_ip, newsletter_consent_version)));
            if (!sub.boolean(0, 0)) {
                std::string first = get(fields, "firstName");
                mail_data d{{"first_name", first.empty() ? std::string("zusammen") : first},
                            {"link", loop_.cfg.http_public_origin + "/newsletter-bestaetigen/" + token}};
                CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, messages::mail_payload(messages::mail_template::newsletter_confirm, email, first, d),
                                                     "newsletter_confirm:" + id));
            }
        } else {
            std::string text;
            for (const auto& [k, val] : fields) {
                auto topic = k == "topic" ? find_value(topics, val) : std::nullopt;
                text += std::string(value_or(field_labels, k, "Feld")) + ": " + (topic ? std::string(*topic) : val) + "\n";
            }
            mail_data d{{"heading", std::string(value_or(headings, in.kind, "Neue Anfrage"))}, {"fields", text}, {"reply_to", email}};
            CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, messages::mail_payload(messages::mail_template::contact_request, to.email, to.name, d), "contact_request:" + id));
        }
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return result<void>{};
    });
}

task<result<std::optional<std::string>>> contact_actor::activity_names(std::string slugs) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(string_agg(a.name, ', ' ORDER BY s.ord), ''), bool_and(a.name IS NOT NULL) "
        "  FROM unnest(string_to_array($1, ',')) WITH ORDINALITY s(slug, ord) "
        "  LEFT JOIN activities a ON a.slug = btrim(s.slug) AND a.active",
        pg::bind(slugs)));
    if (!r.boolean(0, 1)) co_return std::optional<std::string>();
    co_return std::optional<std::string>(std::string(r.text(0, 0)));
}

task<result<void>> contact_actor::confirm_newsletter(std::string token, std::string client_ip) {
    (void)client_ip;
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, "Dieser Bestätigungslink ist ungültig.");
    CO_TRY(auto r, co_await loop_.pg.query(
        "UPDATE newsletter_subscriptions SET confirmed_at = coalesce(confirmed_at, now()) WHERE confirm_token_hash = $1",
        pg::bind(auth::sha256_hex(token))));
    if (r.affected() != 1) co_return fail(error_kind::not_found, "Dieser Bestätigungslink ist ungültig.");
    co_return result<void>{};
}

}  // namespace jh
