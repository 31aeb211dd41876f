// harness.cpp: see harness.h. Blocking calls are fine here: this is test code, not a loop.
#include "tests/support/harness.h"

#include <simdjson.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <simdjson.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "media/media_files.h"
#include "reactor/source_dir.h"

extern char** environ;

namespace jh::test {

namespace fs = std::filesystem;

std::string env_or(const char* name, std::string fallback) {
    const char* v = std::getenv(name);
    return (v && *v) ? std::string(v) : fallback;
}

std::string shared_database_url() {
    return env_or("JOBHAFEN_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:55433/postgres");
}

std::string shared_redis_url() { return env_or("JOBHAFEN_TEST_REDIS_URL", "redis://127.0.0.1:56380"); }

namespace {
// Claims `port` for this test process until it exits: an exclusive flock on a file named after the
// port, which every test process's free_port takes. A bind check alone is not enough, because the
// server binds with SO_REUSEPORT: when two parallel tests picked the same port, both servers bound
// it, both logged "serves", and the kernel spread one test's requests over the other test's
// server and database (JobIndexEquality once compared cards seeded a second apart). The lock is
// released with the process, so a crashed test leaves nothing to clean up.
bool claim_for_this_process(int port) {
    // One folder for the whole machine, not TMPDIR: ops/test gives each run its own TMPDIR, and two
    // runs side by side (two checkouts) must see each other's claims.
    static const fs::path dir = fs::path("/tmp") / "jobhafen-test-ports";
    std::error_code ec;
    fs::create_directories(dir, ec);
    const std::string path = (dir / (std::to_string(port) + ".lock")).string();
    const int fd = ::open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0666);
    if (fd < 0) return true;   // no lock directory: the bind check alone, as before
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return false;
    }
    return true;   // the descriptor stays open (and locked) for the rest of this process
}
}  // namespace

