# Script mode (cmake -P), run after a test program is linked: writes one CTest test per GoogleTest
# suite (`PREFIXSuite.*`, label LABEL) to OUT. ops/test's whole run uses these. For integration_tests
# (label integration-suite): a suite's cases share one stack (database copy, Redis, server, mail
# worker) in one process, where one CTest test per case (gtest_discover_tests, label integration)
# starts that stack once per case, about 4 s each, three quarters of the integration run's time.
# For unit_tests (label unit-suite, names `unit.Suite.*`: some suites have an integration namesake):
# one process per case cost about 0.45 s each under the sanitizers, the program's start, 411 times
# (docs/running.md, "Time").
# Each suite's COST (CTest starts the costliest first) comes from COSTS (tests/suite_costs.txt).
# Inputs: TEST_EXECUTABLE, OUT, TIMEOUT, LABEL, PREFIX (may be empty), COSTS.
execute_process(COMMAND "${TEST_EXECUTABLE}" --gtest_list_tests
                OUTPUT_VARIABLE listing RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --gtest_list_tests failed (${rc})")
endif()
string(REPLACE "\n" ";" lines "${listing}")
# "Name seconds" lines, # comments; a suite's name with its prefix (unit.JobIndexPatch).
file(STRINGS "${COSTS}" cost_lines REGEX "^[A-Za-z_.]+ [0-9]+$")
foreach(cost_line IN LISTS cost_lines)
  string(REPLACE " " ";" pair "${cost_line}")
  list(GET pair 0 name)
  list(GET pair 1 seconds)
  set("cost_${name}" "${seconds}")
endforeach()
set(script "")
foreach(line IN LISTS lines)
  # Suite lines start in column 1 and end with '.', a typed suite's comment may follow.
  if(line MATCHES "^([A-Za-z_][A-Za-z0-9_/]*)\\.")
    set(suite "${CMAKE_MATCH_1}")
    set(cost 0)
    if(DEFINED "cost_${PREFIX}${suite}")
      set(cost "${cost_${PREFIX}${suite}}")
    endif()
    string(APPEND script
      "add_test([=[${PREFIX}${suite}.*]=] [=[${TEST_EXECUTABLE}]=] [=[--gtest_filter=${suite}.*]=])\n"
      "set_tests_properties([=[${PREFIX}${suite}.*]=] PROPERTIES LABELS ${LABEL} TIMEOUT ${TIMEOUT} COST ${cost})\n")
  endif()
endforeach()
file(WRITE "${OUT}" "${script}")
