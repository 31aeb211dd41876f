// try.h: early return on a failed std::expected inside a coroutine, in one line.
//
// An actor method returns task<result<T>>; a route handler returns task<http_response>. Both call
// things that return std::expected with an app_error or a pg/redis error. Instead of
//
//     auto r = co_await tx->exec(...);
//     if (!r) co_return std::unexpected(r.error().to_app_error());
//
// an actor writes `CO_TRY(auto rows, co_await tx->exec(...));` and a handler writes
// `ROUTE_TRY(auto job, co_await jobs.by_id(id));`, which answers the error with
// error_response(). CO_CHECK / ROUTE_CHECK are the same for results without a value.
// Macros because only a macro can `co_return` from the calling coroutine.
#pragma once

#include <expected>
#include <type_traits>
#include <utility>

#include "reactor/app_error.h"

namespace jh {

// Every error type of the project becomes the app_error its caller answers with: app_error as it
// is, the others through their to_app_error() (pg::error, redis::error).
template <typename E>
app_error as_app_error(E&& e) {
    if constexpr (std::is_same_v<std::decay_t<E>, app_error>) return std::forward<E>(e);
    else return e.to_app_error();
}

struct http_response;
http_response error_response(const app_error& e);   // reactor/http_pipeline.h

}  // namespace jh

#define JH_TRY_CAT2(a, b) a##b
#define JH_TRY_CAT(a, b) JH_TRY_CAT2(a, b)
#define JH_TRY_TMP JH_TRY_CAT(jh_try_, __LINE__)

// In a coroutine returning task<result<T>> (or task<std::expected<T, app_error>>).
#define CO_TRY(decl, expr)                                                                  \
    auto JH_TRY_TMP = (expr);                                                               \
    if (!JH_TRY_TMP) co_return std::unexpected(::jh::as_app_error(std::move(JH_TRY_TMP).error())); \
    decl = std::move(*JH_TRY_TMP)

#define CO_CHECK(expr)                                                                       \
    if (auto JH_TRY_TMP = (expr); !JH_TRY_TMP)                                               \
    co_return std::unexpected(::jh::as_app_error(std::move(JH_TRY_TMP).error()))

// In a route handler returning task<http_response>: the error becomes its HTTP answer.
#define ROUTE_TRY(decl, expr)                                                               \
    auto JH_TRY_TMP = (expr);                                                               \
    if (!JH_TRY_TMP) co_return ::jh::error_response(::jh::as_app_error(std::move(JH_TRY_TMP).error())); \
    decl = std::move(*JH_TRY_TMP)

#define ROUTE_CHECK(expr)                                                                    \
    if (auto JH_TRY_TMP = (expr); !JH_TRY_TMP)                                               \
    co_return ::jh::error_response(::jh::as_app_error(std::move(JH_TRY_TMP).error()))
