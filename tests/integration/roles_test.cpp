// Hostile tests of provider access and impersonation, from outside against the real server,
// PostgreSQL, Redis, the SMTP sink and the mail worker: a provider sees a candidate's photo only
// once its address is confirmed, its organization approved (`jobhafen admin organizations`) and the
// candidate applied to that organization or is searchable by an organization with candidate
// search; a member of another organization never; impersonation needs an administrator's grant,
// is audited, and cannot apply, send messages or open the billing login.
#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "tests/integration/provider_fixture.h"
#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace sedcard_fixture;

constexpr const char* roles_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9001, 'eigene-firma', 'Eigene Firma GmbH', 'jobs@eigene.example'),
 (9002, 'fremde-firma', 'Fremde Firma KG', 'jobs@fremde.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9101, 'promoter-9101', 9001, 'Promoter (m/w/d) in Berlin', true, true, now() - interval '1 day'),
 (9103, 'hostess-9103', 9002, 'Messehostess (m/w/d) in Hamburg', true, true, now() - interval '1 day');
)sql";

class ProviderAccess : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        init_vips();
        var_ = new std::string(make_temp_dir("roles-var"));
        s_ = new stack;
        s_->start("roles", true, {{"JOBHAFEN_VAR_DIR", *var_}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), roles_seed_sql);
        // The candidate: confirmed, ready to apply, a portrait, applied to the own organization's job.
        auto [id, token] = register_candidate(port(), "bewerberin@example.de");
        candidate_ = new candidate{id, token, sql("SELECT id FROM candidate_profiles WHERE account_id = " + id)};
        auto up = upload(port(), "/api/candidate_profiles/" + candidate_->profile_id + "/profile_images", token,
                         {{"type", "portrait"}, {"file", save_buffer(picture(400, 300), ".jpg"), "ich.jpg", "image/jpeg"}});
        ASSERT_EQ(up.status, 201) << up.body;
        image_ = new std::string(field(up.body, "id"));
        // After the upload, which computes the profile's completeness again.
        make_ready_to_apply(*s_, id);
        ASSERT_EQ(call(port(), "POST", "/api/job_postings/9101/apply", R"({"notes":"Hallo!"})", bearer(token)).status, 201);
    }
    static void TearDownTestSuite() {
        s_->stop();
        std::error_code ec;
        std::filesystem::remove_all(*var_, ec);
        delete s_;
        delete candidate_;
        delete image_;
        delete var_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::pair<int, std::string> admin(const std::vector<std::string>& args) {
        std::vector<std::string> all{"admin", "organizations"};
        all.insert(all.end(), args.begin(), args.end());
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, all);
    }
    static std::string member_of(const std::string& email, int org) { return organization_member(*s_, email, org); }
    static int photo_status(const std::string& token) {
        return call(port(), "GET", "/api/profile_images/file/" + *image_, {}, bearer(token)).status;
    }
    static std::string mail_text(const std::string& to, const std::string& subject) {
        std::string out;
        wait_until(
            [&] {
                for (const auto& f : s_->sink->message_files()) {
                    auto m = read_mail(f);
                    if (m.to.find(to) != std::string::npos && m.subject.find(subject) != std::string::npos) out = m.text;
                }
                return !out.empty();
            },
            15s);
        return out;
    }
    static stack* s_;
    static candidate* candidate_;
    static std::string* image_;
    static std::string* var_;
};
stack* ProviderAccess::s_ = nullptr;
candidate* ProviderAccess::candidate_ = nullptr;
std::string* ProviderAccess::image_ = nullptr;
std::string* ProviderAccess::var_ = nullptr;

