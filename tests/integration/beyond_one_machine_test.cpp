// Running behind a proxy with a replica and Redis Sentinel, seen from outside: the real
// `jobhafen serve` against real PostgreSQL, Redis and a Redis Sentinel, spoken to over HTTP.
//   * Public reads go to the replica while it answers, and to the primary when it does not;
//     /api/health tells which, and stays 200 (the instance can serve).
//   * X-Forwarded-For is believed only from a trusted proxy: per-address limits then count the
//     client behind it, and a client that connects directly cannot choose its address.
//   * The Redis primary is asked of a Sentinel, and a change of primary is followed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <random>
#include <thread>

#include "tests/support/harness.h"
#include "tests/support/sinks.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

// Polls GET /api/health until its body holds `needle` (the replica is checked once a second).
http_reply health_once_it_says(int port, const std::string& needle) {
    http_reply r;
    for (int i = 0; i < 60; ++i) {
        r = http_request(port, "GET", "/api/health");
        if (r.body.find(needle) != std::string::npos) return r;
        std::this_thread::sleep_for(100ms);
    }
    return r;
}

// The sum over loops of a per-loop counter in /metrics.
long long metric_sum(int port, const std::string& name) {
    auto r = http_request(port, "GET", "/metrics");
    long long sum = 0;
    std::size_t at = 0;
    while ((at = r.body.find("\n" + name + "{", at)) != std::string::npos) {
        auto space = r.body.find("} ", at);
        sum += std::stoll(r.body.substr(space + 2, r.body.find('\n', space) - space - 2));
        at = space;
    }
    return sum;
}

int random_octet() {
    static std::mt19937 rng{std::random_device{}()};
    return std::uniform_int_distribution<int>(10, 250)(rng);
}

// ---- replica reads ------------------------------------------------------------------------------

class ReplicaReads : public ::testing::Test {
protected:
    static void SetUpTestSuite() { db_ = new temp_database("replica_reads", schema::migrated); }
    static void TearDownTestSuite() { delete db_; }
    static inline temp_database* db_ = nullptr;
};

