// harness.h: what integration tests use to test Jobhafen from the outside.
//
// ops/test starts one PostgreSQL and one Redis and passes them in:
//   JOBHAFEN_TEST_DATABASE_URL  admin URL of the shared PostgreSQL (database "postgres")
//   JOBHAFEN_TEST_REDIS_URL     URL of the shared Redis
// Each test suite gets its own database (temp_database) so suites never see each other's rows.
// Tests that stop or restart a server start a private one (pg_instance, redis_instance) instead
// of disturbing the shared ones. server_process runs the real `jobhafen` binary.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jh::test {

// An environment variable, or `fallback` when unset.
std::string env_or(const char* name, std::string fallback);
std::string shared_database_url();   // admin URL; skips the test when unset
std::string shared_redis_url();
int free_port();
// A fresh temporary folder, removed by the caller (or left for inspection on failure).
std::string make_temp_dir(std::string_view prefix);
// `dir`/web with the app's empty shell (index.html: a <title> and an empty root element), as
// web/dist has it, for JOBHAFEN_WEB_ROOT; returns the folder.
std::string make_web_root(const std::string& dir);
// Runs a shell command, returns its exit status.
int run_shell(const std::string& cmd);

// Runs SQL on a database with a blocking libpq connection (tests only).
void exec_sql(const std::string& url, const std::string& sql);
// One row per result row, columns as text ("" for NULL).
std::vector<std::vector<std::string>> query_sql(const std::string& url, const std::string& sql);

// A database created for one test suite and dropped afterwards. With schema::migrated it is a
// copy of the template database that ops/test migrates once (JOBHAFEN_TEST_TEMPLATE_DATABASE),
// so a server started on it finds every migration applied and starts at once; without a
// template it is empty and `jobhafen serve` migrates it at start, which is slower but the same.
enum class schema { empty, migrated };

class temp_database {
public:
    explicit temp_database(std::string_view name_prefix, schema s = schema::empty);
    ~temp_database();
    const std::string& url() const { return url_; }
    const std::string& name() const { return name_; }

private:
    std::string admin_url_, name_, url_;
};

// A private PostgreSQL server in a temporary folder, for tests that restart or stop it.
class pg_instance {
public:
    pg_instance();
    ~pg_instance();
    std::string url(std::string_view db = "postgres") const;
    int port() const { return port_; }
    void stop();
    void start();
    void restart();   // pg_ctl restart -m fast

private:
    void pg_ctl(const std::string& args);
    std::string dir_;
    int port_;
};

// A private Redis server, for tests that stop it.
class redis_instance {
public:
    redis_instance();
    ~redis_instance();
    std::string url() const;
    int port() const { return port_; }
    void stop();
    void start();

private:
    std::string dir_;
    int port_;
};

// The real `jobhafen` binary as a child process.
class server_process {
public:
    // `env` is added to the environment (e.g. JOBHAFEN_DATABASE_URL). The HTTP port is chosen
    // here and passed as JOBHAFEN_HTTP_PORT.
    explicit server_process(std::map<std::string, std::string> env, std::vector<std::string> args = {"serve"});
    ~server_process();
    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    // Waits until the server says it serves on its port (true) or the process exited (false).
    // An ASan build on a loaded 2-core machine has needed more than 20 s to start: the default is
    // generous, and a failed start still ends as soon as the process exits.
    bool wait_ready(std::chrono::milliseconds timeout = std::chrono::seconds(60));
    bool has_exited();   // true once the process has ended (it is reaped here)
    void signal(int sig);
    // Waits for exit; returns the exit status, or -1 on timeout.
    int wait_exit(std::chrono::milliseconds timeout);
    std::string log() const;   // what the process wrote to stdout and stderr

private:
    // Starts the process with env_ (a fresh log each time).
    void launch();
    // When the process exited because a port this class chose was taken meanwhile (a parallel
    // test's pick, between free_port's check and the bind): new ports, started again. At most twice.
    bool relaunch_after_a_taken_port();

    int port_;
    pid_t pid_ = -1;
    std::string log_path_;
    bool exited_ = false;
    std::map<std::string, std::string> env_;
    std::vector<std::string> args_;
    std::vector<std::string> chosen_here_;   // the env_ keys whose ports this class picked
    int relaunches_ = 0;
};

// Runs `jobhafen ARGS...` to completion with extra environment; returns {exit status, output}.
std::pair<int, std::string> run_jobhafen(const std::map<std::string, std::string>& env, const std::vector<std::string>& args);

struct http_reply {
    int status = 0;
    std::map<std::string, std::string> headers;   // names in lower case
    std::string body;
    std::string header(const std::string& lower) const {
        auto it = headers.find(lower);
        return it == headers.end() ? std::string() : it->second;
    }
};

// How long a test waits for an answer it expects: a guard against a hang, never a measure of speed
// (that is bench/'s). Under the sanitizers at nice 10, beside the browsers and the fuzzers, an image
// upload with its six thumbnails took longer than the former 15 s on CI; ctest's own bound is 600 s.
inline constexpr std::chrono::milliseconds reply_deadline = std::chrono::seconds(120);

// A raw HTTP/1.1 client on one TCP connection: sends bytes exactly as given and parses replies,
// so tests can pipeline, split bodies and send malformed requests.
class http_connection {
public:
    // `source`: the local address to connect from (e.g. "127.0.0.2", another client on loopback).
    explicit http_connection(int port, std::string host = "127.0.0.1", std::string source = {});
    ~http_connection();
    void send(std::string_view bytes);
    // Reads one reply; nullopt when the connection closed or nothing came within `timeout`.
    std::optional<http_reply> read_reply(std::chrono::milliseconds timeout = reply_deadline, bool head_request = false);
    // True when the server closed the connection (EOF) within `timeout`.
    bool closed_by_peer(std::chrono::milliseconds timeout = std::chrono::seconds(5));

private:
    bool fill(std::chrono::milliseconds timeout);
    int fd_ = -1;
    std::string buf_;
};

// One request on a fresh connection. `headers` is raw header lines ("Name: value\r\n").
http_reply http_request(int port, std::string_view method, std::string_view target,
                        std::string_view body = {}, std::string_view headers = {});

// A value of a JSON document as text, found by a JSON pointer ("/hydra:member/0/id") or a top-level
// key ("token"): strings unquoted, numbers and booleans as written, null as "null", objects and
// arrays minified; "<missing>" when absent or not JSON.
std::string field(const std::string& json, const std::string& pointer_or_key);

}  // namespace jh::test
