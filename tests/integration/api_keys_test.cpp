// api_keys_test.cpp: an organization's API keys (issue 44 item 6; docs/reach.md, "Provider-API"),
// from outside against the real server, PostgreSQL and Redis. The owner creates a key (shown once,
// stored hashed), lists and revokes it; a team member, a member of an organization that may not act
// and the key itself manage none. `Authorization: Bearer jhk_…` then reaches exactly the routes
// whose scope the key holds (each scope allowed and refused), acts only for its organization
// (another organization's job and application are 404), never reaches an account route or a route
// without a declared scope (401), stops at once when revoked or when its organization is blocked,
// and is limited per key (20 requests at once: exactly the limit pass, the rest are 429 with
// Retry-After). Garbage and overlong bearer values are a 401, and the server stays up.
#include <algorithm>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// 9901: the key's organization; 9902: another one; 9903: blocked during a test; 9904: under review;
// 9905: the limit of 20 keys under parallel creation. Operators' organizations are approved.
constexpr const char* api_keys_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9901, 'schluessel-agentur', 'Schlüssel Agentur GmbH', 'jobs@schluessel.example'),
 (9902, 'andere-agentur', 'Andere Agentur KG', 'jobs@andere.example'),
 (9903, 'sperr-agentur', 'Sperr Agentur UG', 'jobs@sperr.example'),
 (9904, 'pruefung-agentur', 'Prüfung Agentur GmbH', 'jobs@pruefung.example'),
 (9905, 'viele-agentur', 'Viele Schlüssel GmbH', 'jobs@viele.example'),
 (9906, 'wechsel-agentur', 'Wechsel Agentur GmbH', 'jobs@wechsel.example');
UPDATE organizations SET approved_at = NULL, review_pending = true, active = false WHERE id = 9904;
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9911, 'promoter-9911', 9901, 'Promoter (m/w/d) in Kiel', true, true, now() - interval '1 day'),
 (9912, 'promoter-9912', 9902, 'Promoter (m/w/d) in Lübeck', true, true, now() - interval '1 day'),
 (9913, 'promoter-9913', 9903, 'Promoter (m/w/d) in Husum', true, true, now() - interval '1 day');
)sql";

// Requests per key and minute on this server: a test uses fewer with one key, the limit test more.
constexpr int key_limit = 12;

class ApiKeys : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("apikeys", false, {{"JOBHAFEN_AUTH_API_KEY_REQUESTS_PER_MINUTE", std::to_string(key_limit)}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), api_keys_seed_sql);
        // The first member of an organization is its owner (migrations/0090), the second a member.
        owner_ = new std::string(organization_member(*s_, "inhaberin@schluessel.example", 9901));
        colleague_ = new std::string(organization_member(*s_, "kollege@schluessel.example", 9901));
        other_owner_ = new std::string(organization_member(*s_, "chef@andere.example", 9902));
        // A candidate's application to each of the two organizations' jobs.
        auto [candidate_id, candidate] = register_ready_candidate(*s_, "bewerberin@schluessel.example");
        candidate_ = new std::string(candidate);
        auto own = call(port(), "POST", "/api/job_postings/9911/apply", R"({"notes":"Hallo!"})", bearer(candidate));
        ASSERT_EQ(own.status, 201) << own.body;
        own_application_ = new std::string(field(own.body, "id"));
        auto other = call(port(), "POST", "/api/job_postings/9912/apply", R"({"notes":"Hallo!"})", bearer(candidate));
        ASSERT_EQ(other.status, 201) << other.body;
        other_application_ = new std::string(field(other.body, "id"));
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        delete s_;
    }
    void SetUp() override { ASSERT_TRUE(s_ && s_->server) << "the stack did not start"; }

    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    // A new key of `org` made by the session `token`; its secret, or "" (the test fails).
    static std::string make_key(const std::string& token, int org, const std::string& scopes, const std::string& name = "ATS") {
        auto r = call(port(), "POST", "/api/organizations/" + std::to_string(org) + "/api_keys",
                      R"({"name":")" + name + R"(","scopes":)" + scopes + "}", bearer(token));
        EXPECT_EQ(r.status, 201) << r.body;
        return r.status == 201 ? field(r.body, "key") : std::string();
    }
    static http_reply with_key(const std::string& key, std::string_view method, const std::string& target, std::string_view body = {}) {
        return call(port(), method, target, body, bearer(key));
    }

    static inline stack* s_ = nullptr;
    static inline std::string* owner_ = nullptr;
    static inline std::string* colleague_ = nullptr;
    static inline std::string* other_owner_ = nullptr;
    static inline std::string* candidate_ = nullptr;
    static inline std::string* own_application_ = nullptr;
    static inline std::string* other_application_ = nullptr;
};

