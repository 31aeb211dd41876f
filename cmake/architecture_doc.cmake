# architecture_doc.cmake: the two graphs of docs/architecture.md that are facts of the code, so
# they cannot drift: "who calls whom" from the actors' constructor wiring in app/loop_domain.cpp
# (an actor handed another actor calls it), and the domain graph from cmake/domain_peers.cmake
# (which domain's headers a domain includes). The test docs.architecture_graphs_match_the_code
# compares; to rewrite the two blocks after a change of the wiring or the peers, run
#   cmake -DROOT=<checkout> -DWRITE=1 -P cmake/architecture_doc.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT DOC)
  set(DOC ${ROOT}/docs/architecture.md)   # the test of the check points it at a stale fixture
endif()
set(doc ${DOC})

# "profiles(loop, accounts)" → "* `profiles` calls `accounts`". Constructors that get only the loop
# (or process-wide parts such as the job index) call no peer and are not listed. Only the
# constructor's member initializers count (indented six spaces), not a call elsewhere in the file.
file(READ ${ROOT}/app/loop_domain.cpp wiring)
string(REGEX MATCHALL "\n      [a-z_]+\\(loop(, [a-z_]+)+\\)" calls "${wiring}")
set(calls_text "")
foreach(call ${calls})
  string(STRIP "${call}" call)
  string(REGEX MATCH "^([a-z_]+)\\(loop, (.*)\\)$" _ "${call}")
  set(actor ${CMAKE_MATCH_1})
  string(REPLACE ", " "`, `" peers "${CMAKE_MATCH_2}")
  string(APPEND calls_text "* `${actor}` calls `${peers}`\n")
endforeach()

# "set(JH_PEERS_applications accounts profiles shifts)  # why" → "* applications → accounts, profiles, shifts: why".
file(STRINGS ${ROOT}/cmake/domain_peers.cmake peer_lines REGEX "^set\\(JH_PEERS_")
set(graph_text "")
foreach(line ${peer_lines})
  string(REGEX MATCH "^set\\(JH_PEERS_([a-z_]+) ([a-z_ ]+)\\) *#? *(.*)$" _ "${line}")
  set(domain ${CMAKE_MATCH_1})
  string(REPLACE " " ", " peers "${CMAKE_MATCH_2}")
  set(why "${CMAKE_MATCH_3}")
  string(APPEND graph_text "* ${domain} → ${peers}")
  if(why)
    string(APPEND graph_text " (${why})")
  endif()
  string(APPEND graph_text "\n")
endforeach()

file(READ ${doc} text)
set(failures "")
# Replaces (WRITE) or compares the lines between "<!-- begin NAME -->" and "<!-- end NAME -->".
function(doc_block name want)
  set(begin "<!-- begin ${name} (generated: cmake/architecture_doc.cmake) -->\n")
  set(end "<!-- end ${name} -->")
  string(FIND "${text}" "${begin}" b)
  string(FIND "${text}" "${end}" e)
  if(b EQUAL -1 OR e EQUAL -1)
    set(failures "${failures}docs/architecture.md has no block ${name}\n" PARENT_SCOPE)
    return()
  endif()
  string(LENGTH "${begin}" n)
  math(EXPR from "${b} + ${n}")
  math(EXPR len "${e} - ${from}")
  string(SUBSTRING "${text}" ${from} ${len} have)
  if(WRITE)
    string(SUBSTRING "${text}" 0 ${from} head)
    string(SUBSTRING "${text}" ${e} -1 tail)
    set(text "${head}${want}${tail}" PARENT_SCOPE)
  elseif(NOT have STREQUAL want)
    set(failures "${failures}docs/architecture.md, block ${name}, should read:\n${want}\n" PARENT_SCOPE)
  endif()
endfunction()
doc_block(who-calls-whom "${calls_text}")
doc_block(domain-graph "${graph_text}")
if(WRITE)
  file(WRITE ${doc} "${text}")
  message(STATUS "docs/architecture.md: both graphs rewritten from the code")
elseif(failures)
  message(FATAL_ERROR "${failures}(rewrite with: cmake -DROOT=. -DWRITE=1 -P cmake/architecture_doc.cmake)")
else()
  message(STATUS "docs/architecture.md's graphs match the wiring and the peers")
endif()