TEST_F(ProviderAccess, ANewMemberSeesNothingUntilConfirmedAndApproved) {
    auto r = call(port(), "POST", "/api/organization_member/register",
                  R"({"email":"neu@anbieter.example","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                      "firstName":"Nora","lastName":"Neu","company":"Neue Agentur GmbH"})");
    ASSERT_EQ(r.status, 201) << r.body;
    std::string org = sql("SELECT organization_id FROM accounts WHERE email = 'neu@anbieter.example'");
    auto member = login(port(), "neu@anbieter.example", "Geheim123!");
    ASSERT_EQ(member.status, 200) << member.body;
    // The candidate is searchable and the organization even has candidate search booked — still
    // nothing before the review and the confirmation.
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = true WHERE id = " + candidate_->account_id);
    ASSERT_EQ(admin({"candidate-search", org, "on"}).first, 0);
    EXPECT_EQ(photo_status(member.token), 404);
    std::string status_path = "/api/candidate_profiles/" + candidate_->profile_id + "/pbasis_search/" + org + "/status";
    EXPECT_EQ(call(port(), "GET", status_path, {}, bearer(member.token)).status, 404);

    auto [code, listed] = admin({"list"});
    ASSERT_EQ(code, 0) << listed;
    EXPECT_NE(listed.find(org + "\tNeue Agentur GmbH\t"), std::string::npos) << listed;
    EXPECT_NE(listed.find("\tpending\t1\t0\ton"), std::string::npos) << listed;
    ASSERT_EQ(admin({"approve", org}).first, 0);
    EXPECT_EQ(sql("SELECT active AND NOT review_pending AND approved_at IS NOT NULL FROM organizations WHERE id = " + org), "t");
    // Approved, but the address is not confirmed yet.
    EXPECT_EQ(photo_status(member.token), 404);

    std::string mail = mail_text("neu@anbieter.example", "Willkommen bei Jobhafen");
    std::string token = token_after(mail, "/email-bestaetigen/");
    ASSERT_FALSE(token.empty()) << mail;
    ASSERT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + token).status, 200);
    EXPECT_EQ(photo_status(member.token), 200);
    EXPECT_EQ(call(port(), "GET", status_path, {}, bearer(member.token)).status, 200);

    // Without candidate search, or when the candidate is not searchable: nothing again.
    ASSERT_EQ(admin({"candidate-search", org, "off"}).first, 0);
    EXPECT_EQ(photo_status(member.token), 404);
    ASSERT_EQ(admin({"candidate-search", org, "on"}).first, 0);
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = false WHERE id = " + candidate_->account_id);
    EXPECT_EQ(photo_status(member.token), 404);
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = true WHERE id = " + candidate_->account_id);
    EXPECT_EQ(photo_status(member.token), 200);
    // A rejected organization sees nothing: the rejection ends its members' sessions (issue 39).
    ASSERT_EQ(admin({"reject", org}).first, 0);
    EXPECT_EQ(photo_status(member.token), 401);
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = false WHERE id = " + candidate_->account_id);

    EXPECT_EQ(admin({"approve", "999999"}).first, 1);
    EXPECT_EQ(admin({"approve"}).first, 2);
}

TEST_F(ProviderAccess, OnlyTheOrganizationAppliedToSeesTheApplicant) {
    std::string own = member_of("eigene@anbieter.example", 9001);
    std::string other = member_of("fremde@anbieter.example", 9002);
    std::string application = sql("SELECT id FROM applications WHERE candidate_account_id = " + candidate_->account_id);
    // The other organization (approved, confirmed member): no photo, no status, no application.
    EXPECT_EQ(photo_status(other), 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_profiles/" + candidate_->profile_id + "/pbasis_search/9002/status", {}, bearer(other)).status,
              404);
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + application + "/status", R"({"status":"seen"})", bearer(other)).status, 404);
    // Asking in the name of the organization applied to does not help a member of another one.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_profiles/" + candidate_->profile_id + "/pbasis_search/9001/status", {}, bearer(other)).status,
              404);
    // The organization applied to: the photo and the status.
    EXPECT_EQ(photo_status(own), 200);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_profiles/" + candidate_->profile_id + "/pbasis_search/9001/status", {}, bearer(own)).status,
              200);
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + application + "/status", R"({"status":"seen"})", bearer(own)).status, 200);
    // Still private: the documents and videos routes stay the owner's, the profile too.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_profiles/" + candidate_->profile_id, {}, bearer(own)).status, 404);
    // Anonymous: nothing.
    EXPECT_EQ(call(port(), "GET", "/api/profile_images/file/" + *image_).status, 404);
}