TEST_F(ApiKeys, TheOwnerSeesTheKeyOnceAndOnlyItsHashIsStored) {
    auto r = call(port(), "POST", "/api/organizations/9901/api_keys", R"({"name":"  Bewerbermanagement  ","scopes":["jobs:read"]})",
                  bearer(*owner_));
    ASSERT_EQ(r.status, 201) << r.body;
    std::string key = field(r.body, "key");
    ASSERT_EQ(key.size(), 47u) << r.body;
    EXPECT_EQ(key.substr(0, 4), "jhk_");
    EXPECT_EQ(field(r.body, "name"), "Bewerbermanagement");
    EXPECT_EQ(field(r.body, "scopes"), R"(["jobs:read"])");
    EXPECT_EQ(field(r.body, "prefix"), key.substr(0, 16));
    std::string id = field(r.body, "id");
    EXPECT_EQ(r.header("location"), "/api/organizations/9901/api_keys/" + id);

    // The list names it without the secret.
    auto list = call(port(), "GET", "/api/organizations/9901/api_keys", {}, bearer(*owner_));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(list.body.find(key), std::string::npos) << list.body;
    EXPECT_EQ(list.body.find(key.substr(16)), std::string::npos) << list.body;
    EXPECT_NE(list.body.find("Bewerbermanagement"), std::string::npos) << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/0/lastUsedAt"), "null") << list.body;
    // The database keeps the SHA-256 of the key and its first 12 random characters, never the key.
    EXPECT_EQ(sql("SELECT count(*) FROM organization_api_keys WHERE id = " + id + " AND secret_hash = encode(sha256('" + key +
                  "'::bytea), 'hex') AND lookup = '" + key.substr(4, 12) + "'"),
              "1");
    EXPECT_EQ(sql("SELECT count(*) FROM organization_api_keys WHERE strpos(name || secret_hash || lookup, '" + key.substr(16) + "') > 0"),
              "0");

    // Its first use is recorded, and the list shows it.
    ASSERT_EQ(with_key(key, "GET", "/api/organizations/9901/job_postings").status, 200);
    auto after = call(port(), "GET", "/api/organizations/9901/api_keys", {}, bearer(*owner_));
    EXPECT_NE(field(after.body, "/hydra:member/0/lastUsedAt"), "null") << after.body;
    // The key is nowhere in the server's log.
    EXPECT_EQ(s_->server->log().find(key.substr(16)), std::string::npos);
}

