// sinks.cpp: see sinks.h. Blocking calls and a thread are fine here: this is test code.
#include "tests/support/sinks.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <simdjson.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "media/media_files.h"
#include "reactor/migrate.h"
#include "tests/support/harness.h"
#include "reactor/source_dir.h"

namespace jh::test {

namespace fs = std::filesystem;

namespace {

bool port_accepts(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

std::string slurp(const std::string& path) { return media::read_file(path).value_or(""); }

}  // namespace

// ---- smtp_sink ---------------------------------------------------------------------------------

smtp_sink::smtp_sink(script s) : port_(free_port()), scripted_(!s.refuse_code.empty() || s.delay_first_ms > 0) {
    dir_ = make_temp_dir("jh-smtp");
    std::string maildir = dir_ + "/maildir";
    std::vector<std::string> args{"/usr/bin/python3", "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:" + std::to_string(port_)};
    if (scripted_) {
        args.insert(args.end(), {"-c", "smtp_sink_handler.ScriptedMailbox", maildir, dir_ + "/events",
                                 s.refuse_code.empty() ? "250" : s.refuse_code, std::to_string(s.refuse_times),
                                 std::to_string(s.delay_first_ms)});
    } else {
        args.insert(args.end(), {"-c", "aiosmtpd.handlers.Mailbox", maildir});
    }
    std::string log = dir_ + "/sink.log";
    pid_ = ::fork();
    if (pid_ == 0) {
        FILE* out = std::freopen(log.c_str(), "w", stdout);
        (void)out;
        ::dup2(1, 2);
        ::setenv("PYTHONPATH", jh::source_path("tests/support").c_str(), 1);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    for (int i = 0; i < 200; ++i) {
        if (port_accepts(port_)) return;
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    throw std::runtime_error("the SMTP sink did not start: " + slurp(log));
}

smtp_sink::~smtp_sink() {
    if (pid_ > 0) {
        ::kill(pid_, SIGTERM);
        for (int i = 0; i < 100; ++i) {
            if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
                pid_ = -1;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

std::vector<std::string> smtp_sink::message_files() const {
    std::vector<std::pair<fs::file_time_type, std::string>> found;
    for (const char* sub : {"new", "cur"}) {
        std::error_code ec;
        fs::path p = fs::path(dir_) / "maildir" / sub;
        if (!fs::is_directory(p, ec)) continue;
        for (const auto& e : fs::directory_iterator(p, ec)) found.emplace_back(e.last_write_time(ec), e.path().string());
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (auto& f : found) out.push_back(std::move(f.second));
    return out;
}

bool smtp_sink::wait_for_messages(std::size_t n, std::chrono::milliseconds timeout) const {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (message_files().size() >= n) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return message_files().size() >= n;
}

int smtp_sink::data_attempts() const {
    std::istringstream in(slurp(dir_ + "/events"));
    std::string line;
    int n = 0;
    while (std::getline(in, line))
        if (line.starts_with("DATA")) ++n;
    return n;
}

namespace {
parsed_mail decode_mail(const std::string& path) {
    std::string cmd = "/usr/bin/python3 " + jh::source_path("tests/support/read_mail.py") + " '" + path + "'";
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot run read_mail.py");
    std::string out;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(out).get_object().get(o)) throw std::runtime_error("read_mail.py printed no JSON: " + out);
    auto field = [&](const char* k) {
        std::string_view v;
        return o[k].get_string().get(v) ? std::string() : std::string(v);
    };
    return parsed_mail{field("raw_subject"), field("subject"), field("from"), field("to"), field("message_id"),
                       field("content_type"), field("text"), field("html")};
}
}  // namespace

// Each file is decoded once per test process: a mail in the maildir never changes once the sink has
// written it, and the waits poll every mail of the sink every few milliseconds, each decode a
// Python process (tens of milliseconds, far more on a loaded machine). Keyed by path, size and
// modification time, so a file written anew under an old name is decoded again.
parsed_mail read_mail(const std::string& path) {
    static std::mutex mutex;
    static std::map<std::string, std::pair<std::string, parsed_mail>> decoded;
    std::error_code ec;
    const auto stamp = std::to_string(fs::file_size(path, ec)) + "@" +
                       std::to_string(fs::last_write_time(path, ec).time_since_epoch().count());
    {
        std::lock_guard lock(mutex);
        if (auto it = decoded.find(path); it != decoded.end() && it->second.first == stamp) return it->second.second;
    }
    parsed_mail mail = decode_mail(path);
    std::lock_guard lock(mutex);
    decoded[path] = {stamp, mail};
    return mail;
}

// ---- http_receiver -----------------------------------------------------------------------------

http_receiver::http_receiver(std::vector<int> statuses, int default_status, int port)
    : statuses_(std::move(statuses)), default_status_(default_status) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(listen_fd_, 64) != 0)
        throw std::runtime_error("http_receiver: cannot listen");
    socklen_t len = sizeof a;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] { serve(); });
}

http_receiver::~http_receiver() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    ::close(listen_fd_);
}

std::vector<http_receiver::request> http_receiver::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

bool http_receiver::wait_for_requests(std::size_t n, std::chrono::milliseconds timeout) const {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (requests().size() >= n) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return requests().size() >= n;
}

void http_receiver::serve() {
    while (!stop_) {
        pollfd p{listen_fd_, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0) continue;
        int fd = ::accept(listen_fd_, nullptr, nullptr);
        if (fd < 0) continue;
        handle(fd);
        ::close(fd);
    }
}

void http_receiver::handle(int fd) {
    std::string buf;
    auto fill = [&] {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 5000) <= 0) return false;
        char tmp[16384];
        ssize_t n = ::recv(fd, tmp, sizeof tmp, 0);
        if (n <= 0) return false;
        buf.append(tmp, static_cast<std::size_t>(n));
        return true;
    };
    std::size_t end;
    while ((end = buf.find("\r\n\r\n")) == std::string::npos)
        if (!fill()) return;
    request r;
    std::istringstream head(buf.substr(0, end));
    std::string line;
    std::getline(head, line);
    std::istringstream first(line);
    first >> r.method >> r.target;
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
    std::size_t length = r.headers.contains("content-length") ? std::stoul(r.headers["content-length"]) : 0;
    while (buf.size() < end + 4 + length)
        if (!fill()) return;
    r.body = buf.substr(end + 4, length);
    {
        std::lock_guard lock(mutex_);
        std::size_t i = requests_.size();
        r.answered = i < statuses_.size() ? statuses_[i] : default_status_;
        requests_.push_back(r);
    }
    std::string reply = "HTTP/1.1 " + std::to_string(r.answered) + " Test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    ::send(fd, reply.data(), reply.size(), MSG_NOSIGNAL);
}

// ---- job queue helpers ---------------------------------------------------------------------------

void migrate_queue_schema(const std::string& database_url) {
    std::string dir = make_temp_dir("jh-queue-migrations");
    for (const char* name : {"0002_job_queue.sql", "0003_tracking_events.sql", "0160_queue_request_id.sql",
                             "0170_queue_and_tracking_accounts.sql"})
        fs::copy_file(fs::path(source_path("migrations")) / name, fs::path(dir) / name);
    auto r = migrate_database(database_url, dir);
    fs::remove_all(dir);
    if (!r) throw std::runtime_error("migrating the queue tables failed: " + r.error());
}

std::string sql_value(const std::string& database_url, const std::string& sql) {
    auto rows = query_sql(database_url, sql);
    return rows.empty() || rows[0].empty() ? std::string() : rows[0][0];
}

bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return done();
}

}  // namespace jh::test