TEST_F(ProviderAccess, ImpersonationNeedsAnAdministratorsGrantAndIsAudited) {
    auto [admin_id, unused] = register_candidate(port(), "chefin@jobhafen.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'admin' WHERE id = " + admin_id);
    auto adm = login(port(), "chefin@jobhafen.example", "Geheim123!");
    ASSERT_EQ(adm.status, 200);
    const std::string& victim = candidate_->account_id;
    std::string body = R"({"accountId":)" + victim + "}";
    // Not an administrator: 403; not logged in: 401.
    EXPECT_EQ(call(port(), "POST", "/api/admin/impersonations", body, bearer(candidate_->token)).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/admin/impersonations", body).status, 401);
    // A bare address or account id in the header does nothing.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(adm.token) + "_switch_user: bewerberin@example.de\r\n").status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(adm.token) + "_switch_user: " + victim + "\r\n").status, 403);

    auto g = call(port(), "POST", "/api/admin/impersonations", body, bearer(adm.token));
    ASSERT_EQ(g.status, 201) << g.body;
    std::string grant = field(g.body, "grant");
    EXPECT_EQ(field(g.body, "switchUrl"), s_->origin + "/?_switch_user=" + grant);
    EXPECT_EQ(sql("SELECT count(*) FROM admin_audit_log WHERE action = 'impersonation_start' AND admin_account_id = " + admin_id +
                  " AND target_account_id = " + victim + " AND client_ip = '127.0.0.1' AND created_at > now() - interval '1 minute'"),
              "1");
    EXPECT_EQ(sql("SELECT count(*) FROM impersonation_grants WHERE token_hash = encode(sha256('" + grant + "'), 'hex')"), "1");

    std::string as_victim = bearer(adm.token) + "_switch_user: " + grant + "\r\n";
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, as_victim);
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "id"), victim);
    EXPECT_EQ(field(me.body, "impersonatorId"), admin_id);
    // What only the person may do: 403 with a German message.
    auto applied = call(port(), "POST", "/api/job_postings/9103/apply", R"({"notes":"Von der Chefin"})", as_victim);
    EXPECT_EQ(applied.status, 403);
    EXPECT_EQ(field(applied.body, "message"), "Das ist während der Übernahme eines Kontos nicht möglich.");
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE job_posting_id = 9103"), "0");
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9001/contact/user", R"({"message":"Hallo"})", as_victim).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + victim + "/byll_login", {}, as_victim).status, 403);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + victim + "/create_byll_account", {}, as_victim).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + victim + "/export", {}, as_victim).status, 403);
    // The grant is this administrator's only.
    auto [other_admin, unused2] = register_candidate(port(), "kollege@jobhafen.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'admin' WHERE id = " + other_admin);
    auto adm2 = login(port(), "kollege@jobhafen.example", "Geheim123!");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(adm2.token) + "_switch_user: " + grant + "\r\n").status, 403);
    // Ended: the grant stops working, and the end is audited.
    EXPECT_EQ(call(port(), "POST", "/api/admin/impersonations/end", {}, as_victim).status, 204);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, as_victim).status, 403);
    EXPECT_EQ(sql("SELECT count(*) FROM admin_audit_log WHERE action = 'impersonation_end' AND target_account_id = " + victim), "1");
    // An expired grant: 403.
    auto g2 = call(port(), "POST", "/api/admin/impersonations", body, bearer(adm.token));
    exec_sql(s_->db->url(), "UPDATE impersonation_grants SET expires_at = now() - interval '1 second'");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(adm.token) + "_switch_user: " + field(g2.body, "grant") + "\r\n").status,
              403);
}

// The route table's column "refuses" is the whole rule: every route it marks "impersonation"
// refuses an administrator acting as the candidate, and every route it marks "other sites" refuses a
// request another site's page sent, before the handler runs (reactor/http_pipeline.cpp). The routes
// are read from `jobhafen routes`, so a route that gains the mark is tested without a new line here.
struct marked_route {
    std::string method, path, who;
};