TEST_F(ApiKeys, EachScopeReachesItsRoutesAndIsRefusedTheOthers) {
    const std::string jobs_read = make_key(*owner_, 9901, R"(["jobs:read"])");
    const std::string jobs_write = make_key(*owner_, 9901, R"(["jobs:write"])");
    const std::string applications_read = make_key(*owner_, 9901, R"(["applications:read"])");
    const std::string app = "/api/applications/" + *own_application_;

    // jobs:read: the organization's jobs, nothing else.
    auto jobs = with_key(jobs_read, "GET", "/api/organizations/9901/job_postings");
    ASSERT_EQ(jobs.status, 200) << jobs.body;
    EXPECT_NE(jobs.body.find("Promoter (m/w/d) in Kiel"), std::string::npos) << jobs.body;
    EXPECT_EQ(with_key(jobs_read, "GET", "/api/organizations/9901/job_postings/9911").status, 200);
    for (auto* k : {&jobs_write, &applications_read}) {
        auto refused = with_key(*k, "GET", "/api/organizations/9901/job_postings");
        EXPECT_EQ(refused.status, 403) << refused.body;
        EXPECT_EQ(field(refused.body, "message"), "Diesem API-Schlüssel fehlt die Berechtigung „jobs:read“.");
    }

    // jobs:write: a new job of the organization, and its edit.
    auto created = with_key(jobs_write, "POST", "/api/job_postings", R"({"title":"Aushilfe (m/w/d) aus dem ATS"})");
    ASSERT_EQ(created.status, 201) << created.body;
    std::string job = field(created.body, "id");
    EXPECT_EQ(sql("SELECT organization_id FROM job_postings WHERE id = " + job), "9901");
    auto patched = with_key(jobs_write, "PATCH", "/api/job_postings/" + job, R"({"title":"Aushilfe (m/w/d) im Lager"})");
    EXPECT_EQ(patched.status, 200) << patched.body;
    EXPECT_EQ(sql("SELECT title FROM job_postings WHERE id = " + job), "Aushilfe (m/w/d) im Lager");
    for (auto* k : {&jobs_read, &applications_read}) {
        auto refused = with_key(*k, "POST", "/api/job_postings", R"({"title":"Darf nicht entstehen"})");
        EXPECT_EQ(refused.status, 403) << refused.body;
        EXPECT_EQ(with_key(*k, "PATCH", "/api/job_postings/" + job, R"({"title":"Nein"})").status, 403);
    }
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE title = 'Darf nicht entstehen'"), "0");

    // applications:read: the list and one application.
    auto list = with_key(applications_read, "GET", "/api/organizations/9901/applications");
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_NE(list.body.find("\"id\":" + *own_application_), std::string::npos) << list.body;
    EXPECT_EQ(with_key(applications_read, "GET", app).status, 200);
    for (auto* k : {&jobs_read, &jobs_write}) {
        EXPECT_EQ(with_key(*k, "GET", "/api/organizations/9901/applications").status, 403);
        EXPECT_EQ(with_key(*k, "GET", app).status, 403);
    }

    // A key with every scope passes all of them.
    const std::string all = make_key(*owner_, 9901, R"(["jobs:read","jobs:write","applications:read"])");
    EXPECT_EQ(with_key(all, "GET", "/api/organizations/9901/job_postings").status, 200);
    EXPECT_EQ(with_key(all, "GET", app).status, 200);
    EXPECT_EQ(with_key(all, "POST", "/api/job_postings/" + job + "/close").status, 200);
}

TEST_F(ApiKeys, AnotherOrganizationsJobAndApplicationAre404) {
    const std::string key = make_key(*owner_, 9901, R"(["jobs:read","jobs:write","applications:read"])");
    auto job = with_key(key, "GET", "/api/organizations/9901/job_postings/9912");
    EXPECT_EQ(job.status, 404) << job.body;
    auto patch = with_key(key, "PATCH", "/api/job_postings/9912", R"({"title":"Übernommen"})");
    EXPECT_EQ(patch.status, 404) << patch.body;
    EXPECT_EQ(sql("SELECT title FROM job_postings WHERE id = 9912"), "Promoter (m/w/d) in Lübeck");
    auto application = with_key(key, "GET", "/api/applications/" + *other_application_);
    EXPECT_EQ(application.status, 404) << application.body;
    // The other organization's lists are not the key's either.
    auto list = with_key(key, "GET", "/api/organizations/9902/job_postings");
    EXPECT_TRUE(list.status == 403 || list.status == 404) << list.status << list.body;
    EXPECT_EQ(list.body.find("Lübeck"), std::string::npos) << list.body;
    auto applications = with_key(key, "GET", "/api/organizations/9902/applications");
    EXPECT_TRUE(applications.status == 403 || applications.status == 404) << applications.status << applications.body;
}

TEST_F(ApiKeys, AKeyReachesNoAccountRouteAndNoRouteWithoutAScope) {
    const std::string key = make_key(*owner_, 9901, R"(["jobs:read","jobs:write","applications:read"])");
    const std::string app = "/api/applications/" + *own_application_;
    struct attempt {
        const char* method;
        std::string path, body;
    };
    const std::vector<attempt> refused = {
        {"GET", "/api/organization_members/me", ""},
        {"GET", "/api/candidate_accounts/me", ""},
        {"DELETE", "/api/me/sessions", ""},
        {"PATCH", "/api/candidate_accounts/1/change_password",
         R"({"oldPassword":"Geheim123!","password":"Neu-Geheim-456!","passwordConfirmation":"Neu-Geheim-456!"})"},
        {"GET", "/api/organizations/9901/api_keys", ""},
        {"POST", "/api/organizations/9901/api_keys", R"({"name":"Selbst gemacht","scopes":["jobs:read"]})"},
        {"GET", "/api/organizations/9901/members", ""},
        {"PATCH", "/api/organizations/9901", R"({"description":"Per Schlüssel"})"},
        {"PATCH", app + "/status", R"({"status":"declined"})"},
        {"GET", app + "/messages", ""},
        {"POST", "/api/job_postings/9911/duplicate", ""},
        // Asked on demand (recommendations without the caller's applied jobs): a key is no person.
        {"GET", "/api/job_postings/9911/recommend/3/random", ""},
    };
    std::string keys_before = sql("SELECT count(*) FROM organization_api_keys");
    for (const auto& a : refused) {
        auto r = with_key(key, a.method, a.path, a.body);
        EXPECT_EQ(r.status, 401) << a.method << ' ' << a.path << ": " << r.body;
    }
    auto one = with_key(key, "GET", "/api/organization_members/me");
    EXPECT_EQ(field(one.body, "message"), "Dieser Endpunkt ist mit einem API-Schlüssel nicht erreichbar. Bitte melden Sie sich an.");
    EXPECT_EQ(sql("SELECT count(*) FROM organization_api_keys"), keys_before);
    EXPECT_EQ(sql("SELECT status FROM applications WHERE id = " + *own_application_), "sent");
    // Public routes read no credentials: the key changes nothing there.
    EXPECT_EQ(with_key(key, "GET", "/api/job_postings/9911").status, 200);
}

