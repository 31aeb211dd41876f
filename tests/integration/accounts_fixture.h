// accounts_fixture.h: what the accounts integration tests (accounts_*_test.cpp) share: one stack
// per suite — a fresh database, a private Redis (login throttling and sessions of one suite never
// meet another's), `jobhafen serve`, and optionally an SMTP sink with `jobhafen worker mail` —
// plus small HTTP and JSON helpers.
#pragma once

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <simdjson.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <latch>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <thread>
#include <string>
#include <vector>

#include "tests/support/harness.h"
#include "tests/support/sinks.h"

namespace jh::test::accounts_fixture {

using namespace std::chrono_literals;

inline constexpr const char* test_secret = "integration-test-secret-0123456789-abcdefghijklmnop";

struct stack {
    std::unique_ptr<temp_database> db;
    std::unique_ptr<redis_instance> redis;
    std::unique_ptr<smtp_sink> sink;
    std::unique_ptr<server_process> server;
    std::unique_ptr<server_process> worker;
    int port = 0;
    std::string origin;
    std::string zmq_publish;

    // `extra` goes to the server's environment (e.g. JOBHAFEN_OAUTH_GOOGLE_*). Whatever fails on
    // the way stops what was already started, so no process outlives a failed suite.
    void start(const std::string& name, bool with_mail, std::map<std::string, std::string> extra = {},
               schema s = schema::empty) {
        try {
            start_all(name, with_mail, std::move(extra), s);
        } catch (...) {
            stop();
            throw;
        }
        if (::testing::Test::HasFatalFailure()) stop();
    }
    void start_all(const std::string& name, bool with_mail, std::map<std::string, std::string> extra,
                   schema s = schema::empty) {
        db = std::make_unique<temp_database>(name, s);
        redis = std::make_unique<redis_instance>();
        // A server that exits before it answers (its port was taken by a parallel test between
        // free_port's check and its bind) is started once more, on other ports.
        bool up = false;
        for (int attempt = 1; attempt <= 2 && !up; ++attempt) {
            start_server(extra);
            up = wait_healthy();
            if (!up && !server->has_exited()) break;   // alive but not answering: no second try
        }
        ASSERT_TRUE(up) << "the server did not answer GET /api/health; its output:\n"
                        << server->log() << log_file_of(extra);
        if (with_mail) {
            sink = std::make_unique<smtp_sink>();
            worker = std::make_unique<server_process>(
                std::map<std::string, std::string>{{"JOBHAFEN_DATABASE_URL", db->url()},
                                                   {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", zmq_publish},
                                                   {"JOBHAFEN_SMTP_URL", sink->url()},
                                                   {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "200"}},
                std::vector<std::string>{"worker", "mail"});
        }
    }
    // Starts `jobhafen serve` on fresh ports, with the stack's database and Redis.
    void start_server(const std::map<std::string, std::string>& extra) {
        server.reset();
        port = free_port();
        origin = "http://127.0.0.1:" + std::to_string(port);
        zmq_publish = "tcp://127.0.0.1:" + std::to_string(free_port());
        std::map<std::string, std::string> env{
            {"JOBHAFEN_DATABASE_URL", db->url()},
            {"JOBHAFEN_REDIS_URL", redis->url()},
            {"JOBHAFEN_HTTP_PORT", std::to_string(port)},
            {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", origin},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", zmq_publish},
            {"JOBHAFEN_AUTH_SECRET", test_secret},
            {"JOBHAFEN_LOG_ACCESS", "false"},
            // Cheap argon2 for tests; the bench uses the real parameters.
            {"JOBHAFEN_AUTH_ARGON2_OPSLIMIT", "1"},
            {"JOBHAFEN_AUTH_ARGON2_MEMLIMIT_KIB", "8192"},
            // Every test client is 127.0.0.1: the per-client registration limit has its own test.
            {"JOBHAFEN_AUTH_REGISTRATIONS_PER_CLIENT_PER_HOUR", "100000"},
        };
        for (auto& [k, v] : extra) env[k] = v;
        server = std::make_unique<server_process>(env);
    }
    // Whether the server answers its health check on our port (server_process picked a port of
    // its own for the variable we had already set; ours wins). Up to 60 s: an ASan build on CI's
    // loaded 2-core machine once needed more than 20 s. Ends early when the process has exited.
    bool wait_healthy() {
        const auto deadline = std::chrono::steady_clock::now() + 60s;
        while (std::chrono::steady_clock::now() < deadline && !server->has_exited()) {
            try {
                if (http_request(port, "GET", "/api/health").status == 200) return true;
            } catch (const std::exception&) {   // not listening yet
            }
            std::this_thread::sleep_for(25ms);
        }
        return false;
    }
    // The server's own log when the test sent it to a file (JOBHAFEN_LOG_FILE), for a failure message.
    static std::string log_file_of(const std::map<std::string, std::string>& extra) {
        auto it = extra.find("JOBHAFEN_LOG_FILE");
        if (it == extra.end()) return {};
        std::ifstream in(it->second);
        std::ostringstream text;
        text << in.rdbuf();
        return "\nits log file:\n" + text.str();
    }
    void stop() {
        worker.reset();
        server.reset();
        sink.reset();
        redis.reset();
        db.reset();
    }
    void flush_redis() const { run_shell("redis-cli -p " + std::to_string(redis->port()) + " flushall >/dev/null"); }
    std::string redis_cli(const std::string& args) const {
        std::string out;
        FILE* p = ::popen(("redis-cli -p " + std::to_string(redis->port()) + " " + args).c_str(), "r");
        char buf[4096];
        while (p && std::fgets(buf, sizeof buf, p)) out += buf;
        if (p) ::pclose(p);
        while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
        return out;
    }
    std::string sql(const std::string& q) const { return sql_value(db->url(), q); }
};

// For a suite's TearDownTestSuite: when a test of the run failed, the end of the server's log goes
// to stderr (what the server said is the first clue, and its process is gone afterwards).
inline void print_server_log_if_a_test_failed(const stack& s) {
    if (::testing::UnitTest::GetInstance()->failed_test_count() == 0 || !s.server) return;
    std::string log = s.server->log();
    std::fprintf(stderr, "server log (end):\n%s\n", log.substr(log.size() > 4000 ? log.size() - 4000 : 0).c_str());
}

// ---- HTTP ----------------------------------------------------------------------------------------------

inline std::string bearer(const std::string& token) { return "Authorization: Bearer " + token + "\r\n"; }
inline const char* json_type = "Content-Type: application/json\r\n";

inline http_reply call(int port, std::string_view method, std::string_view target, std::string_view body = {},
                       const std::string& headers = {}) {
    return http_request(port, method, target, body, std::string(json_type) + headers);
}

// The raw answer (status line and every header, repeated ones included) of one request.
// `source`: the client address to connect from (any 127.x.y.z is this machine), to play several
// clients; empty: the system's choice.
inline std::string raw_call(int port, std::string_view method, std::string_view target, std::string_view body = {},
                            const std::string& headers = {}, const std::string& source = {}) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (!source.empty()) {
        sockaddr_in from{};
        from.sin_family = AF_INET;
        ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
        if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
            ::close(fd);
            return {};
        }
    }
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return {};
    }
    std::string req = std::string(method) + " " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + json_type + headers +
                      "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + std::string(body);
    ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
    std::string out;
    char buf[16384];
    pollfd p{fd, POLLIN, 0};
    while (::poll(&p, 1, 15000) > 0) {
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

// Every Set-Cookie line of a raw answer.
inline std::vector<std::string> set_cookies(const std::string& raw) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while ((pos = raw.find("\r\nSet-Cookie: ", pos)) != std::string::npos) {
        pos += 14;
        out.push_back(raw.substr(pos, raw.find("\r\n", pos) - pos));
    }
    return out;
}

