// billing_actor.cpp: the candidate's invoices (legacy billing), an invoice as PDF (drawn by the render
// worker with workers/billing/invoice_pdf), and the account at the billing provider
// ("Byll"), reached over HTTP at billing.url (reactor/http_client.h; ops/billing_sandbox.py is a
// local stand-in). See docs/candidate-actions.md for the provider's small API.
#include "actors/billing/billing_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/actions_common.h"
#include "reactor/config.h"
#include "reactor/http_client.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"
#include "reactor/zmq_request.h"
#include "messages/render.h"

namespace jh {

using namespace actions;

namespace {

const char* const msg_cannot_open = "Das Byll-Konto kann gerade nicht eröffnet werden. Bitte versuche es später noch einmal.";
const char* const msg_exists = "Du hast bereits ein Byll-Konto.";

std::string iso_or_null(const pg::result_set& r, int i, int c) { return r.is_null(i, c) ? std::string() : std::string(r.text(i, c)); }

}  // namespace

billing_actor::billing_actor(loop_context& loop) : loop_(loop), settings_(section<billing_settings>(loop.cfg)) {}
billing_actor::~billing_actor() = default;

task<result<std::vector<invoice_view>>> billing_actor::invoices(const auth::identity& who) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT id, number, to_char(invoice_date, 'YYYY-MM-DD'), recipient, to_json(last_edited_at) #>> '{}', "
        "       to_json(sent_at) #>> '{}', to_json(paid_at) #>> '{}', to_json(followed_up_at) #>> '{}', total_cents, currency "
        "  FROM invoices WHERE account_id = $1 ORDER BY invoice_date DESC, id DESC LIMIT 500",
        pg::bind(who.account_id)));
    std::vector<invoice_view> out;
    for (int i = 0; i < r.rows(); ++i) {
        invoice_view v;
        v.id = r.int64(i, 0);
        v.number = std::string(r.text(i, 1));
        v.date = std::string(r.text(i, 2));
        v.recipient = std::string(r.text(i, 3));
        v.last_edited = std::string(r.text(i, 4));
        if (!r.is_null(i, 5)) v.sent = iso_or_null(r, i, 5);
        if (!r.is_null(i, 6)) v.paid = iso_or_null(r, i, 6);
        if (!r.is_null(i, 7)) v.followed_up = iso_or_null(r, i, 7);
        v.total_cents = r.int64(i, 8);
        v.currency = std::string(r.text(i, 9));
        out.push_back(std::move(v));
    }
    co_return out;
}

task<result<invoice_pdf>> billing_actor::invoice_pdf(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT i.number, to_char(i.invoice_date, 'DD.MM.YYYY'), i.recipient, i.currency, "
        "       coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), a.email::text), "
        "       (SELECT coalesce(string_agg(coalesce(l->>'quantity', '1') || E'\\t' || coalesce(l->>'unitCents', '0') || E'\\t' || "
        "               replace(replace(coalesce(l->>'text', ''), E'\\t', ' '), E'\\n', ' '), E'\\n' ORDER BY n), '') "
        "          FROM jsonb_array_elements(i.lines) WITH ORDINALITY AS e(l, n)) "
        "  FROM invoices i JOIN accounts a ON a.id = i.account_id LEFT JOIN candidate_profiles p ON p.account_id = a.id "
        " WHERE i.id = $1 AND i.account_id = $2",
        pg::bind(id, who.account_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, "Diese Rechnung gibt es nicht.");
    messages::invoice_document doc;
    doc.number = std::string(r.text(0, 0));
    doc.date = std::string(r.text(0, 1));
    doc.recipient = std::string(r.text(0, 2));
    doc.currency = std::string(r.text(0, 3));
    doc.issuer = std::string(r.text(0, 4));
    std::string_view rows = r.text(0, 5);
    while (!rows.empty()) {
        auto nl = rows.find('\n');
        std::string_view line = rows.substr(0, nl);
        rows = nl == std::string_view::npos ? std::string_view{} : rows.substr(nl + 1);
        auto t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
        if (t1 == std::string_view::npos || t2 == std::string_view::npos) continue;
        messages::invoice_line l;
        l.quantity = std::strtoll(std::string(line.substr(0, t1)).c_str(), nullptr, 10);
        l.unit_cents = std::strtoll(std::string(line.substr(t1 + 1, t2 - t1 - 1)).c_str(), nullptr, 10);
        l.text = std::string(line.substr(t2 + 1));
        doc.lines.push_back(std::move(l));
    }
    // The render worker draws it (request/reply over ZeroMQ, reactor/zmq_request.h): no CPU work
    // on the loop, one pool of PDF renderers for the sedcard and the invoice.
    std::string model = messages::invoice_model_json(doc);
    std::vector<std::string_view> no_attachments;
    auto reply = co_await loop_.requests.request(messages::render_kind::invoice, model, std::move(no_attachments), 10000);
    if (!reply.ok() || reply.body.empty()) {
        spdlog::warn("invoice {}: render worker answered {}", id, reply.status);
        co_return fail(error_kind::unavailable, "Die Rechnung kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.");
    }
    actions::invoice_pdf out;
    out.file_name = "Rechnung-" + std::string(r.text(0, 0)) + ".pdf";
    out.bytes = std::move(reply.body.front());
    co_return out;
}

