// billing_routes.cpp: the HTTP side of the billing domain (docs/candidate-actions.md, "Invoices
// and the billing account"): the invoices, one as PDF, opening the billing-provider account and
// its one-time login link.
#include "actors/billing/billing_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/file_response.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

void write_invoice(json_writer& w, const invoice_view& i) {
    begin_resource(w, "/api/legacy_billing/", "Invoice", i.id)
        .member("number", i.number)
        .member("date", i.date)
        .member("recipient", i.recipient)
        .member("lastEdited", i.last_edited)
        .member("sent", i.sent)
        .member("paid", i.paid)
        .member("followedUp", i.followed_up)
        .member("totalCents", i.total_cents)
        .member("currency", i.currency)
        .member("printUrl", "/api/legacy_billing/print/" + std::to_string(i.id))
        .end_object();
}

task<http_response> get_invoices(request_context& ctx, billing_actor& billing) {
    ROUTE_TRY(auto list, co_await billing.invoices(ctx.who()));
    co_return hydra_collection("Invoice", list, write_invoice);
}

// An invoice as the PDF its print link opens.
http_response invoice_pdf_response(invoice_pdf pdf) {
    http_response res;
    res.content_type = "application/pdf";
    res.body = std::move(pdf.bytes);
    set_private_file_headers(res, pdf.file_name);   // the name comes from the billing provider
    return res;
}

task<http_response> patch_create_byll_account(request_context& ctx, billing_actor& billing) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto external_id, co_await billing.create_billing_account(ctx.who(), id));
    http_response res;
    json_writer(res.body).begin_object().member("byllAccountId", external_id).member("message", "Dein Byll-Konto ist eröffnet.").end_object();
    co_return res;
}

task<http_response> get_byll_login(request_context& ctx, billing_actor& billing) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto url, co_await billing.billing_login(ctx.who(), id));
    http_response res;
    json_writer(res.body).begin_object().member("url", url).end_object();
    co_return res;
}

}  // namespace

void register_billing_routes(router& r, actor_of<billing_actor> billing) {
    add_routes(r, billing, {
        {http_method::get, "/api/legacy_billing", signed_in_no_body, get_invoices},
        {http_method::get, "/api/legacy_billing/print/{id}", signed_in_no_body,
         answer_by_path_id<&billing_actor::invoice_pdf, invoice_pdf_response>},
        // Opening the billing-provider account and its login are the person's own (actors/roles.h).
        {http_method::patch, "/api/candidate_accounts/{id}/create_byll_account", in_person(signed_in_action), patch_create_byll_account},
        {http_method::get, "/api/candidate_accounts/{id}/byll_login", in_person(signed_in_no_body), get_byll_login},
    });
}

}  // namespace jh
