// rate_classes_test.cpp: the per-client rate classes of the route table (docs/routes.md, "Rate
// classes"), from outside against the real server. The pipeline counts all routes of a class
// together per client address, answers the request after the limit with 429, the class's German
// message and a Retry-After, and leaves another client alone; a caller the route's `who` refused
// is not counted. Each client is a loopback address of its own (127.0.0.x).
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// Contact: one request per sender address and hour, so four per client address.
constexpr int contact_per_client = 4;
constexpr int tracking_per_client = 3;

class RateClasses : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("rate_classes", false,
                  {{"JOBHAFEN_CONTACT_LIMIT_PER_HOUR", "1"},
                   {"JOBHAFEN_TRACKING_LIMIT_PER_IP_PER_MINUTE", std::to_string(tracking_per_client)}});
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }

    struct answer {
        int status = 0;
        std::string message, retry_after, raw;
    };
    static answer post(const std::string& target, const std::string& body, const std::string& client,
                       const std::string& headers = {}) {
        answer a;
        a.raw = raw_call(port(), "POST", target, body, headers, client);
        if (a.raw.size() > 12) a.status = std::atoi(a.raw.substr(9, 3).c_str());
        auto sep = a.raw.find("\r\n\r\n");
        if (sep != std::string::npos) a.message = field(a.raw.substr(sep + 4), "message");
        a.retry_after = header_value(a.raw, "Retry-After");
        return a;
    }
    // A general contact request from its own sender address, so only the client's count can refuse it.
    static answer contact(const std::string& target, int sender, const std::string& client) {
        return post(target,
                    R"({"name":"Rita Rate","email":"rate)" + std::to_string(sender) +
                        R"(@example.de","message":"Wir suchen Personal.","topic":"general_request"})",
                    client);
    }

    static stack* s_;
};
stack* RateClasses::s_ = nullptr;

int seconds(const std::string& header) { return header.empty() ? -1 : std::atoi(header.c_str()); }

TEST_F(RateClasses, ContactRoutesShareOneCountPerClientAndAnotherClientIsNotCounted) {
    const std::string client = "127.0.0.6";
    // The contact routes count together: the general request and the contact form.
    for (int i = 0; i < contact_per_client; ++i) {
        auto ok = contact(i % 2 ? "/api/general_contact" : "/api/forms/20", i, client);
        ASSERT_EQ(ok.status, 201) << i << ": " << ok.raw;
        EXPECT_TRUE(ok.retry_after.empty()) << ok.raw;
    }
    auto refused = contact("/api/general_contact", 100, client);
    EXPECT_EQ(refused.status, 429) << refused.raw;
    EXPECT_EQ(refused.message,
              "Von dieser E-Mail-Adresse kamen in der letzten Stunde schon mehrere Anfragen. Bitte versuche es später noch einmal.");
    EXPECT_GE(seconds(refused.retry_after), 1) << refused.raw;
    EXPECT_LE(seconds(refused.retry_after), 3600) << refused.raw;
    // Refused by the pipeline: the request never reached the actor.
    EXPECT_EQ(s_->sql("SELECT count(*) FROM contact_requests WHERE email = 'rate100@example.de'"), "0");
    // Another client has its own count.
    EXPECT_EQ(contact("/api/general_contact", 101, "127.0.0.7").status, 201);
}

TEST_F(RateClasses, ACallerRefusedByTheRoutesWhoIsNotCounted) {
    const std::string client = "127.0.0.8";
    // contact/user needs an account: the 401 comes before the count.
    for (int i = 0; i < contact_per_client + 2; ++i)
        EXPECT_EQ(contact("/api/organizations/1/contact/user", 200 + i, client).status, 401) << i;
    EXPECT_EQ(contact("/api/general_contact", 300, client).status, 201);
}

TEST_F(RateClasses, ATrackingFloodFromOneClientIs429AndAnotherClientIsStillTracked) {
    const std::string browser = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0\r\n";
    for (int i = 0; i < tracking_per_client; ++i)
        EXPECT_EQ(post("/api/webhook/page_viewed", R"({"url":"/"})", "127.0.0.9", browser).status, 204) << i;
    auto refused = post("/api/webhook/page_viewed", R"({"url":"/"})", "127.0.0.9", browser);
    EXPECT_EQ(refused.status, 429) << refused.raw;
    EXPECT_EQ(refused.message, "Zu viele Tracking-Ereignisse in kurzer Zeit. Bitte versuche es später noch einmal.");
    EXPECT_GE(seconds(refused.retry_after), 1) << refused.raw;
    EXPECT_LE(seconds(refused.retry_after), 60) << refused.raw;
    EXPECT_EQ(post("/api/webhook/page_viewed", R"({"url":"/"})", "127.0.0.10", browser).status, 204);
    // The window is the one the tracking actor counted in before the pipeline did.
    EXPECT_EQ(s_->redis_cli("get jobhafen:track:ip:127.0.0.9"), std::to_string(tracking_per_client + 1));
}

}  // namespace
}  // namespace jh::test
