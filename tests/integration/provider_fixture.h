// provider_fixture.h: what the provider-side integration tests (roles_test.cpp,
// applicants_test.cpp) share on top of accounts_fixture.h.
#pragma once

#include "tests/integration/accounts_fixture.h"

namespace jh::test::accounts_fixture {

// A member of organization `org` made directly in the database (confirmed; an organization made
// by SQL is approved), logged in: its access token.
inline std::string organization_member(const stack& s, const std::string& email, int org) {
    auto [id, token] = register_candidate(s.port, email);
    exec_sql(s.db->url(), "UPDATE accounts SET role = 'organization_member', organization_id = " + std::to_string(org) +
                              ", email_verified_at = now() WHERE id = " + id + "; DELETE FROM candidate_profiles WHERE account_id = " + id);
    auto l = login(s.port, email, "Geheim123!");
    EXPECT_EQ(l.status, 200) << l.body;
    return l.token;
}

}  // namespace jh::test::accounts_fixture
