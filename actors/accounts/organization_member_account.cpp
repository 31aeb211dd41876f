// organization_member_account.cpp: the account of a provider who registers (POST
// /organization_member/register). The accounts actor owns `accounts` and `account_tokens`, so it
// hashes the password, inserts the account and its verification token and queues the welcome mail;
// the organization (and its first job posting) come from the caller's hook in the same
// transaction (actors/provider_registration/). docs/candidate-actions.md, "Provider registration".
#include "actors/accounts/accounts_actor.h"
#include "actors/actions_common.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh::accounts {

using actions::full_name;
using actions::mail_data;

task<result<void>> accounts_actor::create_organization_member_account(organization_member_registration reg) {
    // A known address gets the same answer as a new one (its owner gets a mail instead), so the
    // limit counts every address.
    CO_CHECK(co_await limit_mails_to(reg.email));

    // Hashed whether or not the address is known, so both answers take the same time.
    auto job = [pw = std::move(reg.password), p = argon2_] { return hash_password(pw, p); };
    CO_TRY(auto hashed, co_await hash_job(std::move(job)));
    if (!hashed) co_return fail(error_kind::unavailable);

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto known, co_await tx.query(
            "SELECT a.email, a.role, coalesce(p.first_name, ''), coalesce(p.last_name, '') "
            "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.email = $1",
            pg::bind(reg.email)));
        if (known.rows() == 1) {
            const bool provider = known.text(0, 1) == "organization_member";
            std::string first = provider ? reg.first_name : std::string(known.text(0, 2));
            mail_data d{{"first_name", first.empty() ? std::string("zusammen") : first},
                        {"link", loop_.cfg.http_public_origin + "/?login=1"}};
            CO_CHECK(co_await job_queue::enqueue(
                tx, messages::queue::mail,
                messages::mail_payload(provider ? messages::mail_template::registration_attempt_provider : messages::mail_template::registration_attempt, std::string(known.text(0, 0)), first, d),
                "registration_attempt:" + auth::sha256_hex(auth::random_token(16)).substr(0, 24)));
            CO_CHECK(co_await tx.commit());
            job_queue::wake(loop_, messages::queue::mail);
            co_return result<void>{};
        }

        CO_TRY(std::int64_t org_id, co_await reg.create_organization(tx));
        auto acc = co_await tx.query(
            "INSERT INTO accounts (email, password_hash, role, organization_id, registration_query) "
            "VALUES ($1, $2, 'organization_member', $3, $4::jsonb) RETURNING id",
            pg::bind(reg.email, *hashed, org_id, reg.query_json));
        if (!acc) {
            if (acc.error().unique_violation()) co_return result<void>{};   // registered a moment ago: the same answer
            co_return std::unexpected(as_app_error(acc.error()));
        }
        std::int64_t account_id = acc->int64(0, 0);
        std::string token = auth::random_token(32);
        CO_CHECK(co_await tx.query(
            "INSERT INTO account_tokens (account_id, purpose, token_hash, expires_at) "
            "VALUES ($1, 'verify_email', $2, now() + make_interval(secs => $3))",
            pg::bind(account_id, auth::sha256_hex(token), loop_.cfg.auth_verify_email_ttl_s)));
        mail_data d{{"name", full_name(reg.first_name, reg.last_name)},
                    {"company", reg.company},
                    // What happens is what this says (issue 41 item 3): the job waits as a draft,
                    // the approval is mailed (R__jh_organization_review.sql), the provider publishes.
                    {"job_note", reg.job_title ? "Ihre erste Stellenanzeige „" + *reg.job_title +
                                                     "“ haben wir als Entwurf gespeichert. Sobald wir Ihr Unternehmen geprüft und "
                                                     "freigeschaltet haben, schreiben wir Ihnen, und Sie können sie veröffentlichen."
                                               : std::string("Sobald wir Ihr Unternehmen geprüft und freigeschaltet haben, schreiben "
                                                             "wir Ihnen, und Sie können Stellenanzeigen veröffentlichen.")},
                    {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + token}};
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, messages::mail_payload(messages::mail_template::provider_welcome, reg.email, full_name(reg.first_name, reg.last_name), d),
                                             "provider_welcome:" + std::to_string(account_id)));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return result<void>{};
    });
}

}  // namespace jh::accounts
