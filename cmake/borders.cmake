# cmake/borders.cmake: tests that the layers' include borders hold (cmake/layers.cmake).
#
# Each check is a one-line translation unit compiled exactly like the layer's own files (its
# include root, its libraries' include paths), as a target outside `all`. A forbidden include must
# fail with the compiler's "not found" for that header (g++'s or clang's words: the sanitizer build
# runs these too); an allowed one must compile, so a broken
# include root cannot make every forbidden check pass for the wrong reason. The tests build their
# target with the build tool, one at a time (RESOURCE_LOCK: one build directory). Labels: unit, and
# unit-suite, the unit tests of ops/test's whole run (tests/CMakeLists.txt).

set(JH_BORDER_DIR ${CMAKE_BINARY_DIR}/border-checks)

# jh_border_check(LAYER LIBRARY HEADER ALLOWED|FORBIDDEN)
function(jh_border_check layer library header verdict)
  string(MAKE_C_IDENTIFIER "${layer}_${header}" name)
  set(source ${JH_BORDER_DIR}/${name}.cpp)
  file(WRITE ${source}.in "// ${layer} includes ${header}: ${verdict} (cmake/borders.cmake)\n#include \"${header}\"\n")
  configure_file(${source}.in ${source} COPYONLY)
  add_library(border_${name} OBJECT EXCLUDE_FROM_ALL ${source})
  target_include_directories(border_${name} PRIVATE ${JH_INCLUDE_ROOTS}/${layer})
  target_link_libraries(border_${name} PRIVATE ${library})
  add_test(NAME borders.${verdict}.${name}
           COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target border_${name})
  set_tests_properties(borders.${verdict}.${name} PROPERTIES LABELS "unit;unit-suite" RESOURCE_LOCK build_directory)
  if(verdict STREQUAL "FORBIDDEN")
    # Passes only on this header's own "not found": any other failure (a syntax error, a missing
    # library) does not count as the border holding.
    # (g++ says "HEADER: No such file or directory", clang "'HEADER' file not found".)
    string(REPLACE "." "\\." header_pattern "${header}")
    set_tests_properties(borders.${verdict}.${name} PROPERTIES PASS_REGULAR_EXPRESSION
      "${header_pattern}: No such file or directory;'${header_pattern}' file not found")
  endif()
endfunction()

# reactor/ knows no domain: nothing from actors/, workers/ or app/.
jh_border_check(reactor jh_reactor reactor/router.h ALLOWED)
jh_border_check(reactor jh_reactor actors/route.h FORBIDDEN)
jh_border_check(reactor jh_reactor workers/worker.h FORBIDDEN)
jh_border_check(reactor jh_reactor app/loop_domain.h FORBIDDEN)
jh_border_check(reactor jh_reactor search/index_service.h FORBIDDEN)
# messages/ are plain payloads: the reactor's JSON, nothing of media, search, actors or workers.
jh_border_check(messages jh_messages reactor/json_writer.h ALLOWED)
jh_border_check(messages jh_messages media/media_files.h FORBIDDEN)
jh_border_check(messages jh_messages search/job_index.h FORBIDDEN)
jh_border_check(messages jh_messages actors/route.h FORBIDDEN)
jh_border_check(messages jh_messages workers/worker.h FORBIDDEN)
# media/ serves actors and workers alike: messages and the reactor, never a domain or the search.
jh_border_check(media jh_media messages/media_jobs.h ALLOWED)
jh_border_check(media jh_media actors/route.h FORBIDDEN)
jh_border_check(media jh_media workers/worker.h FORBIDDEN)
jh_border_check(media jh_media search/job_index.h FORBIDDEN)
# actors/ may use the reactor and search, never a worker or the app.
jh_border_check(actors jh_actors actors/route.h ALLOWED)
jh_border_check(actors jh_actors search/job_index.h ALLOWED)
jh_border_check(actors jh_actors workers/worker.h FORBIDDEN)
jh_border_check(actors jh_actors app/loop_domain.h FORBIDDEN)
# workers/ may use the reactor, never an actor or the app.
jh_border_check(workers jh_workers reactor/pg.h ALLOWED)
jh_border_check(workers jh_workers actors/route.h FORBIDDEN)
jh_border_check(workers jh_workers actors/accounts/accounts_actor.h FORBIDDEN)
jh_border_check(workers jh_workers app/loop_domain.h FORBIDDEN)
# search/ stands alone.
jh_border_check(search jobhafen_search reactor/pg.h FORBIDDEN)
jh_border_check(search jobhafen_search messages/queue.h FORBIDDEN)
jh_border_check(search jobhafen_search actors/route.h FORBIDDEN)