// The value of cookie `name` among Set-Cookie lines ("" when absent).
inline std::string cookie_from(const std::vector<std::string>& cookies, const std::string& name) {
    for (const auto& c : cookies)
        if (c.starts_with(name + "=")) return c.substr(name.size() + 1, c.find(';') - name.size() - 1);
    return {};
}

// ---- JSON ----------------------------------------------------------------------------------------------

// ---- accounts -------------------------------------------------------------------------------------------

struct login_result {
    int status = 0;
    std::string token, refresh, body, retry_after;
};

// One header of a raw answer ("" when absent).
inline std::string header_value(const std::string& raw, const std::string& name) {
    auto pos = raw.find("\r\n" + name + ": ");
    if (pos == std::string::npos) return {};
    pos += name.size() + 4;
    return raw.substr(pos, raw.find("\r\n", pos) - pos);
}

// The refresh token comes only as the auth_refresh_token cookie, never in the body.
inline login_result login(int port, const std::string& email, const std::string& password, const std::string& headers = {},
                          const std::string& source = {}) {
    std::string raw =
        raw_call(port, "POST", "/api/login", R"({"email":")" + email + R"(","password":")" + password + R"("})", headers, source);
    login_result out;
    if (raw.size() > 12) out.status = std::atoi(raw.substr(9, 3).c_str());
    auto sep = raw.find("\r\n\r\n");
    out.body = sep == std::string::npos ? std::string() : raw.substr(sep + 4);
    out.token = field(out.body, "token");
    out.refresh = cookie_from(set_cookies(raw), "auth_refresh_token");
    out.retry_after = header_value(raw, "Retry-After");
    return out;
}