// A key lives no longer than its maker's standing (review of session 25): ending every session of
// the owner who made it, or that owner's loss of the owner role, ends the key at once (401 with the
// reason), and the list says so; a key the other owner made keeps working.
TEST_F(ApiKeys, AKeyEndsWhenItsMakerSignsOutEverywhereOrIsNoLongerOwner) {
    const std::string first = organization_member(*s_, "erste@wechsel.example", 9906);
    const std::string second = organization_member(*s_, "zweite@wechsel.example", 9906);
    exec_sql(s_->db->url(), "UPDATE accounts SET organization_role = 'owner' WHERE email = 'zweite@wechsel.example'");
    const std::string jobs = "/api/organizations/9906/job_postings";
    const std::string by_first = make_key(first, 9906, R"(["jobs:read"])", "Von der Ersten");
    const std::string by_second = make_key(second, 9906, R"(["jobs:read"])", "Von der Zweiten");
    ASSERT_EQ(with_key(by_first, "GET", jobs).status, 200);
    ASSERT_EQ(with_key(by_second, "GET", jobs).status, 200);

    ASSERT_EQ(call(port(), "DELETE", "/api/me/sessions", {}, bearer(first)).status, 204);
    auto ended = with_key(by_first, "GET", jobs);
    EXPECT_EQ(ended.status, 401) << ended.body;
    EXPECT_NE(field(ended.body, "message").find("gilt nicht mehr"), std::string::npos) << ended.body;
    EXPECT_EQ(with_key(by_second, "GET", jobs).status, 200) << "the other owner's key stays";
    auto list = call(port(), "GET", "/api/organizations/9906/api_keys", {}, bearer(second));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_NE(list.body.find(R"("createdBy":"erste@wechsel.example")"), std::string::npos) << list.body;
    EXPECT_NE(list.body.find(R"("usable":false)"), std::string::npos) << list.body;

    exec_sql(s_->db->url(), "UPDATE accounts SET organization_role = 'member' WHERE email = 'zweite@wechsel.example'");
    EXPECT_EQ(with_key(by_second, "GET", jobs).status, 401) << "a demoted maker's key ends";
    exec_sql(s_->db->url(), "UPDATE accounts SET organization_role = 'owner' WHERE email = 'zweite@wechsel.example'");
    EXPECT_EQ(with_key(by_second, "GET", jobs).status, 200);
    exec_sql(s_->db->url(), "UPDATE accounts SET blocked = true WHERE email = 'zweite@wechsel.example'");
    EXPECT_EQ(with_key(by_second, "GET", jobs).status, 401) << "a blocked maker's key ends";
}

// Two Authorization headers are refused before either is read; a key on a route for another role
// (a candidate's, an administrator's) is the key's 401, not that role's 403; the public OpenAPI
// document names no operator, diagnostic or internal route.
TEST_F(ApiKeys, TwoAuthorizationHeadersAreRefusedAndOtherRolesRoutesAre401) {
    const std::string key = make_key(*owner_, 9901, R"(["jobs:read"])", "Zwei Köpfe");
    auto twice = call(port(), "GET", "/api/organizations/9901/job_postings", {}, bearer(key) + bearer(*other_owner_));
    EXPECT_EQ(twice.status, 400) << twice.body;
    for (const char* path : {"/api/me/shifts", "/api/admin/organizations"}) {
        auto r = with_key(key, "GET", path);
        EXPECT_EQ(r.status, 401) << path << ": " << r.body;
    }
    auto doc = call(port(), "GET", "/api/openapi.json");
    ASSERT_EQ(doc.status, 200);
    for (const char* internal : {"/api/admin/", "/api/diagnostics/", "/api/bench/", "/api/xhr-cache/", "/api/token/refresh"})
        EXPECT_EQ(doc.body.find(std::string("\"") + internal), std::string::npos) << internal;
    EXPECT_NE(doc.body.find("\"/api/organizations/{id}/job_postings\""), std::string::npos);
}