// The cells of one row of the table ("| method | `path` | who | refuses | body | …").
std::vector<std::string> cells_of(const std::string& line) {
    std::vector<std::string> cells;
    for (std::size_t at = 1; at < line.size();) {
        std::size_t end = line.find('|', at);
        if (end == std::string::npos) break;
        std::string cell = line.substr(at, end - at);
        cell.erase(0, cell.find_first_not_of(' '));
        cell.erase(cell.find_last_not_of(' ') + 1);
        cells.push_back(cell);
        at = end + 1;
    }
    return cells;
}

// Every route of `jobhafen routes` whose row passes `pick(who, refusals)`; the refusals are the
// column's entries, split at ", ".
template <typename Pick>
std::vector<marked_route> routes_where(Pick pick) {
    auto [rc, table] = run_jobhafen({}, {"routes"});
    EXPECT_EQ(rc, 0) << table;
    std::vector<marked_route> out;
    std::istringstream lines(table);
    for (std::string line; std::getline(lines, line);) {
        auto cells = cells_of(line);
        if (cells.size() < 4 || cells[1].size() < 2 || cells[1].front() != '`') continue;
        std::vector<std::string> refusals;
        for (std::size_t at = 0; at <= cells[3].size();) {
            std::size_t end = cells[3].find(", ", at);
            if (end == std::string::npos) end = cells[3].size();
            refusals.push_back(cells[3].substr(at, end - at));
            at = end + 2;
        }
        if (!pick(cells[2], refusals)) continue;
        std::string path = cells[1].substr(1, cells[1].size() - 2);   // without the backticks
        // Any value for a path parameter: the refusal comes before the handler reads it.
        for (std::size_t open; (open = path.find('{')) != std::string::npos;) path.replace(open, path.find('}', open) - open + 1, "1");
        out.push_back({cells[0], path, cells[2]});
    }
    return out;
}

std::vector<marked_route> routes_refusing(const std::string& what) {
    return routes_where([&](const std::string&, const std::vector<std::string>& refusals) {
        return std::find(refusals.begin(), refusals.end(), what) != refusals.end();
    });
}

