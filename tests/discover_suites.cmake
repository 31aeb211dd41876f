# Script mode (cmake -P), run after integration_tests is linked: writes one CTest test per GoogleTest
# suite (`Suite.*`, label integration-suite) to OUT. ops/test's whole run uses these: a suite's
# cases share one stack (database copy, Redis, server, mail worker) in one process, where one CTest
# test per case (gtest_discover_tests, label integration) starts that stack once per case, about
# 4 s each, three quarters of the integration run's time (docs/running.md, "Time").
# Inputs: TEST_EXECUTABLE, OUT, TIMEOUT.
execute_process(COMMAND "${TEST_EXECUTABLE}" --gtest_list_tests
                OUTPUT_VARIABLE listing RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --gtest_list_tests failed (${rc})")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(script "")
foreach(line IN LISTS lines)
  # Suite lines start in column 1 and end with '.', a typed suite's comment may follow.
  if(line MATCHES "^([A-Za-z_][A-Za-z0-9_/]*)\\.")
    set(suite "${CMAKE_MATCH_1}")
    string(APPEND script
      "add_test([=[${suite}.*]=] [=[${TEST_EXECUTABLE}]=] [=[--gtest_filter=${suite}.*]=])\n"
      "set_tests_properties([=[${suite}.*]=] PROPERTIES LABELS integration-suite TIMEOUT ${TIMEOUT})\n")
  endif()
endforeach()
file(WRITE "${OUT}" "${script}")
