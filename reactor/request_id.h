// request_id.h: the id that ties one request's access line, its answer and its log lines together.
//
// HAProxy sets X-Request-Id on every request it forwards; a server reached directly makes its own.
// An incoming id is taken only when it is short and made of safe characters (letters, digits and
// ". _ : -"), so it can go into a log line and a response header as it is; anything else is replaced
// by a fresh id. Ids made here are "<process prefix><loop>-<counter>" in hex: unique per process
// without a lock or a system call per request (each loop counts on its own thread).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jh {

inline constexpr std::size_t max_request_id_length = 64;

// True when `id` may be used as it is.
bool request_id_is_acceptable(std::string_view id) noexcept;

// `incoming` when acceptable, else a new id made on this thread.
std::string accept_or_make_request_id(std::optional<std::string_view> incoming);

}  // namespace jh