TEST_F(ProviderAccess, EveryRouteTheTableMarksRefusesImpersonationAndOtherSites) {
    auto [admin_id, unused] = register_candidate(port(), "aufsicht@jobhafen.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'admin' WHERE id = " + admin_id);
    auto adm = login(port(), "aufsicht@jobhafen.example", "Geheim123!");
    ASSERT_EQ(adm.status, 200);
    auto g = call(port(), "POST", "/api/admin/impersonations", R"({"accountId":)" + candidate_->account_id + "}", bearer(adm.token));
    ASSERT_EQ(g.status, 201) << g.body;
    std::string as_victim = bearer(adm.token) + "_switch_user: " + field(g.body, "grant") + "\r\n";

    auto in_person = routes_refusing("impersonation");
    // Applying, contacting, the export, the address, the password, deletion, the billing account,
    // the calendar link, a new impersonation, a star rating: at least these.
    EXPECT_GE(in_person.size(), 13u);
    EXPECT_TRUE(std::any_of(in_person.begin(), in_person.end(),
                            [](const auto& r) { return r.method == "POST" && r.path == "/api/organization_star_ratings"; }));
    for (const auto& r : in_person) {
        auto res = call(port(), r.method, r.path, r.method == "GET" ? std::string{} : std::string("{}"), as_victim);
        EXPECT_EQ(res.status, 403) << r.method << " " << r.path << ": " << res.body;
        EXPECT_EQ(field(res.body, "message"), "Das ist während der Übernahme eines Kontos nicht möglich.") << r.method << " " << r.path;
    }
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE job_posting_id = 9103"), "0");

    auto ours_only = routes_refusing("other sites");
    // Login, the three registrations, register-and-apply, a job's views.
    EXPECT_GE(ours_only.size(), 6u);
    for (const std::string& sign : {std::string("Origin: https://fremde-seite.example\r\n"), std::string("Sec-Fetch-Site: cross-site\r\n")}) {
        for (const auto& r : ours_only) {
            auto res = call(port(), r.method, r.path, "{}", sign);
            EXPECT_EQ(res.status, 403) << r.method << " " << r.path << " " << sign << res.body;
            EXPECT_EQ(field(res.body, "message"), "Diese Anfrage kam nicht von unserer Seite und wurde abgelehnt.") << r.path;
        }
    }
    // Our own pages pass the check (the login then answers for the password).
    auto own = call(port(), "POST", "/api/login", R"({"email":"aufsicht@jobhafen.example","password":"Geheim123!"})",
                    "Origin: " + s_->origin + "\r\n");
    EXPECT_EQ(own.status, 200) << own.body;

    // "other sites' cookies": a request our session cookie authenticates must show it comes from our
    // pages; without such a sign (another site's Origin, Sec-Fetch-Site: cross-site, or none at all)
    // it is refused before the handler, whichever cookie it carries.
    auto session = login(port(), "aufsicht@jobhafen.example", "Geheim123!", "Origin: " + s_->origin + "\r\n");
    ASSERT_EQ(session.status, 200) << session.body;
    auto cookie_routes = routes_refusing("other sites' cookies");
    // The refresh and the logout.
    EXPECT_GE(cookie_routes.size(), 2u);
    for (const std::string& cookie : {std::string("Cookie: auth_refresh_token=") + session.refresh + "\r\n",
                                      std::string("Cookie: auth_token=") + session.token + "\r\n"}) {
        for (const std::string& sign : {std::string("Origin: https://fremde-seite.example\r\n"), std::string("Sec-Fetch-Site: cross-site\r\n"),
                                        std::string()}) {
            for (const auto& r : cookie_routes) {
                auto res = call(port(), r.method, r.path, "{}", cookie + sign);
                EXPECT_EQ(res.status, 403) << r.method << " " << r.path << " " << sign << res.body;
                EXPECT_EQ(field(res.body, "message"), "Diese Anfrage kam nicht von unserer Seite und wurde abgelehnt.") << r.path;
            }
        }
    }
    // The session is untouched by the refused logouts: the refresh cookie still works from our page.
    auto refreshed = call(port(), "POST", "/api/token/refresh", {},
                          "Cookie: auth_refresh_token=" + session.refresh + "\r\nOrigin: " + s_->origin + "\r\n");
    EXPECT_EQ(refreshed.status, 200) << refreshed.body;
}

