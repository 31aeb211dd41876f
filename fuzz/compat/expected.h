// expected.h: std::expected and std::unexpected for the clang 14 fuzz build only.
//
// Why this exists, and why this way: the fuzz build must use Debian's clang 14 (libFuzzer ships
// with it), but libstdc++ 12's <expected> is empty under clang 14 (its guard wants
// __cpp_concepts >= 202002L), and even with the guard forced, clang 14 lacks conditionally trivial
// special members (P0848), so libstdc++'s std::expected gets a deleted destructor. The project's
// code says std::expected in many files and is built with g++ 12, where the real one works.
// The least invasive fix that keeps that code untouched is this header, force-included
// (`-include fuzz/compat/expected.h`) by CMakeLists.txt when the compiler is clang, which only the
// sanitizer build (build-asan/: its tests and the fuzz targets) uses: when the standard
// library already provides std::expected (__cpp_lib_expected), it does nothing; otherwise it
// supplies the subset the project uses, with the standard's names and meaning:
//   expected<T, E> and expected<void, E>: construction from a value, from unexpected<G>, from
//   another expected, in_place / unexpect; has_value, operator bool, *, ->, value (throws
//   bad_expected_access), error, value_or, emplace, equality with a value and an unexpected.
// Storage is a std::variant, which clang 14 handles (libstdc++'s variant has no P0848 need).
// Adding declarations to namespace std is outside the standard's permission; it is confined to
// this one build, whose only purpose is to run the project's own code under the sanitizers and the
// fuzzer; the release build and its tests (g++) use the real std::expected.
#pragma once

#include <version>

#if !defined(__cpp_lib_expected)

#include <exception>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <variant>

namespace std {

template <class E>
class unexpected {
public:
    template <class G = E>
        requires(!is_same_v<remove_cvref_t<G>, unexpected> && !is_same_v<remove_cvref_t<G>, in_place_t> &&
                 is_constructible_v<E, G>)
    constexpr explicit unexpected(G&& g) : error_(std::forward<G>(g)) {}
    template <class... Args>
    constexpr explicit unexpected(in_place_t, Args&&... args) : error_(std::forward<Args>(args)...) {}

    constexpr const E& error() const& noexcept { return error_; }
    constexpr E& error() & noexcept { return error_; }
    constexpr E&& error() && noexcept { return std::move(error_); }
    constexpr const E&& error() const&& noexcept { return std::move(error_); }

    template <class G>
    friend constexpr bool operator==(const unexpected& a, const unexpected<G>& b) {
        return a.error() == b.error();
    }

private:
    E error_;
};

template <class E>
unexpected(E) -> unexpected<E>;

struct unexpect_t {
    explicit unexpect_t() = default;
};
inline constexpr unexpect_t unexpect{};

template <class E>
class bad_expected_access;

template <>
class bad_expected_access<void> : public exception {
public:
    const char* what() const noexcept override { return "bad access to std::expected without expected value"; }
};

template <class E>
class bad_expected_access : public bad_expected_access<void> {
public:
    explicit bad_expected_access(E e) : error_(std::move(e)) {}
    const E& error() const& noexcept { return error_; }
    E& error() & noexcept { return error_; }

private:
    E error_;
};

template <class T, class E>
class expected;

namespace compat_detail {
template <class X>
struct is_expected : false_type {};
template <class T, class E>
struct is_expected<expected<T, E>> : true_type {};
template <class X>
struct is_unexpected : false_type {};
template <class E>
struct is_unexpected<unexpected<E>> : true_type {};
}  // namespace compat_detail

template <class T, class E>
class expected {
    // Index 0: the value; index 1: the error (wrapped, so T and E may be the same type).
    struct error_box {
        E e;
    };
    variant<T, error_box> v_;

public:
    using value_type = T;
    using error_type = E;
    using unexpected_type = unexpected<E>;
    template <class U>
    using rebind = expected<U, E>;

    constexpr expected()
        requires is_default_constructible_v<T>
        : v_(in_place_index<0>) {}