task<result<std::string>> billing_actor::create_billing_account(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, msg_not_found);
    CO_TRY(auto me, co_await loop_.pg.read(
        "SELECT a.email, a.email_verified_at IS NOT NULL, coalesce(p.first_name, ''), coalesce(p.last_name, ''), "
        "       (SELECT external_id FROM billing_accounts b WHERE b.account_id = a.id) "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        pg::bind(account_id)));
    if (me.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    if (!me.is_null(0, 4)) co_return fail(error_kind::conflict, msg_exists);
    if (!me.boolean(0, 1))
        co_return fail(error_kind::forbidden, "Bitte bestätige zuerst deine E-Mail-Adresse, um ein Byll-Konto zu eröffnen.");
    if (settings_.url.empty()) co_return fail(error_kind::unavailable, msg_cannot_open);

    std::string body;
    json_writer w(body);
    w.begin_object()
        .member("externalRef", "jobhafen-" + std::to_string(account_id))
        .member("email", me.text(0, 0))
        .member("firstName", me.text(0, 2))
        .member("lastName", me.text(0, 3))
        .end_object();
    if (!http_) http_ = std::make_unique<http_client>(loop_.uv);
    http_client_request req;
    req.method = "POST";
    req.url = settings_.url + "/accounts";
    req.timeout_ms = settings_.timeout_ms;
    req.headers = {"Content-Type: application/json", "Accept: application/json"};
    if (!settings_.api_key.empty()) req.headers.push_back("Authorization: Bearer " + settings_.api_key);
    req.body = std::move(body);
    auto answer = co_await http_->send(std::move(req));
    if (!answer) {
        spdlog::warn("billing provider: {}", answer.error());
        co_return fail(error_kind::unavailable, msg_cannot_open);
    }
    if (answer->status == 409) co_return fail(error_kind::conflict, msg_exists);
    if (answer->status != 200 && answer->status != 201) {
        spdlog::warn("billing provider: account not opened, status {}", answer->status);
        co_return fail(error_kind::unavailable, msg_cannot_open);
    }
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    std::string_view external;
    if (parser.parse(answer->body).get(o) || o["id"].get(external) || external.empty() || external.size() > 200)
        co_return fail(error_kind::unavailable, msg_cannot_open);
    CO_TRY(auto ins, co_await loop_.pg.query(
        "INSERT INTO billing_accounts (account_id, external_id) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING",
        pg::bind(account_id, external)));
    if (ins.affected() != 1) co_return fail(error_kind::conflict, msg_exists);
    co_return std::string(external);
}

task<result<std::string>> billing_actor::billing_login(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, msg_not_found);
    CO_TRY(auto b, co_await loop_.pg.read("SELECT external_id FROM billing_accounts WHERE account_id = $1", pg::bind(account_id)));
    if (b.rows() != 1) co_return fail(error_kind::not_found, "Du hast noch kein Byll-Konto.");
    if (settings_.url.empty()) co_return fail(error_kind::unavailable, msg_cannot_open);
    if (!http_) http_ = std::make_unique<http_client>(loop_.uv);
    http_client_request req;
    req.method = "POST";
    req.url = settings_.url + "/accounts/" + url_escape(b.text(0, 0)) + "/login";
    req.timeout_ms = settings_.timeout_ms;
    req.headers = {"Accept: application/json"};
    if (!settings_.api_key.empty()) req.headers.push_back("Authorization: Bearer " + settings_.api_key);
    auto answer = co_await http_->send(std::move(req));
    if (!answer || answer->status != 200) co_return fail(error_kind::unavailable, "Die Anmeldung bei Byll ist gerade nicht möglich.");
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    std::string_view url;
    if (parser.parse(answer->body).get(o) || o["url"].get(url) || !(url.starts_with("https://") || url.starts_with("http://")))
        co_return fail(error_kind::unavailable, "Die Anmeldung bei Byll ist gerade nicht möglich.");
    co_return std::string(url);
}

}  // namespace jh