TEST_F(ReplicaReads, DeadReplicaLeavesReadsToThePrimary) {
    const std::string dead = "postgresql://postgres@127.0.0.1:" + std::to_string(free_port()) + "/jobhafen";
    server_process server({{"JOBHAFEN_DATABASE_URL", db_->url()},
                           {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                           {"JOBHAFEN_DATABASE_REPLICA", dead}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    auto h = health_once_it_says(server.port(), "\"replica\":\"unavailable\"");
    EXPECT_EQ(h.status, 200) << h.body;   // the primary answers the reads: this instance can serve
    EXPECT_EQ(field(h.body, "postgres"), "ok");
    EXPECT_EQ(field(h.body, "replica"), "unavailable") << h.body;
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(http_request(server.port(), "GET", "/api/organizations").status, 200);
        EXPECT_EQ(http_request(server.port(), "GET", "/api/job_postings").status, 200);
        EXPECT_EQ(http_request(server.port(), "GET", "/api/job_postings/999999999").status, 404);
    }
    EXPECT_EQ(metric_sum(server.port(), "jobhafen_db_replica_usable"), 0);
    EXPECT_EQ(metric_sum(server.port(), "jobhafen_db_replica_reads_total"), 0);
}

TEST_F(ReplicaReads, AnsweringReplicaServesPublicReads) {
    // The primary named as its own replica: not in recovery, so it lags 0 and is used.
    server_process server({{"JOBHAFEN_DATABASE_URL", db_->url()},
                           {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                           {"JOBHAFEN_DATABASE_REPLICA", db_->url()}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    auto h = health_once_it_says(server.port(), "\"replica\":\"ok\"");
    EXPECT_EQ(h.status, 200);
    EXPECT_EQ(field(h.body, "replica"), "ok") << h.body;
    EXPECT_EQ(field(h.body, "replicaLagMs"), "0") << h.body;
    // Every loop has had its first check by now (they run once a second on each loop).
    std::this_thread::sleep_for(1500ms);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(http_request(server.port(), "GET", "/api/organizations").status, 200);
    // The loops publish their counters once a second.
    long long reads = 0;
    for (int i = 0; i < 30 && reads == 0; ++i) {
        std::this_thread::sleep_for(100ms);
        reads = metric_sum(server.port(), "jobhafen_db_replica_reads_total");
    }
    EXPECT_GT(reads, 0) << http_request(server.port(), "GET", "/metrics").body;
    EXPECT_EQ(metric_sum(server.port(), "jobhafen_db_replica_fallbacks_total"), 0);
}

TEST_F(ReplicaReads, ReplicaThatStopsMidwayCostsNoRequest) {
    // A replica of its own (a second PostgreSQL with the schema), stopped while reads go to it.
    pg_instance replica;
    exec_sql(replica.url(), "CREATE DATABASE jobhafen");
    auto [rc, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", replica.url("jobhafen")}}, {"migrate"});
    ASSERT_EQ(rc, 0) << out;
    server_process server({{"JOBHAFEN_DATABASE_URL", db_->url()},
                           {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                           {"JOBHAFEN_DATABASE_REPLICA", replica.url("jobhafen")}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    ASSERT_EQ(field(health_once_it_says(server.port(), "\"replica\":\"ok\"").body, "replica"), "ok");
    std::this_thread::sleep_for(1500ms);
    replica.stop();
    int failed = 0;
    for (int i = 0; i < 30; ++i)
        if (http_request(server.port(), "GET", "/api/organizations").status != 200) ++failed;
    EXPECT_EQ(failed, 0);
    auto h = health_once_it_says(server.port(), "\"replica\":\"unavailable\"");
    EXPECT_EQ(h.status, 200);
    EXPECT_EQ(field(h.body, "replica"), "unavailable") << h.body;
    replica.start();
    EXPECT_EQ(field(health_once_it_says(server.port(), "\"replica\":\"ok\"").body, "replica"), "ok");
}

// ---- X-Forwarded-For ------------------------------------------------------------------------------

class ForwardedFor : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("forwarded_for", schema::migrated);
        server_ = new server_process({{"JOBHAFEN_DATABASE_URL", db_->url()},
                                      {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                                      {"JOBHAFEN_LOG_ACCESS", "true"},
                                      {"JOBHAFEN_HTTP_TRUSTED_PROXIES", "127.0.0.2/32,10.0.0.0/8"},
                                      {"JOBHAFEN_AUTH_EMAIL_CHECK_LIMIT_PER_MINUTE", "2"}});
        ASSERT_TRUE(server_->wait_ready()) << server_->log();
    }
    static void TearDownTestSuite() {
        delete server_;
        delete db_;
    }

    // One email check from `source`, with `forwarded` as X-Forwarded-For (none when empty).
    static int email_check(const std::string& source, const std::string& forwarded, const std::string& rid) {
        http_connection c(server_->port(), "127.0.0.1", source);
        std::string body = R"({"email":"niemand@example.org"})";
        std::string req = "POST /api/candidate_profiles/email_check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          "X-Request-Id: " + rid + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
        if (!forwarded.empty()) req += "X-Forwarded-For: " + forwarded + "\r\n";
        c.send(req + "\r\n" + body);
        auto r = c.read_reply();
        return r ? r->status : 0;
    }

    // A fresh count for `ip` (a rerun within the minute may have left one in the shared Redis).
    static void forget_count(const std::string& ip) {
        run_shell("redis-cli -u " + shared_redis_url() + " del auth:ec:" + ip + " >/dev/null 2>&1");
    }

    // The access line of the request with id `rid`, once written.
    static std::string access_line(const std::string& rid) {
        for (int i = 0; i < 50; ++i) {
            std::string log = server_->log();
            auto at = log.find("rid=" + rid + "\n");
            if (at != std::string::npos) return log.substr(log.rfind('\n', at) + 1, at - log.rfind('\n', at));
            std::this_thread::sleep_for(50ms);
        }
        return {};
    }

    static inline temp_database* db_ = nullptr;
    static inline server_process* server_ = nullptr;
};

TEST_F(ForwardedFor, ProxyPassesTheClientAddressToLimitsAndLogs) {
    const std::string proxy = "127.0.0.2";
    const std::string a = "198.51.100." + std::to_string(random_octet());
    const std::string b = "203.0.113." + std::to_string(random_octet());
    const std::string tag = std::to_string(random_octet()) + "-" + std::to_string(::getpid());
    for (const auto& ip : {a, b, std::string("192.0.2.1")}) forget_count(ip);
    // The client claims 192.0.2.1; the proxy appends what it saw (a). The limit is 2 per minute.
    EXPECT_EQ(email_check(proxy, "192.0.2.1, " + a, "xff-a1-" + tag), 200);
    EXPECT_EQ(email_check(proxy, a, "xff-a2-" + tag), 200);
    EXPECT_EQ(email_check(proxy, "192.0.2.1, " + a, "xff-a3-" + tag), 429);
    // Another client behind the same proxy has its own count.
    EXPECT_EQ(email_check(proxy, b, "xff-b1-" + tag), 200);
    std::string line = access_line("xff-a1-" + tag);
    EXPECT_NE(line.find(" " + a + " "), std::string::npos) << line;
    EXPECT_EQ(line.find("192.0.2.1"), std::string::npos) << line;
    EXPECT_EQ(line.find(proxy), std::string::npos) << line;
}

TEST_F(ForwardedFor, DirectClientCannotChooseItsAddress) {
    const std::string direct = "127.0.0." + std::to_string(random_octet() + 3);   // not a trusted proxy
    const std::string tag = std::to_string(random_octet()) + "-" + std::to_string(::getpid());
    forget_count(direct);
    // A fresh made-up address each time: all count against the socket's address.
    EXPECT_EQ(email_check(direct, "198.51.100.1", "direct1-" + tag), 200);
    EXPECT_EQ(email_check(direct, "198.51.100.2", "direct2-" + tag), 200);
    EXPECT_EQ(email_check(direct, "198.51.100.3", "direct3-" + tag), 429);
    std::string line = access_line("direct1-" + tag);
    EXPECT_NE(line.find(" " + direct + " "), std::string::npos) << line;
    EXPECT_EQ(line.find("198.51.100.1"), std::string::npos) << line;
}

// ---- the request id in queued jobs ----------------------------------------------------------------

TEST(RequestIdInJobs, TheMailOfARequestCarriesItsIdIntoTheWorkersLog) {
    temp_database db("request_id_jobs", schema::migrated);
    const std::string publish = "tcp://127.0.0.1:" + std::to_string(free_port());
    const std::string var = make_temp_dir("jh-rid-var");
    server_process server({{"JOBHAFEN_DATABASE_URL", db.url()},
                           {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                           {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", publish}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    const std::string rid = "haproxy-rid-" + std::to_string(::getpid());
    auto r = http_request(server.port(), "POST", "/api/general_contact",
                          R"({"name":"Paul Projekt","email":"paul@example.de","message":"Wir brauchen 20 Promoter.","topic":"offer_request"})",
                          "Content-Type: application/json\r\nX-Request-Id: " + rid + "\r\n");
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(sql_value(db.url(), "SELECT request_id FROM queue_jobs WHERE kind = 'mail'"), rid);

    server_process worker({{"JOBHAFEN_DATABASE_URL", db.url()},
                           {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", publish},
                           {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "200"},
                           {"JOBHAFEN_VAR_DIR", var}},
                          {"worker", "mail"});
    bool logged = false;
    for (int i = 0; i < 100 && !logged; ++i) {
        logged = worker.log().find("sent") != std::string::npos && worker.log().find("rid=" + rid) != std::string::npos;
        if (!logged) std::this_thread::sleep_for(100ms);
    }
    EXPECT_TRUE(logged) << worker.log();
    run_shell("rm -rf " + var);
}

// ---- Redis through Sentinel --------------------------------------------------------------------

// A Redis Sentinel (redis-server --sentinel) on a free port, watching `primary_port` as "jh".
// With a `password`, the Sentinel asks it of its clients (requirepass) and uses `primary_password`
// towards the Redis it watches (auth-pass).
class sentinel_process {
public:
    explicit sentinel_process(int primary_port, std::string password = {}, std::string primary_password = {})
        : port_(free_port()), dir_(make_temp_dir("jh-sentinel")), password_(std::move(password)) {
        std::ofstream conf(dir_ + "/sentinel.conf");
        conf << "port " << port_ << "\nbind 127.0.0.1\ndir " << dir_ << "\nsentinel monitor jh 127.0.0.1 " << primary_port << " 1\n";
        if (!password_.empty()) conf << "requirepass " << password_ << "\n";
        if (!primary_password.empty()) conf << "sentinel auth-pass jh " << primary_password << "\n";
        conf.close();
        run_shell("redis-server " + dir_ + "/sentinel.conf --sentinel --daemonize yes --pidfile " + dir_ +
                  "/sentinel.pid --logfile " + dir_ + "/sentinel.log");
        for (int i = 0; i < 100 && !answers(); ++i) std::this_thread::sleep_for(50ms);
    }
    ~sentinel_process() {
        run_shell(cli() + " shutdown nosave >/dev/null 2>&1");
        run_shell("rm -rf " + dir_);
    }
    int port() const { return port_; }
    bool answers() const { return run_shell(cli() + " ping 2>/dev/null | grep -qx PONG") == 0; }
    // redis-cli towards this Sentinel, with its password when it has one (from the environment,
    // so it is not on a command line).
    std::string cli() const {
        return (password_.empty() ? std::string() : "REDISCLI_AUTH=" + password_ + " ") + "redis-cli -p " + std::to_string(port_);
    }
    // Makes the Sentinel name another primary, as after a failover.
    void watch(int primary_port) {
        run_shell("redis-cli -p " + std::to_string(port_) + " sentinel remove jh >/dev/null");
        run_shell("redis-cli -p " + std::to_string(port_) + " sentinel monitor jh 127.0.0.1 " + std::to_string(primary_port) +
                  " 1 >/dev/null");
    }

private:
    int port_;
    std::string dir_;
    std::string password_;
};

TEST(SentinelFollow, ServerFindsThePrimaryAndFollowsAChange) {
    temp_database db("redis_sentinel", schema::migrated);
    redis_instance first, second;
    sentinel_process sentinel(first.port());
    ASSERT_TRUE(sentinel.answers());
    // The URL's host and port point nowhere: only the Sentinel knows where Redis is.
    server_process server({{"JOBHAFEN_DATABASE_URL", db.url()},
                           {"JOBHAFEN_REDIS_URL", "redis://127.0.0.1:" + std::to_string(free_port())},
                           {"JOBHAFEN_REDIS_SENTINELS", "127.0.0.1:" + std::to_string(free_port()) + ",127.0.0.1:" +
                                                            std::to_string(sentinel.port())},
                           {"JOBHAFEN_REDIS_SENTINEL_MASTER", "jh"}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    auto h = health_once_it_says(server.port(), "\"redis\":\"ok\"");
    ASSERT_EQ(h.status, 200) << h.body << server.log();

    sentinel.watch(second.port());
    first.stop();
    auto started = std::chrono::steady_clock::now();
    h = health_once_it_says(server.port(), "\"redis\":\"ok\"");
    auto took = std::chrono::steady_clock::now() - started;
    EXPECT_EQ(h.status, 200) << h.body << server.log();
    EXPECT_LT(took, 5s);
    // The new primary holds what the server writes now: a per-address count of an email check.
    EXPECT_EQ(http_request(server.port(), "POST", "/api/candidate_profiles/email_check", R"({"email":"a@example.org"})",
                           "Content-Type: application/json\r\n").status, 200);
    auto keys = run_shell("redis-cli -p " + std::to_string(second.port()) + " --scan --pattern 'auth:ec:*' | grep -q .");
    EXPECT_EQ(keys, 0);
}

}  // namespace
}  // namespace jh::test

namespace jh::test {
namespace {

// Redis and its Sentinel each ask for a password (as ops/cluster runs them): the server sends
// AUTH to the Sentinel (redis.sentinel_password) before it asks where the primary is, and to
// Redis with the password of redis.url, and is healthy; a Sentinel asked without it says NOAUTH.
TEST(SentinelFollow, ServerAuthenticatesToTheSentinelAndToRedis) {
    temp_database db("redis_sentinel_auth", schema::migrated);
    redis_instance redis;
    const std::string redis_password = "redis-pw-" + std::to_string(free_port());
    const std::string sentinel_password = "sentinel-pw-" + std::to_string(free_port());
    ASSERT_EQ(run_shell("redis-cli -p " + std::to_string(redis.port()) + " config set requirepass " + redis_password + " >/dev/null"), 0);
    // The password goes again before redis_instance stops it (its redis-cli shutdown sends none).
    struct forget_password {
        int port;
        std::string password;
        ~forget_password() {
            run_shell("REDISCLI_AUTH=" + password + " redis-cli -p " + std::to_string(port) + " config set requirepass '' >/dev/null 2>&1");
        }
    } forget{redis.port(), redis_password};
    sentinel_process sentinel(redis.port(), sentinel_password, redis_password);
    ASSERT_TRUE(sentinel.answers());
    EXPECT_EQ(run_shell("redis-cli -p " + std::to_string(sentinel.port()) + " sentinel get-master-addr-by-name jh 2>&1 | grep -q NOAUTH"), 0)
        << "the Sentinel answers without a password";
    server_process server({{"JOBHAFEN_DATABASE_URL", db.url()},
                           {"JOBHAFEN_REDIS_URL", "redis://:" + redis_password + "@127.0.0.1:" + std::to_string(free_port())},
                           {"JOBHAFEN_REDIS_SENTINELS", "127.0.0.1:" + std::to_string(sentinel.port())},
                           {"JOBHAFEN_REDIS_SENTINEL_MASTER", "jh"},
                           {"JOBHAFEN_REDIS_SENTINEL_PASSWORD", sentinel_password}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    auto h = health_once_it_says(server.port(), "\"redis\":\"ok\"");
    EXPECT_EQ(h.status, 200) << h.body << server.log();
    EXPECT_EQ(http_request(server.port(), "POST", "/api/candidate_profiles/email_check", R"({"email":"a@example.org"})",
                           "Content-Type: application/json\r\n").status, 200);
    EXPECT_EQ(run_shell("REDISCLI_AUTH=" + redis_password + " redis-cli -p " + std::to_string(redis.port()) +
                        " --scan --pattern 'auth:ec:*' | grep -q ."), 0);
}

}  // namespace
}  // namespace jh::test
