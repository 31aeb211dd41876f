// oidc_provider.cpp: see oidc_provider.h.
#include "tests/support/oidc_provider.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tests/support/harness.h"
#include "reactor/source_dir.h"

namespace jh::test {

oidc_provider::oidc_provider(std::string client_id, std::string client_secret)
    : client_id_(std::move(client_id)), client_secret_(std::move(client_secret)), port_(free_port()) {
    dir_ = make_temp_dir("jh-oidc");
    std::string log = dir_ + "/provider.log";
    std::vector<std::string> args{"/usr/bin/python3", source_path("tests/support/oidc_provider.py"), std::to_string(port_),
                                  client_id_, client_secret_};
    pid_ = ::fork();
    if (pid_ == 0) {
        FILE* out = std::freopen(log.c_str(), "w", stdout);
        (void)out;
        ::dup2(1, 2);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    for (int i = 0; i < 200; ++i) {
        try {
            if (http_request(port_, "GET", "/_log").status == 200) return;
        } catch (const std::exception&) {   // not listening yet
        }
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    std::ifstream f(log);
    std::stringstream s;
    s << f.rdbuf();
    // The destructor does not run for a constructor that throws: stop the child here.
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    std::filesystem::remove_all(dir_);
    throw std::runtime_error("the OpenID provider did not start: " + s.str());
}

oidc_provider::~oidc_provider() {
    if (pid_ > 0) {
        ::kill(pid_, SIGTERM);
        ::waitpid(pid_, nullptr, 0);
    }
    std::filesystem::remove_all(dir_);
}

std::map<std::string, std::string> oidc_provider::env(const std::string& provider) const {
    std::string upper;
    for (char c : provider) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::string p = "JOBHAFEN_OAUTH_" + upper + "_";
    return {
        {p + "CLIENT_ID", client_id_},
        {p + "CLIENT_SECRET", client_secret_},
        {p + "AUTHORIZE_URL", base_url() + "/authorize"},
        {p + "TOKEN_URL", base_url() + "/token"},
        {p + "USERINFO_URL", base_url() + "/userinfo"},
        {p + "ISSUER", base_url()},
    };
}

std::string oidc_provider::token_log() const { return http_request(port_, "GET", "/_log").body; }

}  // namespace jh::test