    template <class U = T>
        requires(!is_same_v<remove_cvref_t<U>, in_place_t> && !is_same_v<remove_cvref_t<U>, unexpect_t> &&
                 !compat_detail::is_expected<remove_cvref_t<U>>::value &&
                 !compat_detail::is_unexpected<remove_cvref_t<U>>::value && is_constructible_v<T, U>)
    constexpr explicit(!is_convertible_v<U, T>) expected(U&& u) : v_(in_place_index<0>, std::forward<U>(u)) {}

    template <class G>
        requires is_constructible_v<E, const G&>
    constexpr explicit(!is_convertible_v<const G&, E>) expected(const unexpected<G>& u)
        : v_(in_place_index<1>, error_box{E(u.error())}) {}
    template <class G>
        requires is_constructible_v<E, G>
    constexpr explicit(!is_convertible_v<G, E>) expected(unexpected<G>&& u)
        : v_(in_place_index<1>, error_box{E(std::move(u).error())}) {}

    template <class U, class G>
        requires(!is_same_v<expected<U, G>, expected> && is_constructible_v<T, U> && is_constructible_v<E, G>)
    constexpr expected(expected<U, G>&& o)
        : v_(o.has_value() ? variant<T, error_box>(in_place_index<0>, T(std::move(*o)))
                           : variant<T, error_box>(in_place_index<1>, error_box{E(std::move(o).error())})) {}
    template <class U, class G>
        requires(!is_same_v<expected<U, G>, expected> && is_constructible_v<T, const U&> && is_constructible_v<E, const G&>)
    constexpr expected(const expected<U, G>& o)
        : v_(o.has_value() ? variant<T, error_box>(in_place_index<0>, T(*o))
                           : variant<T, error_box>(in_place_index<1>, error_box{E(o.error())})) {}

    template <class... Args>
    constexpr explicit expected(in_place_t, Args&&... args) : v_(in_place_index<0>, std::forward<Args>(args)...) {}
    template <class... Args>
    constexpr explicit expected(unexpect_t, Args&&... args) : v_(in_place_index<1>, error_box{E(std::forward<Args>(args)...)}) {}

    template <class G>
    constexpr expected& operator=(const unexpected<G>& u) {
        v_.template emplace<1>(error_box{E(u.error())});
        return *this;
    }
    template <class G>
    constexpr expected& operator=(unexpected<G>&& u) {
        v_.template emplace<1>(error_box{E(std::move(u).error())});
        return *this;
    }
    template <class U = T>
        requires(!compat_detail::is_expected<remove_cvref_t<U>>::value &&
                 !compat_detail::is_unexpected<remove_cvref_t<U>>::value && is_constructible_v<T, U>)
    constexpr expected& operator=(U&& u) {
        v_.template emplace<0>(std::forward<U>(u));
        return *this;
    }

    template <class... Args>
    constexpr T& emplace(Args&&... args) {
        return v_.template emplace<0>(std::forward<Args>(args)...);
    }

    constexpr bool has_value() const noexcept { return v_.index() == 0; }
    constexpr explicit operator bool() const noexcept { return has_value(); }

    constexpr T* operator->() noexcept { return std::get_if<0>(&v_); }
    constexpr const T* operator->() const noexcept { return std::get_if<0>(&v_); }
    constexpr T& operator*() & noexcept { return *std::get_if<0>(&v_); }
    constexpr const T& operator*() const& noexcept { return *std::get_if<0>(&v_); }
    constexpr T&& operator*() && noexcept { return std::move(*std::get_if<0>(&v_)); }
    constexpr const T&& operator*() const&& noexcept { return std::move(*std::get_if<0>(&v_)); }

    constexpr T& value() & {
        if (!has_value()) throw bad_expected_access<E>(error());
        return **this;
    }
    constexpr const T& value() const& {
        if (!has_value()) throw bad_expected_access<E>(error());
        return **this;
    }
    constexpr T&& value() && {
        if (!has_value()) throw bad_expected_access<E>(std::move(error()));
        return std::move(**this);
    }

