// google_indexing_fake.h: the fake Google of the Indexing API tests (GoogleIndex.*,
// PublicationChannels.*): tests/integration/google_indexing_fake.py run as a process on its own
// port, and its log (the tokens it issued, the batches and their calls) read back.
#pragma once

#include <signal.h>
#include <simdjson.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "reactor/source_dir.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test::google_fake {

using namespace std::chrono_literals;

// The fake Google: a Python process on its own port, its key files in its own directory.
class fake_google {
public:
    fake_google() : port_(free_port()), dir_(make_temp_dir("jh-google")) {
        pid_ = ::fork();
        if (pid_ == 0) {
            std::string log = dir_ + "/fake.log";
            FILE* out = std::freopen(log.c_str(), "w", stdout);
            (void)out;
            ::dup2(1, 2);
            std::string script = source_path("tests/integration/google_indexing_fake.py");
            std::string port = std::to_string(port_);
            ::execl("/usr/bin/python3", "/usr/bin/python3", script.c_str(), port.c_str(), dir_.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ready_ = wait_until([&] { return std::filesystem::exists(dir_ + "/ready"); }, 60s);
    }
    ~fake_google() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
        }
        std::filesystem::remove_all(dir_);
    }
    fake_google(const fake_google&) = delete;
    fake_google& operator=(const fake_google&) = delete;

    bool ready() const { return ready_; }
    std::string url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
    std::string account_file() const { return dir_ + "/service_account.json"; }
    std::string stranger_file() const { return dir_ + "/stranger_account.json"; }
    std::string log() const { return http_request(port_, "GET", "/_log").body; }
    void reset() const { http_request(port_, "POST", "/_reset", "{}", "Content-Type: application/json\r\n"); }
    void script(const std::string& json) const { http_request(port_, "POST", "/_script", json, "Content-Type: application/json\r\n"); }

private:
    int port_;
    std::string dir_;
    pid_t pid_ = -1;
    bool ready_ = false;
};

struct call_seen {
    std::string url, type;
    int status = 0;   // the answer of its part
};
struct batch_seen {
    int status = 0;   // the answer of the whole request
    std::vector<call_seen> calls;
};
struct google_log {
    std::vector<std::pair<bool, std::string>> tokens;   // verified?, why not
    std::vector<batch_seen> batches;
};

inline std::string text_of(simdjson::dom::element e, const char* key) {
    std::string_view v;
    return e[key].get_string().get(v) == simdjson::SUCCESS ? std::string(v) : std::string();
}
inline int number_of(simdjson::dom::element e, const char* key) {
    std::int64_t v = 0;
    return e[key].get_int64().get(v) == simdjson::SUCCESS ? static_cast<int>(v) : 0;
}

inline google_log read_log(const std::string& json) {
    google_log out;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    simdjson::dom::array tokens, batches;
    if (parser.parse(json).get(doc) != simdjson::SUCCESS || doc["tokens"].get_array().get(tokens) != simdjson::SUCCESS ||
        doc["batches"].get_array().get(batches) != simdjson::SUCCESS)
        return out;
    for (auto t : tokens) {
        bool ok = false;
        if (t["ok"].get_bool().get(ok) != simdjson::SUCCESS) ok = false;
        out.tokens.emplace_back(ok, text_of(t, "why"));
    }
    for (auto b : batches) {
        batch_seen seen{number_of(b, "status"), {}};
        simdjson::dom::array parts;
        if (b["parts"].get_array().get(parts) == simdjson::SUCCESS)
            for (auto c : parts) seen.calls.push_back({text_of(c, "url"), text_of(c, "type"), number_of(c, "status")});
        out.batches.push_back(std::move(seen));
    }
    return out;
}

// The calls Google accepted (200 for the request and for the call), in order.
inline std::vector<call_seen> accepted(const google_log& log) {
    std::vector<call_seen> out;
    for (const auto& b : log.batches)
        if (b.status == 200)
            for (const auto& c : b.calls)
                if (c.status == 200) out.push_back(c);
    return out;
}

}  // namespace jh::test::google_fake