int free_port() {
    // A random port below the kernel's ephemeral range (32768 and up by default), checked by binding.
    // A port the kernel hands out for bind(0) lies inside that range, where every outgoing connection
    // of the parallel tests also takes its local port: one of them could take it before the server
    // binds it ("address already in use"). Below the range only another test's choice can collide,
    // and claim_for_this_process rules that out: a port is handed out once per run of parallel tests
    // (and once per process, as a second flock on it fails too).
    static std::mt19937 rng(std::random_device{}() ^ static_cast<unsigned>(::getpid()));
    for (int attempt = 0; attempt < 200; ++attempt) {
        int port = std::uniform_int_distribution<int>(20000, 32000)(rng);
        int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(static_cast<std::uint16_t>(port));
        bool free = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
        ::close(fd);
        if (free && claim_for_this_process(port)) return port;
    }
    // Everything there taken: let the kernel choose.
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    int port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

std::string make_temp_dir(std::string_view prefix) {
    std::string tmpl = (fs::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    return tmpl;
}

std::string make_web_root(const std::string& dir) {
    std::string root = dir + "/web";
    fs::create_directories(root);
    std::ofstream(root + "/index.html") << "<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Jobhafen</title></head>"
                                           "<body><div id=\"root\"></div></body></html>";
    return root;
}

int run_shell(const std::string& cmd) {
    int st = std::system(cmd.c_str());
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

namespace {
PGconn* connect_or_throw(const std::string& url) {
    PGconn* c = PQconnectdb(url.c_str());
    if (PQstatus(c) != CONNECTION_OK) {
        std::string msg = PQerrorMessage(c);
        PQfinish(c);
        throw std::runtime_error("cannot connect to " + url + ": " + msg);
    }
    return c;
}

std::string replace_database(const std::string& url, const std::string& db) {
    // URLs look like postgresql://user@host:port/dbname[?params]
    auto q = url.find('?');
    std::string base = url.substr(0, q);
    std::string rest = q == std::string::npos ? "" : url.substr(q);
    auto slash = base.rfind('/');
    return base.substr(0, slash + 1) + db + rest;
}
}  // namespace

void exec_sql(const std::string& url, const std::string& sql) {
    PGconn* c = connect_or_throw(url);
    PGresult* r = PQexec(c, sql.c_str());
    auto st = PQresultStatus(r);
    std::string err = PQerrorMessage(c);
    PQclear(r);
    PQfinish(c);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) throw std::runtime_error("SQL failed: " + err + " in: " + sql);
}

std::vector<std::vector<std::string>> query_sql(const std::string& url, const std::string& sql) {
    PGconn* c = connect_or_throw(url);
    PGresult* r = PQexec(c, sql.c_str());
    if (PQresultStatus(r) != PGRES_TUPLES_OK) {
        std::string err = PQerrorMessage(c);
        PQclear(r);
        PQfinish(c);
        throw std::runtime_error("SQL failed: " + err + " in: " + sql);
    }
    std::vector<std::vector<std::string>> rows;
    for (int i = 0; i < PQntuples(r); ++i) {
        std::vector<std::string> row;
        for (int j = 0; j < PQnfields(r); ++j) row.emplace_back(PQgetvalue(r, i, j));
        rows.push_back(std::move(row));
    }
    PQclear(r);
    PQfinish(c);
    return rows;
}

temp_database::temp_database(std::string_view name_prefix, schema s) {
    admin_url_ = shared_database_url();
    static std::atomic<int> counter{0};
    name_ = std::string(name_prefix) + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    exec_sql(admin_url_, "DROP DATABASE IF EXISTS " + name_);
    std::string tmpl = env_or("JOBHAFEN_TEST_TEMPLATE_DATABASE", "");
    if (s == schema::migrated && !tmpl.empty()) exec_sql(admin_url_, "CREATE DATABASE " + name_ + " TEMPLATE " + tmpl);
    else exec_sql(admin_url_, "CREATE DATABASE " + name_);
    url_ = replace_database(admin_url_, name_);
}

temp_database::~temp_database() {
    try {
        exec_sql(admin_url_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (...) {
    }
}

// ---- private PostgreSQL ----------------------------------------------------------------------

namespace {
const char* pg_bin = "/usr/lib/postgresql/15/bin";
// initdb refuses to run as root: run the server as the postgres user when we are root.
std::string as_pg_user(const std::string& cmd) {
    if (::geteuid() != 0) return cmd;
    return "su postgres -s /bin/sh -c '" + cmd + "'";
}
}  // namespace

pg_instance::pg_instance() : port_(free_port()) {
    dir_ = make_temp_dir("jh-pg");
    if (::geteuid() == 0) run_shell("chown postgres " + dir_);
    std::string cmd = std::string(pg_bin) + "/initdb -D " + dir_ + "/data -U postgres -A trust -E UTF8 --locale=C.UTF-8 >" + dir_ + "/initdb.log 2>&1";
    if (run_shell(as_pg_user(cmd)) != 0) throw std::runtime_error("initdb failed in " + dir_);
    start();
}

pg_instance::~pg_instance() {
    pg_ctl("stop -m immediate");
    fs::remove_all(dir_);
}

std::string pg_instance::url(std::string_view db) const {
    return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + std::string(db);
}

void pg_instance::pg_ctl(const std::string& args) {
    std::string cmd = std::string(pg_bin) + "/pg_ctl -D " + dir_ + "/data -l " + dir_ + "/server.log -o \"-p " +
                      std::to_string(port_) + " -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off\" -w " + args + " >/dev/null 2>&1";
    run_shell(as_pg_user(cmd));
}

void pg_instance::stop() { pg_ctl("stop -m fast"); }
void pg_instance::start() { pg_ctl("start"); }
void pg_instance::restart() { pg_ctl("restart -m fast"); }

// ---- private Redis -------------------------------------------------------------------------------

redis_instance::redis_instance() : port_(free_port()) {
    dir_ = make_temp_dir("jh-redis");
    start();
}

redis_instance::~redis_instance() {
    stop();
    fs::remove_all(dir_);
}

std::string redis_instance::url() const { return "redis://127.0.0.1:" + std::to_string(port_); }

void redis_instance::start() {
    run_shell("redis-server --port " + std::to_string(port_) + " --bind 127.0.0.1 --save '' --appendonly no --dir " + dir_ +
              " --daemonize yes --pidfile " + dir_ + "/redis.pid --logfile " + dir_ + "/redis.log");
    for (int i = 0; i < 100; ++i) {
        if (run_shell("redis-cli -p " + std::to_string(port_) + " ping >/dev/null 2>&1") == 0) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

void redis_instance::stop() {
    run_shell("redis-cli -p " + std::to_string(port_) + " shutdown nosave >/dev/null 2>&1");
    for (int i = 0; i < 100; ++i) {
        if (run_shell("redis-cli -p " + std::to_string(port_) + " ping >/dev/null 2>&1") != 0) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// ---- the jobhafen binary ---------------------------------------------------------------------------

namespace {
pid_t spawn(const std::map<std::string, std::string>& extra_env, const std::vector<std::string>& args, const std::string& log_path) {
    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e) {
        std::string_view entry(*e);
        auto name = entry.substr(0, entry.find('='));
        if (name.starts_with("JOBHAFEN_") && !name.starts_with("JOBHAFEN_TEST_")) continue;  // tests set their own
        if (extra_env.contains(std::string(name))) continue;
        env_strings.emplace_back(entry);
    }
    for (const auto& [k, v] : extra_env) env_strings.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_strings{JOBHAFEN_BINARY_PATH};
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : argv_strings) argv.push_back(s.data());
    argv.push_back(nullptr);

    pid_t pid = ::fork();
    if (pid == 0) {
        int fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::chdir(source_path().c_str());
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    return pid;
}

std::string read_file(const std::string& path) { return media::read_file(path).value_or(""); }
}  // namespace

server_process::server_process(std::map<std::string, std::string> env, std::vector<std::string> args)
    : port_(free_port()), env_(std::move(env)), args_(std::move(args)) {
    // A caller's own value wins over each choice made here (emplace keeps it).
    auto choose = [this](const std::string& key, std::string value) {
        if (env_.emplace(key, std::move(value)).second) chosen_here_.push_back(key);
    };
    choose("JOBHAFEN_HTTP_PORT", std::to_string(port_));
    port_ = std::stoi(env_.at("JOBHAFEN_HTTP_PORT"));
    env_.emplace("JOBHAFEN_HTTP_BIND", "127.0.0.1");
    env_.emplace("JOBHAFEN_THREADS", "2");
    // Every suite's server counts registrations in the one shared Redis, all from 127.0.0.1: the
    // hourly limit would count the whole run's registrations, so a suite would fail or pass by
    // what ran before it. A test of the limit sets its own (and uses a private Redis).
    env_.emplace("JOBHAFEN_AUTH_REGISTRATIONS_PER_CLIENT_PER_HOUR", "1000000");
    choose("JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", "tcp://127.0.0.1:" + std::to_string(free_port()));
    choose("JOBHAFEN_ZMQ_REQUEST_ENDPOINT", "tcp://127.0.0.1:" + std::to_string(free_port()));
    launch();
}

void server_process::launch() {
    static std::atomic<int> counter{0};
    log_path_ = (fs::temp_directory_path() / ("jobhafen-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".log")).string();
    exited_ = false;
    pid_ = spawn(env_, args_, log_path_);
}

bool server_process::relaunch_after_a_taken_port() {
    if (relaunches_ >= 2 || chosen_here_.empty()) return false;
    std::string out = log();
    if (auto f = env_.find("JOBHAFEN_LOG_FILE"); f != env_.end()) out += read_file(f->second);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (out.find("already in use") == std::string::npos) return false;
    ++relaunches_;
    std::fprintf(stderr, "[harness] a port chosen for the server was taken meanwhile; starting it again on new ports\n");
    for (const auto& key : chosen_here_) {
        const int fresh = free_port();
        if (key == "JOBHAFEN_HTTP_PORT") {
            port_ = fresh;
            env_[key] = std::to_string(fresh);
        } else {
            env_[key] = "tcp://127.0.0.1:" + std::to_string(fresh);
        }
    }
    fs::remove(log_path_);
    launch();
    return true;
}

server_process::~server_process() {
    if (!exited_ && pid_ > 0) {
        ::kill(pid_, SIGTERM);
        if (wait_exit(std::chrono::seconds(12)) == -1) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    if (!::testing::Test::HasFailure()) fs::remove(log_path_);
}

bool server_process::wait_ready(std::chrono::milliseconds timeout) {
    // Ready once this process says it serves on its port (reactor/server.cpp logs that after every
    // loop has bound it). A connection alone proves nothing: free_port's pick can collide with a
    // parallel test's listener, and the connection would reach that one while this server is
    // still migrating its database (JobsSearch once inserted into tables that did not exist yet).
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const std::string serving = ":" + std::to_string(port_) + " with ";   // a relaunch may change it
        int st = 0;
        if (::waitpid(pid_, &st, WNOHANG) == pid_) {
            exited_ = true;
            if (relaunch_after_a_taken_port()) continue;
            return false;
        }
        const std::string out = log();
        for (auto at = out.find("jobhafen serves "); at != std::string::npos; at = out.find("jobhafen serves ", at + 1)) {
            const auto hit = out.find(serving, at);
            if (hit != std::string::npos && hit < out.find('\n', at)) return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return false;
}

void server_process::signal(int sig) { ::kill(pid_, sig); }

bool server_process::has_exited() {
    int st = 0;
    if (!exited_ && ::waitpid(pid_, &st, WNOHANG) == pid_) exited_ = true;
    return exited_;
}

int server_process::wait_exit(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int st = 0;
        if (::waitpid(pid_, &st, WNOHANG) == pid_) {
            exited_ = true;
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
}

std::string server_process::log() const { return read_file(log_path_); }

std::pair<int, std::string> run_jobhafen(const std::map<std::string, std::string>& env, const std::vector<std::string>& args) {
    static std::atomic<int> counter{0};
    std::string log_path = (fs::temp_directory_path() / ("jobhafen-run-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".log")).string();
    pid_t pid = spawn(env, args, log_path);
    int st = 0;
    ::waitpid(pid, &st, 0);
    std::string out = read_file(log_path);
    fs::remove(log_path);
    return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

// ---- raw HTTP client -------------------------------------------------------------------------------

http_connection::http_connection(int port, std::string host, std::string source) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (!source.empty()) {
        sockaddr_in from{};
        from.sin_family = AF_INET;
        ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
        if (::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) throw std::runtime_error("bind failed");
    }
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    ::inet_pton(AF_INET, host.c_str(), &a.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) throw std::runtime_error("connect failed");
}

http_connection::~http_connection() {
    if (fd_ >= 0) ::close(fd_);
}

void http_connection::send(std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n <= 0) return;  // the server may have closed; the test reads that as a reply or EOF
        bytes.remove_prefix(static_cast<size_t>(n));
    }
}

bool http_connection::fill(std::chrono::milliseconds timeout) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
    char tmp[16384];
    ssize_t n = ::recv(fd_, tmp, sizeof tmp, 0);
    if (n <= 0) return false;
    buf_.append(tmp, static_cast<size_t>(n));
    return true;
}

std::optional<http_reply> http_connection::read_reply(std::chrono::milliseconds timeout, bool head_request) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    auto left = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()); };
    size_t end;
    while ((end = buf_.find("\r\n\r\n")) == std::string::npos) {
        if (left().count() <= 0 || !fill(left())) return std::nullopt;
    }
    http_reply r;
    std::istringstream head(buf_.substr(0, end));
    std::string line;
    std::getline(head, line);
    if (line.size() >= 12) r.status = std::atoi(line.c_str() + 9);
    while (std::getline(head, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon);
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::string value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ') value.erase(0, 1);
        r.headers[name] = value;
    }
    buf_.erase(0, end + 4);
    if (head_request || r.status == 204 || r.status == 304 || (r.status >= 100 && r.status < 200)) return r;
    if (r.headers.contains("content-length")) {
        size_t len = std::stoul(r.headers["content-length"]);
        while (buf_.size() < len)
            if (left().count() <= 0 || !fill(left())) return std::nullopt;
        r.body = buf_.substr(0, len);
        buf_.erase(0, len);
    } else if (r.header("transfer-encoding") == "chunked") {
        for (;;) {
            size_t eol;
            while ((eol = buf_.find("\r\n")) == std::string::npos)
                if (left().count() <= 0 || !fill(left())) return std::nullopt;
            size_t size = std::stoul(buf_.substr(0, eol), nullptr, 16);
            while (buf_.size() < eol + 2 + size + 2)
                if (left().count() <= 0 || !fill(left())) return std::nullopt;
            r.body += buf_.substr(eol + 2, size);
            buf_.erase(0, eol + 2 + size + 2);
            if (size == 0) break;
        }
    } else {
        while (fill(left())) {
        }
        r.body = std::move(buf_);
        buf_.clear();
    }
    return r;
}

bool http_connection::closed_by_peer(std::chrono::milliseconds timeout) {
    pollfd p{fd_, POLLIN, 0};
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int ms = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
        if (::poll(&p, 1, ms) <= 0) return false;
        char tmp[4096];
        ssize_t n = ::recv(fd_, tmp, sizeof tmp, 0);
        if (n <= 0) return true;   // EOF or reset
    }
    return false;
}

http_reply http_request(int port, std::string_view method, std::string_view target, std::string_view body, std::string_view headers) {
    http_connection c(port);
    std::string req = std::string(method) + " " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + std::string(headers);
    if (!body.empty() || method == "POST" || method == "PATCH" || method == "PUT")
        req += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    req += "Connection: close\r\n\r\n";
    req += body;
    c.send(req);
    auto r = c.read_reply(reply_deadline, method == "HEAD");
    return r.value_or(http_reply{});
}

std::string field(const std::string& json, const std::string& pointer_or_key) {
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (parser.parse(json).get(root)) return "<missing>";
    std::string ptr = pointer_or_key.starts_with("/") ? pointer_or_key : "/" + pointer_or_key;
    simdjson::dom::element e;
    if (root.at_pointer(ptr).get(e)) return "<missing>";
    std::string_view s;
    if (e.get(s) == simdjson::SUCCESS) return std::string(s);
    return simdjson::minify(e);
}

}  // namespace jh::test