TEST_F(ApiKeys, ARevokedKeyIsRefusedAtOnce) {
    auto r = call(port(), "POST", "/api/organizations/9901/api_keys", R"({"name":"Kurzlebig","scopes":["jobs:read"]})", bearer(*owner_));
    ASSERT_EQ(r.status, 201) << r.body;
    std::string key = field(r.body, "key"), id = field(r.body, "id");
    ASSERT_EQ(with_key(key, "GET", "/api/organizations/9901/job_postings").status, 200);
    // Another organization's owner and a team member cannot revoke it.
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9901/api_keys/" + id, {}, bearer(*other_owner_)).status, 403);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9902/api_keys/" + id, {}, bearer(*other_owner_)).status, 404);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9901/api_keys/" + id, {}, bearer(*colleague_)).status, 403);
    ASSERT_EQ(with_key(key, "GET", "/api/organizations/9901/job_postings").status, 200);

    auto revoked = call(port(), "DELETE", "/api/organizations/9901/api_keys/" + id, {}, bearer(*owner_));
    ASSERT_EQ(revoked.status, 204) << revoked.body;
    auto after = with_key(key, "GET", "/api/organizations/9901/job_postings");
    EXPECT_EQ(after.status, 401) << after.body;
    EXPECT_EQ(field(after.body, "message"), "Dieser API-Schlüssel ist ungültig oder wurde widerrufen.");
    // The list keeps it, marked revoked.
    auto list = call(port(), "GET", "/api/organizations/9901/api_keys", {}, bearer(*owner_));
    EXPECT_NE(list.body.find("Kurzlebig"), std::string::npos);
    EXPECT_EQ(sql("SELECT revoked_at IS NOT NULL FROM organization_api_keys WHERE id = " + id), "t");
}

TEST_F(ApiKeys, TwentyParallelRequestsOfOneKeyPassOnlyUpToItsLimit) {
    const std::string key = make_key(*owner_, 9901, R"(["jobs:read"])");
    const std::string other = make_key(*owner_, 9901, R"(["jobs:read"])");
    // Each from its own client address: the count is the key's, not the address's.
    auto answers = at_once(20, [&](int i) {
        return raw_call(port(), "GET", "/api/organizations/9901/job_postings", {}, bearer(key), "127.0.3." + std::to_string(i + 1));
    });
    int ok = 0, limited = 0;
    for (const auto& a : answers) {
        int status = a.size() > 12 ? std::atoi(a.substr(9, 3).c_str()) : 0;
        if (status == 200) ++ok;
        if (status == 429) {
            ++limited;
            int retry = std::atoi(header_value(a, "Retry-After").c_str());
            EXPECT_GE(retry, 1) << a;
            EXPECT_LE(retry, 60) << a;
            auto sep = a.find("\r\n\r\n");
            EXPECT_EQ(field(a.substr(sep + 4), "message"),
                      "Mit diesem API-Schlüssel kamen in der letzten Minute zu viele Anfragen. Bitte warten Sie einen Moment.");
        }
    }
    EXPECT_EQ(ok, key_limit);
    EXPECT_EQ(limited, 20 - key_limit);
    // Another key of the same organization has its own budget, and the owner's session is not limited.
    EXPECT_EQ(with_key(other, "GET", "/api/organizations/9901/job_postings").status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9901/job_postings", {}, bearer(*owner_)).status, 200);
}

TEST_F(ApiKeys, ABlockedOrganizationsKeysStopAndItsOwnerManagesNone) {
    std::string owner = organization_member(*s_, "inhaber@sperr.example", 9903);
    const std::string key = make_key(owner, 9903, R"(["jobs:read"])");
    ASSERT_EQ(with_key(key, "GET", "/api/organizations/9903/job_postings").status, 200);

    auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "organizations", "block", "9903"});
    ASSERT_EQ(code, 0) << out;
    auto refused = with_key(key, "GET", "/api/organizations/9903/job_postings");
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_NE(field(refused.body, "message").find("API-Schlüssel können zurzeit nicht verwendet werden"), std::string::npos) << refused.body;
    // Signed in again, the owner can neither list nor create keys.
    auto again = login(port(), "inhaber@sperr.example", "Geheim123!");
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9903/api_keys", {}, bearer(again.token)).status, 403);
    auto create = call(port(), "POST", "/api/organizations/9903/api_keys", R"({"name":"Trotzdem","scopes":["jobs:read"]})",
                       bearer(again.token));
    EXPECT_EQ(create.status, 403) << create.body;

    // Unblocked: blocking ended the owner's sessions, and with them the keys made before (a key
    // lives no longer than its maker's sessions); a key made now works.
    ASSERT_EQ(run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "organizations", "unblock", "9903"}).first, 0);
    EXPECT_EQ(with_key(key, "GET", "/api/organizations/9903/job_postings").status, 401);
    auto after = login(port(), "inhaber@sperr.example", "Geheim123!");
    ASSERT_EQ(after.status, 200) << after.body;
    EXPECT_EQ(with_key(make_key(after.token, 9903, R"(["jobs:read"])"), "GET", "/api/organizations/9903/job_postings").status, 200);
}

