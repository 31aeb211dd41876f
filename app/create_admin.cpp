// create_admin.cpp: see create_admin.h.
//
// `jobhafen admin create-admin` runs from the command line, before and without any loop, so it
// reads standard input and talks to PostgreSQL with blocking calls on purpose.
#include "app/create_admin.h"

#include <libpq-fe.h>
#include <sodium.h>

#include <cstdio>
#include <iostream>
#include <memory>

#include "actors/accounts/password_hash.h"
#include "actors/accounts/password_rules.h"
#include "reactor/config.h"
#include "reactor/migrate.h"

namespace jh {

namespace {

// 20 characters from a set that holds every class the rules ask for; drawn again until all are there.
std::string generate_password() {
    static constexpr std::string_view lower = "abcdefghijkmnopqrstuvwxyz";
    static constexpr std::string_view upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
    static constexpr std::string_view digits = "23456789";
    static constexpr std::string_view special = "!#%+-.:=?@_";
    const std::string all = std::string(lower) + std::string(upper) + std::string(digits) + std::string(special);
    for (;;) {
        std::string pw;
        for (int i = 0; i < 20; ++i) pw += all[randombytes_uniform(static_cast<std::uint32_t>(all.size()))];
        std::vector<violation> v;
        accounts::check_password(pw, "password", v);
        if (v.empty()) return pw;
    }
}

}  // namespace

int create_admin_command(const config& cfg, const std::vector<std::string>& args) {
    std::string email;
    bool from_stdin = false;
    for (const auto& a : args) {
        if (a == "--password-stdin") from_stdin = true;
        else if (email.empty() && !a.starts_with("--")) email = a;
        else {
            std::fprintf(stderr, "usage: jobhafen admin create-admin EMAIL [--password-stdin]\n");
            return 2;
        }
    }
    email = std::string(accounts::trim_ascii(email));
    if (!accounts::is_valid_email(email)) {
        std::fprintf(stderr, "usage: jobhafen admin create-admin EMAIL [--password-stdin]\n(%s is not a valid email address)\n",
                     email.empty() ? "nothing" : email.c_str());
        return 2;
    }
    std::string password;
    bool generated = false;
    if (from_stdin) {
        std::getline(std::cin, password);   // command line, no loop: blocking is fine
        if (!password.empty() && password.back() == '\r') password.pop_back();
        std::vector<violation> v;
        accounts::check_password(password, "password", v);
        if (!v.empty()) {
            for (const auto& x : v) std::fprintf(stderr, "password: %s\n", x.message.c_str());
            return 1;
        }
    } else {
        password = generate_password();
        generated = true;
    }

    // The schema first, so this works on a fresh database too.
    if (int rc = migrate_command(cfg); rc != 0) return rc;

    accounts::argon2_params p{static_cast<unsigned long long>(cfg.auth_argon2_opslimit),
                              static_cast<std::size_t>(cfg.auth_argon2_memlimit_kib) * 1024u};
    auto hash = accounts::hash_password(password, p);
    if (!hash) {
        std::fprintf(stderr, "jobhafen: hashing the password failed (out of memory?)\n");
        return 1;
    }
    // Blocking libpq on purpose: `jobhafen admin create-admin` is a command-line run with no loop.
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(cfg.database_url.c_str()), &PQfinish);   // never on a loop
    if (PQstatus(conn.get()) != CONNECTION_OK) {
        std::fprintf(stderr, "jobhafen: cannot connect to the database: %s", PQerrorMessage(conn.get()));
        return 1;
    }
    const char* values[] = {email.c_str(), hash->c_str()};
    std::unique_ptr<PGresult, decltype(&PQclear)> r(
        PQexecParams(conn.get(),   // never on a loop (command line)
                     "INSERT INTO accounts (email, role, password_hash, email_verified_at, registered_via) "
                     "VALUES ($1, 'admin', $2, now(), 'admin') ON CONFLICT (email) DO NOTHING RETURNING id",
                     2, nullptr, values, nullptr, nullptr, 0),
        &PQclear);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) {
        std::fprintf(stderr, "jobhafen: creating the administrator failed: %s", PQerrorMessage(conn.get()));
        return 1;
    }
    if (PQntuples(r.get()) != 1) {
        std::fprintf(stderr, "jobhafen: an account with the address %s exists already; nothing was changed\n", email.c_str());
        return 1;
    }
    std::printf("administrator %s created (account %s)\n", email.c_str(), PQgetvalue(r.get(), 0, 0));
    if (generated) std::printf("password (shown once): %s\n", password.c_str());
    return 0;
}

}  // namespace jh