inline std::string registration_body(const std::string& email, const std::string& password, const std::string& first = "Jana",
                                     const std::string& last = "Müller") {
    return R"({"email":")" + email + R"(","password":")" + password + R"(","passwordConfirmation":")" + password +
           R"(","firstName":")" + first + R"(","lastName":")" + last + R"("})";
}

// Registers a candidate and returns {account id, access token}. Registration itself does not sign
// in (it answers the same for a known address): this signs in with the password afterwards.
inline std::pair<std::string, std::string> register_candidate(int port, const std::string& email,
                                                              const std::string& password = "Geheim123!") {
    auto r = call(port, "POST", "/api/candidate_profiles/register", registration_body(email, password));
    EXPECT_EQ(r.status, 201) << r.body;
    auto l = login(port, email, password);
    EXPECT_EQ(l.status, 200) << l.body;
    auto me = call(port, "GET", "/api/candidate_accounts/me", {}, bearer(l.token));
    return {field(me.body, "id"), l.token};
}

// Lets a registered candidate apply: the address confirmed and the profile's data for applying
// complete, as the mail link and the sedcard form would make them; an adult's birth date on the
// sedcard, which choosing shifts needs (working time, docs/fair-play.md).
inline void make_ready_to_apply(const stack& s, const std::string& account_id) {
    exec_sql(s.db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + account_id +
                              "; UPDATE candidate_profiles SET has_relevant_data_for_application = true, "
                              "sedcard = sedcard || '{\"birthDate\":\"1990-01-01\"}' WHERE account_id = " +
                              account_id);
}

// A candidate who may apply at once: {account id, access token}.
inline std::pair<std::string, std::string> register_ready_candidate(const stack& s, const std::string& email) {
    auto registered = register_candidate(s.port, email);
    make_ready_to_apply(s, registered.first);
    return registered;
}

// The token at the end of a link like ".../email-bestaetigen/TOKEN" in a mail text.
inline std::string token_after(const std::string& text, const std::string& path) {
    std::regex re(path + "([A-Za-z0-9_-]+)");
    std::smatch m;
    if (std::regex_search(text, m, re)) return m[1];
    return {};
}

// The newest mail to `to` in the sink (waits for it), as decoded text; "" when none came. With a
// `needle`, only a mail whose subject or text contains it.
// `n` calls at once, each thread waiting until all are ready (the limits' "20 requests in
// parallel"): what each answered, in the order of `i`.
template <typename Call>
auto at_once(int n, Call one) {
    std::vector<decltype(one(0))> answers(n);
    std::latch ready(n);
    std::vector<std::thread> threads;
    for (int i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
            ready.arrive_and_wait();
            answers[i] = one(i);
        });
    for (auto& t : threads) t.join();
    return answers;
}

inline std::string wait_for_mail_to(const smtp_sink& sink, const std::string& to, std::chrono::milliseconds timeout = 15s,
                                    const std::string& needle = {}) {
    std::string found;
    wait_until(
        [&] {
            for (const auto& f : sink.message_files()) {
                auto m = read_mail(f);
                std::string text = m.subject + "\n" + m.text;
                if (m.to.find(to) != std::string::npos && text.find(needle) != std::string::npos) found = text;
            }
            return !found.empty();
        },
        timeout);
    return found;
}

inline std::size_t mails_to(const smtp_sink& sink, const std::string& to) {
    std::size_t n = 0;
    for (const auto& f : sink.message_files())
        if (read_mail(f).to.find(to) != std::string::npos) ++n;
    return n;
}

}  // namespace jh::test::accounts_fixture