TEST_F(ApiKeys, AnOrganizationUnderReviewMakesNoKey) {
    std::string owner = organization_member(*s_, "inhaberin@pruefung.example", 9904);
    auto r = call(port(), "POST", "/api/organizations/9904/api_keys", R"({"name":"Zu früh","scopes":["jobs:read"]})", bearer(owner));
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(field(r.body, "message"),
              "Ihr Unternehmen ist noch nicht freigeschaltet oder gesperrt. Bis dahin können Sie keine API-Schlüssel verwalten.");
    // Even a key put there by hand acts on nothing while the organization is not approved.
    exec_sql(s_->db->url(),
             "INSERT INTO organization_api_keys (organization_id, name, scopes, lookup, secret_hash, created_by) VALUES (9904, 'Hand', '{jobs:read}', "
             "'AAAAAAAAAAAA', encode(sha256('jhk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'::bytea), 'hex'), "
             "(SELECT id FROM accounts WHERE email = 'inhaberin@pruefung.example'))");
    auto used = with_key("jhk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "GET", "/api/organizations/9904/job_postings");
    EXPECT_EQ(used.status, 403) << used.body;
}

TEST_F(ApiKeys, ATeamMemberManagesNoKeys) {
    auto create = call(port(), "POST", "/api/organizations/9901/api_keys", R"({"name":"Vom Kollegen","scopes":["jobs:read"]})",
                       bearer(*colleague_));
    EXPECT_EQ(create.status, 403) << create.body;
    EXPECT_EQ(field(create.body, "message"), "Nur die Inhaberin oder der Inhaber des Unternehmenskontos kann API-Schlüssel verwalten.");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9901/api_keys", {}, bearer(*colleague_)).status, 403);
    EXPECT_EQ(sql("SELECT count(*) FROM organization_api_keys WHERE name = 'Vom Kollegen'"), "0");
    // Another organization's owner, and a candidate, neither.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9901/api_keys", {}, bearer(*other_owner_)).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9901/api_keys", R"({"name":"X","scopes":["jobs:read"]})", bearer(*candidate_)).status,
              403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9901/api_keys").status, 401);
}

TEST_F(ApiKeys, NameAndScopesAreBoundedWithAGermanMessagePerField) {
    struct bad {
        std::string body, field_name, message;
    };
    const std::vector<bad> cases = {
        {R"({"name":"","scopes":["jobs:read"]})", "name", "Bitte geben Sie dem Schlüssel einen Namen."},
        {R"({"name":"   ","scopes":["jobs:read"]})", "name", "Bitte geben Sie dem Schlüssel einen Namen."},
        {R"({"name":")" + std::string(101, 'x') + R"(","scopes":["jobs:read"]})", "name", "Der Name darf höchstens 100 Zeichen lang sein."},
        {R"({"name":"ATS"})", "scopes", "Bitte wählen Sie mindestens eine Berechtigung."},
        {R"({"name":"ATS","scopes":[]})", "scopes", "Bitte wählen Sie mindestens eine Berechtigung."},
        {R"({"name":"ATS","scopes":["jobs:delete"]})", "scopes",
         "Unbekannte Berechtigung. Möglich sind „jobs:read“, „jobs:write“ und „applications:read“."},
        {R"({"name":"ATS","scopes":["jobs:read","jobs:write","applications:read","jobs:read"]})", "scopes",
         "Unbekannte Berechtigung. Möglich sind „jobs:read“, „jobs:write“ und „applications:read“."},
        {R"({"name":"ATS","scopes":"jobs:read"})", "scopes",
         "Unbekannte Berechtigung. Möglich sind „jobs:read“, „jobs:write“ und „applications:read“."},
        {R"({"name":"ATS","scopes":[1]})", "scopes",
         "Unbekannte Berechtigung. Möglich sind „jobs:read“, „jobs:write“ und „applications:read“."},
    };
    for (const auto& c : cases) {
        auto r = call(port(), "POST", "/api/organizations/9901/api_keys", c.body, bearer(*owner_));
        EXPECT_EQ(r.status, 422) << c.body << ": " << r.body;
        EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), c.field_name) << c.body << ": " << r.body;
        EXPECT_EQ(field(r.body, "/violations/0/message"), c.message) << c.body << ": " << r.body;
    }
    // 100 characters (umlauts count as one) are fine.
    std::string name;
    for (int i = 0; i < 50; ++i) name += "äb";
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9901/api_keys", R"({"name":")" + name + R"(","scopes":["jobs:read"]})",
                   bearer(*owner_)).status,
              201);
}