    constexpr E& error() & noexcept { return std::get_if<1>(&v_)->e; }
    constexpr const E& error() const& noexcept { return std::get_if<1>(&v_)->e; }
    constexpr E&& error() && noexcept { return std::move(std::get_if<1>(&v_)->e); }
    constexpr const E&& error() const&& noexcept { return std::move(std::get_if<1>(&v_)->e); }

    template <class U>
    constexpr T value_or(U&& fallback) const& {
        return has_value() ? **this : static_cast<T>(std::forward<U>(fallback));
    }
    template <class U>
    constexpr T value_or(U&& fallback) && {
        return has_value() ? std::move(**this) : static_cast<T>(std::forward<U>(fallback));
    }

    template <class U>
        requires(!compat_detail::is_expected<U>::value && !compat_detail::is_unexpected<U>::value)
    friend constexpr bool operator==(const expected& x, const U& v) {
        return x.has_value() && static_cast<bool>(*x == v);
    }
    template <class G>
    friend constexpr bool operator==(const expected& x, const unexpected<G>& u) {
        return !x.has_value() && static_cast<bool>(x.error() == u.error());
    }
};

template <class E>
class expected<void, E> {
    struct error_box {
        E e;
    };
    variant<monostate, error_box> v_;

public:
    using value_type = void;
    using error_type = E;
    using unexpected_type = unexpected<E>;

    constexpr expected() noexcept : v_(in_place_index<0>) {}
    constexpr explicit expected(in_place_t) noexcept : v_(in_place_index<0>) {}
    template <class G>
        requires is_constructible_v<E, const G&>
    constexpr explicit(!is_convertible_v<const G&, E>) expected(const unexpected<G>& u)
        : v_(in_place_index<1>, error_box{E(u.error())}) {}
    template <class G>
        requires is_constructible_v<E, G>
    constexpr explicit(!is_convertible_v<G, E>) expected(unexpected<G>&& u)
        : v_(in_place_index<1>, error_box{E(std::move(u).error())}) {}
    template <class... Args>
    constexpr explicit expected(unexpect_t, Args&&... args) : v_(in_place_index<1>, error_box{E(std::forward<Args>(args)...)}) {}
    template <class G>
        requires(!is_same_v<G, E> && is_constructible_v<E, G>)
    constexpr expected(expected<void, G>&& o)
        : v_(o.has_value() ? variant<monostate, error_box>(in_place_index<0>)
                           : variant<monostate, error_box>(in_place_index<1>, error_box{E(std::move(o).error())})) {}

    template <class G>
    constexpr expected& operator=(const unexpected<G>& u) {
        v_.template emplace<1>(error_box{E(u.error())});
        return *this;
    }
    template <class G>
    constexpr expected& operator=(unexpected<G>&& u) {
        v_.template emplace<1>(error_box{E(std::move(u).error())});
        return *this;
    }
    constexpr void emplace() noexcept { v_.template emplace<0>(); }

    constexpr bool has_value() const noexcept { return v_.index() == 0; }
    constexpr explicit operator bool() const noexcept { return has_value(); }
    constexpr void operator*() const noexcept {}
    constexpr void value() const& {
        if (!has_value()) throw bad_expected_access<E>(error());
    }
    constexpr void value() && {
        if (!has_value()) throw bad_expected_access<E>(std::move(error()));
    }

    constexpr E& error() & noexcept { return std::get_if<1>(&v_)->e; }
    constexpr const E& error() const& noexcept { return std::get_if<1>(&v_)->e; }
    constexpr E&& error() && noexcept { return std::move(std::get_if<1>(&v_)->e); }
    constexpr const E&& error() const&& noexcept { return std::move(std::get_if<1>(&v_)->e); }

    template <class G>
    friend constexpr bool operator==(const expected& x, const unexpected<G>& u) {
        return !x.has_value() && static_cast<bool>(x.error() == u.error());
    }
};

}  // namespace std

#endif  // !__cpp_lib_expected