# A route without a declared policy does not compile: route_policy's `who`, `body`, `cache` and
# `rate` are declared<…> values without a default (reactor/route_policy.h). Each check leaves out
# one member and names the rest; the error must name the missing member's type, so a broken
# include path cannot pass for it.
# jh_policy_check(NAME INITIALIZERS EXPECTED_ERROR)
function(jh_policy_check name initializers expected)
  set(source ${JH_BORDER_DIR}/${name}.cpp)
  file(WRITE ${source}.in
    "// ${name}: this route policy must not compile (cmake/borders.cmake)\n"
    "#include \"reactor/route_policy.h\"\n"
    "const jh::route_policy policy{${initializers}};\n")
  configure_file(${source}.in ${source} COPYONLY)
  add_library(border_${name} OBJECT EXCLUDE_FROM_ALL ${source})
  target_include_directories(border_${name} PRIVATE ${JH_INCLUDE_ROOTS}/actors)
  target_link_libraries(border_${name} PRIVATE jh_reactor)
  add_test(NAME borders.FORBIDDEN.${name} COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target border_${name})
  set_tests_properties(borders.FORBIDDEN.${name} PROPERTIES LABELS "unit;unit-suite" RESOURCE_LOCK build_directory
    PASS_REGULAR_EXPRESSION "${expected}")
endfunction()
jh_policy_check(route_without_policy
  ".body = jh::body_kind::none, .cache = jh::cache_kind::no_store, .rate = jh::no_rate_limit" "declared<jh::access_level>")
jh_policy_check(route_without_rate
  ".who = jh::access::anyone, .body = jh::body_kind::none, .cache = jh::cache_kind::no_store" "declared<const jh::rate_class ?&>")

# Between domains: each domain includes only the peers cmake/domain_peers.cmake lists, and the
# check itself reports a forbidden include (a fixture where ratings includes accounts).
add_test(NAME borders.domain_peers COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_SOURCE_DIR} -P ${CMAKE_SOURCE_DIR}/cmake/check_domain_peers.cmake)
add_test(NAME borders.domain_peers_reports_a_forbidden_include
         COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_SOURCE_DIR} -DACTORS=${CMAKE_SOURCE_DIR}/tests/fixtures/domain_peers
                 -P ${CMAKE_SOURCE_DIR}/cmake/check_domain_peers.cmake)
set_tests_properties(borders.domain_peers borders.domain_peers_reports_a_forbidden_include PROPERTIES LABELS "unit;unit-suite")
set_tests_properties(borders.domain_peers_reports_a_forbidden_include PROPERTIES
  PASS_REGULAR_EXPRESSION "ratings/reaches_into_accounts.cpp: #include \"actors/accounts/accounts_actor.h\"")

# The reactor's configuration names no domain whose settings moved into a section of its own
# (reactor/config_section.h, app/config_sections.cpp): a grep over the two files, which must exist
# (a missing file must not pass for a clean one).
set(JH_MOVED_SECTIONS "billing|oauth|alerts|applications|search|content|work_limits|per_year")
add_test(NAME borders.config_names_no_domain_section
         COMMAND bash -c "test -f reactor/config.h && test -f reactor/config.cpp && ! grep -niE '${JH_MOVED_SECTIONS}' reactor/config.h reactor/config.cpp"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(borders.config_names_no_domain_section PROPERTIES LABELS "unit;unit-suite")

# The reactor names no role: the roles, their names in the access token and the access levels that
# name them are the accounts' (actors/roles.h); the reactor carries a role as an opaque number
# (reactor/auth.h role_id). A grep over reactor/, whose auth files must exist (a missing folder
# must not pass for a clean one).
set(JH_ROLE_WORDS "role::|organization_member|\"(candidate|admin)\"|access::(candidate|provider|admin)")
add_test(NAME borders.reactor_names_no_role
         COMMAND bash -c "test -f reactor/auth.h && test -f reactor/route_policy.h && ! grep -rnE '${JH_ROLE_WORDS}' reactor/"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(borders.reactor_names_no_role PROPERTIES LABELS "unit;unit-suite")

# A lone SELECT that only reads goes through pool::read, which runs it once more when a switchover
# broke its connection (reactor/pg.h; docs/operations.md): a read sent through pool::query answers
# 503 instead. The check itself reports the fixture's read through query() and none of its writes.
add_test(NAME borders.lone_selects_are_reads
         COMMAND python3 ${CMAKE_SOURCE_DIR}/cmake/check_lone_reads.py ${CMAKE_SOURCE_DIR})
add_test(NAME borders.lone_selects_are_reads_reports_a_read_through_query
         COMMAND python3 ${CMAKE_SOURCE_DIR}/cmake/check_lone_reads.py ${CMAKE_SOURCE_DIR}
                 ${CMAKE_SOURCE_DIR}/tests/fixtures/lone_reads/actors)
set_tests_properties(borders.lone_selects_are_reads borders.lone_selects_are_reads_reports_a_read_through_query
                     PROPERTIES LABELS "unit;unit-suite")
set_tests_properties(borders.lone_selects_are_reads_reports_a_read_through_query PROPERTIES
  PASS_REGULAR_EXPRESSION "reads_through_query.cpp:4: SELECT stars FROM organization_star_ratings"
  FAIL_REGULAR_EXPRESSION "reads_through_query.cpp:[5-9]:")
