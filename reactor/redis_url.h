// redis_url.h: what a redis:// URL names (host, port, ACL user, password, database), read once at
// a client's start. Apart from redis.cpp because it stands alone: no hiredis, no loop.
#pragma once

#include <expected>
#include <string>
#include <string_view>

namespace jh::redis {

// What a redis:// URL names. Only what the server needs to open a session.
struct endpoint {
    std::string host = "127.0.0.1";
    int port = 6379;
    std::string user;       // Redis 6 ACL user; empty: the "default" user
    std::string password;   // empty: no AUTH
    int db = 0;             // SELECT after connect when not 0
};

// redis://[[user]:password@]host[:port][/db]; host may be [ipv6]. A bare "user@" without a colon
// is refused: it is ambiguous (user or password?) and a silent wrong guess fails late and quietly.
// The error says what is wrong, never the URL (it may hold the password).
std::expected<endpoint, std::string> parse_url(std::string_view url);

}  // namespace jh::redis
