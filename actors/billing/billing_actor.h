// billing_actor.h: the billing domain as the candidate sees it: the invoices (legacy billing), an
// invoice as PDF (drawn by the render worker), and the account at the billing provider ("Byll"),
// reached over HTTP at billing.url. Writes `billing_accounts`; `invoices` is written by the
// billing integration or an administrator. docs/candidate-actions.md, "Invoices and the billing
// account", describes the provider's small API.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/billing/billing_settings.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;
class http_client;

namespace actions {

struct invoice_view {
    std::int64_t id = 0;
    std::string number, date, recipient, last_edited, currency;
    std::int64_t total_cents = 0;
    std::optional<std::string> sent, paid, followed_up;
};

struct invoice_pdf {
    std::string file_name;
    std::string bytes;
};

}  // namespace actions

class billing_actor {
public:
    explicit billing_actor(loop_context& loop);
    ~billing_actor();

    task<result<std::vector<actions::invoice_view>>> invoices(const auth::identity& who);
    task<result<actions::invoice_pdf>> invoice_pdf(const auth::identity& who, std::int64_t id);
    task<result<std::string>> create_billing_account(const auth::identity& who, std::int64_t account_id);   // external id
    task<result<std::string>> billing_login(const auth::identity& who, std::int64_t account_id);            // login URL

private:
    loop_context& loop_;
    const billing_settings& settings_;   // billing.* (billing_settings.h)
    std::unique_ptr<http_client> http_;   // made on first use
};

}  // namespace jh
