# cmake/layers.cmake: one library per layer, each compiled with an include root of its own that
# holds only the folders the layer may include (docs/architecture.md, "The layers").
#
# The repository root is on no layer's include path. Instead build/include-roots/<layer>/ holds a
# symbolic link per folder the layer may see (reactor/, messages/, ...), so in a reactor file
# `#include "actors/route.h"` is "No such file or directory": a border is a compile error, not a
# review comment. tests/ and fuzz/ see the whole tree (they test every layer).

set(JH_INCLUDE_ROOTS ${CMAKE_BINARY_DIR}/include-roots)

# jh_include_root(LAYER ENTRY...): build/include-roots/LAYER with a link per ENTRY, a folder or
# (for a border that is still being moved) a single header. A folder that does not exist yet gets
# a dangling link, which finds nothing until the folder is there.
function(jh_include_root layer)
  set(root ${JH_INCLUDE_ROOTS}/${layer})
  file(REMOVE_RECURSE ${root})
  file(MAKE_DIRECTORY ${root})
  foreach(entry IN LISTS ARGN)
    get_filename_component(parent ${root}/${entry} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${entry} ${root}/${entry} SYMBOLIC)
  endforeach()
endfunction()

# jh_layer(TARGET LAYER SEES entry... LINKS lib...): a static library of LAYER/**/*.cpp that may
# include SEES. A folder without sources yet makes an
# interface library, so the layer exists and its dependents link it either way.
function(jh_layer target layer)
  cmake_parse_arguments(L "" "" "SEES;LINKS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${layer}/*.cpp)
  list(FILTER sources EXCLUDE REGEX ".*/main\\.cpp$")
  jh_include_root(${layer} ${L_SEES})
  if(sources)
    add_library(${target} STATIC ${sources})
    target_include_directories(${target} PRIVATE ${JH_INCLUDE_ROOTS}/${layer})
    target_compile_options(${target} PRIVATE ${JOBHAFEN_WARNINGS})
    target_link_libraries(${target} PUBLIC ${L_LINKS})
  else()
    add_library(${target} INTERFACE)
    target_link_libraries(${target} INTERFACE ${L_LINKS})
  endif()
endfunction()

# search/: the in-memory job index, its loader and its German text analysis (docs/search.md). C++
# with libstemmer and a blocking libpq connection on its own thread, no libuv, so the server and
# the workers link the same code without including each other's folders.
jh_layer(jobhafen_search search SEES search
  LINKS ${STEMMER_LIB} PostgreSQL::PostgreSQL spdlog::spdlog fmt::fmt Threads::Threads)
target_compile_definitions(jobhafen_search PUBLIC SPDLOG_FMT_EXTERNAL)
# ts_rank in C++ gives PostgreSQL's float4 bit for bit only without fused multiply-add (docs/search.md).
set_source_files_properties(${CMAKE_SOURCE_DIR}/search/text_rank.cpp PROPERTIES COMPILE_OPTIONS -ffp-contract=off)

# reactor/: HTTP, libuv, PostgreSQL, Redis, ZeroMQ, configuration. Knows no domain, not even that a
# job index exists: app/ makes it and hands it to the actors (app/loop_domain.h, process_domain).
jh_layer(jh_reactor reactor SEES reactor
  LINKS PkgConfig::UV PkgConfig::HIREDIS PkgConfig::SODIUM PkgConfig::CURL ${LLHTTP_STATIC} simdjson::simdjson
        PostgreSQL::PostgreSQL cppzmq spdlog::spdlog fmt::fmt ZLIB::ZLIB Threads::Threads)
target_compile_definitions(jh_reactor PUBLIC SPDLOG_FMT_EXTERNAL)
# The checkout's path goes into one object file (reactor/source_dir.h), so every other one is the
# same in any worktree and the compiler cache serves them all.
set_source_files_properties(${CMAKE_SOURCE_DIR}/reactor/source_dir.cpp PROPERTIES
  COMPILE_DEFINITIONS JOBHAFEN_SOURCE_DIR="${CMAKE_SOURCE_DIR}")

# messages/: the typed payloads that actors enqueue and workers consume, with their JSON.
jh_layer(jh_messages messages SEES messages reactor LINKS jh_reactor)

# media/: file and image helpers used by actors and workers.
jh_layer(jh_media media SEES media messages reactor LINKS jh_messages jh_reactor PkgConfig::VIPS)

# actors/: one folder per domain, its actor and its routes. Never workers/ or app/.
jh_layer(jh_actors actors SEES actors reactor messages media search
  LINKS jh_media jh_messages jh_reactor jobhafen_search PkgConfig::VIPS)
# The render code of the sedcard PDF as one hash (cmake/sedcard_render_code.cmake).
include(${CMAKE_SOURCE_DIR}/cmake/sedcard_render_code.cmake)
jh_sedcard_render_code(${CMAKE_SOURCE_DIR})

# workers/: the worker processes (mail, webhooks, media, render, alerts, seed, admin). Never actors/
# or app/.
jh_layer(jh_workers workers
  SEES workers reactor messages media search
  LINKS jh_media jh_messages jh_reactor jobhafen_search PkgConfig::VIPS PkgConfig::CURL PkgConfig::CRYPTO)
# The PDF renderer's cairo and pango: linked, but their headers are the workers' own (private).
target_link_libraries(jh_workers PRIVATE PkgConfig::PANGOCAIRO)

# app/: the composition root (main, the subcommands, each loop's actors and the route table). The
# only layer that sees every other.
# Its files but main.cpp are one object library, which the fuzz targets (fuzz/, JOBHAFEN_FUZZ) link
# as well: the HTTP front's target builds a loop with its actors as `jobhafen serve` does.
jh_include_root(app app actors reactor messages media search workers)
file(GLOB JOBHAFEN_APP_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/app/*.cpp)
list(FILTER JOBHAFEN_APP_SOURCES EXCLUDE REGEX ".*/main\\.cpp$")
add_library(jh_app OBJECT ${JOBHAFEN_APP_SOURCES})
target_include_directories(jh_app PRIVATE ${JH_INCLUDE_ROOTS}/app)
target_compile_options(jh_app PRIVATE ${JOBHAFEN_WARNINGS})
target_link_libraries(jh_app PUBLIC jh_actors jh_workers jh_media jh_messages jh_reactor jobhafen_search)
add_executable(jobhafen ${CMAKE_SOURCE_DIR}/app/main.cpp)
target_include_directories(jobhafen PRIVATE ${JH_INCLUDE_ROOTS}/app)
target_compile_options(jobhafen PRIVATE ${JOBHAFEN_WARNINGS})
target_link_libraries(jobhafen PRIVATE jh_app)

# Everything but app/, with the whole tree on the include path: what tests/ link and include.
add_library(jobhafen_core INTERFACE)
target_include_directories(jobhafen_core INTERFACE ${CMAKE_SOURCE_DIR})
target_link_libraries(jobhafen_core INTERFACE jh_actors jh_workers jh_media jh_messages jh_reactor jobhafen_search)
