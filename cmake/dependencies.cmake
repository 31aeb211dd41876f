# cmake/dependencies.cmake: the libraries Jobhafen links, found once for both builds that compile
# its sources: the main build (CMakeLists.txt, g++) and the fuzz build (fuzz/CMakeLists.txt, clang).
# Every package comes from Debian (ops/setup installs them; shared/dependencies.md says how each is found).
find_package(PkgConfig REQUIRED)
pkg_check_modules(UV REQUIRED IMPORTED_TARGET libuv)
pkg_check_modules(HIREDIS REQUIRED IMPORTED_TARGET hiredis)
pkg_check_modules(SODIUM REQUIRED IMPORTED_TARGET libsodium)
pkg_check_modules(CURL REQUIRED IMPORTED_TARGET libcurl)
# RS256 for the Google service account's JWT (workers/google_index/google_auth.cpp); libsodium has no RSA.
pkg_check_modules(CRYPTO REQUIRED IMPORTED_TARGET libcrypto)
pkg_check_modules(VIPS REQUIRED IMPORTED_TARGET vips-cpp)
pkg_check_modules(PANGOCAIRO REQUIRED IMPORTED_TARGET pangocairo)
# llhttp 9.2.1 from Debian trixie (ops/setup). Linked statically; the version is checked at compile
# time in reactor/http_parser.cpp, because the package ships no CMake version file.
find_library(LLHTTP_STATIC NAMES libllhttp.a REQUIRED)
# The Snowball stemmer of the search index's German text analysis (search/text.*).
find_library(STEMMER_LIB NAMES stemmer REQUIRED)
find_package(simdjson CONFIG REQUIRED)
find_package(PostgreSQL REQUIRED)
find_package(cppzmq CONFIG REQUIRED)
find_package(spdlog CONFIG REQUIRED)
find_package(fmt CONFIG REQUIRED)
find_package(ZLIB REQUIRED)
find_package(Threads REQUIRED)