TEST_F(ApiKeys, TwentyFiveParallelCreationsKeepTwentyActiveKeys) {
    std::string owner = organization_member(*s_, "inhaberin@viele.example", 9905);
    auto answers = at_once(25, [&](int i) {
        return call(port(), "POST", "/api/organizations/9905/api_keys", R"({"name":"Schlüssel )" + std::to_string(i) + R"(","scopes":["jobs:read"]})",
                    bearer(owner))
            .status;
    });
    EXPECT_EQ(std::count(answers.begin(), answers.end(), 201), 20);
    EXPECT_EQ(std::count(answers.begin(), answers.end(), 409), 5);
    EXPECT_EQ(sql("SELECT count(*) FROM organization_api_keys WHERE organization_id = 9905 AND revoked_at IS NULL"), "20");
    auto more = call(port(), "POST", "/api/organizations/9905/api_keys", R"({"name":"Einer mehr","scopes":["jobs:read"]})", bearer(owner));
    EXPECT_EQ(more.status, 409);
    EXPECT_NE(field(more.body, "message").find("bereits 20 aktive API-Schlüssel"), std::string::npos) << more.body;
    // A revoked key frees its place.
    std::string id = sql("SELECT min(id) FROM organization_api_keys WHERE organization_id = 9905");
    ASSERT_EQ(call(port(), "DELETE", "/api/organizations/9905/api_keys/" + id, {}, bearer(owner)).status, 204);
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9905/api_keys", R"({"name":"Nachrücker","scopes":["jobs:read"]})", bearer(owner)).status,
              201);
}

TEST_F(ApiKeys, GarbageAndOverlongBearerValuesAre401AndTheServerStaysUp) {
    const std::vector<std::string> garbage = {
        "jhk_",
        "jhk_" + std::string(43, '!'),
        "jhk_" + std::string(42, 'A'),
        "jhk_" + std::string(44, 'A'),
        "jhk_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ",   // well formed, unknown
        "jhk_" + std::string(6000, 'A'),
        "jhk_\xc3\xa4\xc3\xb6" + std::string(39, 'A'),
        "JHK_" + std::string(43, 'A'),
    };
    for (const auto& g : garbage) {
        auto r = with_key(g, "GET", "/api/organizations/9901/job_postings");
        EXPECT_EQ(r.status, 401) << g.substr(0, 40) << ": " << r.body;
    }
    // A real key with its last character changed (same lookup, wrong hash).
    std::string key = make_key(*owner_, 9901, R"(["jobs:read"])");
    std::string changed = key;
    changed.back() = changed.back() == 'A' ? 'B' : 'A';
    EXPECT_EQ(with_key(changed, "GET", "/api/organizations/9901/job_postings").status, 401);
    EXPECT_EQ(with_key(key, "GET", "/api/organizations/9901/job_postings").status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/health").status, 200);
}

}  // namespace
}  // namespace jh::test