// The table's column "who" is the whole rule of roles: every route that names a role refuses a
// caller of each other role before the handler runs (reactor/http_pipeline.cpp), with a 403 and
// the level's words (or the route's own, refusing_with in actors/roles.h). The routes are read from
// `jobhafen routes`, so a route that names a role is tested without a new line here; a level this
// test does not know fails it, so that a new level gets its roles named below.
TEST_F(ProviderAccess, EveryRouteThatNamesARoleRefusesTheOtherRoles) {
    const std::string candidate_token = candidate_->token;
    const std::string provider_token = member_of("rollen-anbieter@anbieter.example", 9001);
    auto [admin_id, unused] = register_candidate(port(), "rollen-admin@jobhafen.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'admin' WHERE id = " + admin_id);
    auto adm = login(port(), "rollen-admin@jobhafen.example", "Geheim123!");
    ASSERT_EQ(adm.status, 200);
    const std::map<std::string, std::string> session_of{{"candidate", candidate_token}, {"organization_member", provider_token},
                                                        {"admin", adm.token}};
    // The roles each level admits (actors/roles.h); the levels that name no role are not here.
    const std::map<std::string, std::set<std::string>> admits{
        {"candidate", {"candidate"}},
        {"provider", {"organization_member"}},
        {"provider_first_party", {"organization_member"}},
        {"provider_or_admin", {"organization_member", "admin"}},
        {"provider_or_admin_first_party", {"organization_member", "admin"}},
        {"admin", {"admin"}},
    };
    const std::set<std::string> without_role{"anyone", "anyone_or_account", "account_on_demand", "account", "account_first_party"};
    // The words of the refusals: the levels' and those routes keep from before the role moved into
    // the table (applying, an applicant's data, a rating).
    const std::set<std::string> role_refusals{
        "Dieser Bereich ist nur für Bewerberinnen und Bewerber.", "Dieser Bereich ist nur für Jobanbieter.",
        "Dieser Bereich ist nur für Administratoren.", "Das dürfen nur Jobanbieter.",
        "Nur Bewerberinnen und Bewerber können sich bewerben.",
        "Du kannst ein Unternehmen erst bewerten, wenn dein Konto aktiviert ist und du dich mindestens 5-mal beworben hast."};

    auto routes = routes_where([](const std::string&, const std::vector<std::string>&) { return true; });
    int tried = 0;
    for (const auto& r : routes) {
        if (without_role.contains(r.who)) continue;
        auto level = admits.find(r.who);
        ASSERT_NE(level, admits.end()) << "a level this test does not know: " << r.who << " (" << r.method << " " << r.path << ")";
        for (const auto& [role, token] : session_of) {
            if (level->second.contains(role)) continue;
            auto res = call(port(), r.method, r.path, r.method == "GET" || r.method == "DELETE" ? std::string{} : std::string("{}"),
                            bearer(token));
            EXPECT_EQ(res.status, 403) << role << " on " << r.method << " " << r.path << " (" << r.who << "): " << res.body;
            EXPECT_TRUE(role_refusals.contains(field(res.body, "message"))) << role << " on " << r.method << " " << r.path << ": " << res.body;
            ++tried;
        }
    }
    // Applying, rating, the shifts, the team, the job editor, the reviews: well over a hundred.
    EXPECT_GE(tried, 100);
    // What the candidate-only routes used to print as "any account": applying and rating.
    auto applied = call(port(), "POST", "/api/job_postings/9101/apply", R"({"notes":"Hallo"})", bearer(provider_token));
    EXPECT_EQ(applied.status, 403);
    EXPECT_EQ(field(applied.body, "message"), "Nur Bewerberinnen und Bewerber können sich bewerben.");
    EXPECT_EQ(sql("SELECT count(*) FROM applications a JOIN accounts c ON c.id = a.candidate_account_id WHERE c.role <> 'candidate'"), "0");
}

// Nobody signed in, or a session that ended: the 401 speaks to whom the route is for. A route only
// providers (or administrators) pass says "Sie", as the portal does; the candidates' and everybody's
// routes say "du" (docs/decisions.md, "Du and Sie"). Read from `jobhafen routes` like the test above.
TEST_F(ProviderAccess, TheSignInAnswerSpeaksToWhomTheRouteIsFor) {
    const std::set<std::string> for_providers{"provider", "provider_first_party", "provider_or_admin", "provider_or_admin_first_party"};
    const std::set<std::string> for_everybody_else{"candidate", "account", "account_first_party", "admin"};
    auto routes = routes_where([](const std::string&, const std::vector<std::string>&) { return true; });
    int formal = 0, informal = 0;
    for (const auto& r : routes) {
        const bool sie = for_providers.contains(r.who);
        if (!sie && !for_everybody_else.contains(r.who)) continue;
        auto res = call(port(), r.method, r.path, r.method == "GET" || r.method == "DELETE" ? std::string{} : std::string("{}"));
        EXPECT_EQ(res.status, 401) << r.method << " " << r.path << " (" << r.who << "): " << res.body;
        EXPECT_EQ(field(res.body, "message"), sie ? "Bitte melden Sie sich an." : "Bitte melde dich an.") << r.method << " " << r.path;
        ++(sie ? formal : informal);
    }
    EXPECT_GE(formal, 50);
    EXPECT_GE(informal, 20);
    // A token that no longer verifies: the session is over, in the route's voice.
    auto ended = call(port(), "GET", "/api/organizations/9001/members", {}, bearer("eyJhbGciOiJIUzI1NiJ9.e30.abc"));
    EXPECT_EQ(ended.status, 401) << ended.body;
    EXPECT_EQ(field(ended.body, "message"), "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.");
    auto ended_candidate = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer("eyJhbGciOiJIUzI1NiJ9.e30.abc"));
    EXPECT_EQ(ended_candidate.status, 401) << ended_candidate.body;
    EXPECT_EQ(field(ended_candidate.body, "message"), "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.");
}

}  // namespace
}  // namespace jh::test
