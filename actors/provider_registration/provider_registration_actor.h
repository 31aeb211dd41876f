// provider_registration_actor.h: the provider registration domain (POST
// /organization_member/register): checks the form, then has the accounts actor create the
// member's account while this actor's hook creates the organization (inactive, waiting for
// review) and optionally its first, unpublished job posting, all in one transaction.
// docs/candidate-actions.md, "Provider registration".
#pragma once

#include <optional>
#include <string>

#include "actors/accounts/accounts_actor.h"
#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace actions {

struct provider_registration {
    std::string email, password, password_confirmation, first_name, last_name, phone;
    std::string company, street, zipcode, city, website;
    std::string query_json = "{}";
    std::optional<std::string> job_title, job_description, job_city;
};

}  // namespace actions

class provider_registration_actor {
public:
    provider_registration_actor(loop_context& loop, accounts_actor& accounts);

    // The same answer for a known address: its owner is told by mail instead.
    task<result<void>> register_provider(actions::provider_registration r);

private:
    loop_context& loop_;
    accounts_actor& accounts_;
};

}  // namespace jh
