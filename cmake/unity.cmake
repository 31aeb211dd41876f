# cmake/unity.cmake: unity builds whose batch files the compiler cache can share between checkouts.
#
# jh_unity(TARGET...) replaces each target's .cpp files by batches of JOBHAFEN_UNITY_BATCH files,
# each batch one generated translation unit (BUILD_DIR/unity/TARGET/N.cxx) that includes its files,
# so the headers and templates they share are parsed once a batch: at -O0 that is about a third of
# the compiler time of one file at a time (docs/running.md, "Time"). CMake's own CMAKE_UNITY_BUILD
# does the same, but its batch files include every source by its absolute path, so no two
# checkouts (git worktrees) compile the same text and ccache serves none of them to another; these
# include each source by its path relative to the batch file, the same in every checkout whose
# build folder sits at the same place (build-asan/).
#
# A batch is one translation unit: the file-local names (anonymous namespaces, statics, namespace
# aliases) of the files of a target must differ, or the batch does not compile. Batches follow the
# sorted source list, so a new file moves the later files of its target into other batches.
# Files with source properties of their own (COMPILE_OPTIONS, COMPILE_DEFINITIONS) or marked
# SKIP_UNITY_BUILD_INCLUSION stay single.

set(JOBHAFEN_UNITY_BATCH 8 CACHE STRING "files per unity batch (JOBHAFEN_UNITY=ON)")

function(jh_unity)
  foreach(target IN LISTS ARGN)
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    set(dir ${CMAKE_BINARY_DIR}/unity/${target})
    set(kept "")
    set(batch "")
    set(index 0)
    set(count 0)
    foreach(source IN LISTS sources)
      get_filename_component(path ${source} ABSOLUTE BASE_DIR ${source_dir})
      set(single OFF)
      if(NOT path MATCHES "\\.cpp$")
        set(single ON)
      else()
        foreach(property SKIP_UNITY_BUILD_INCLUSION COMPILE_OPTIONS COMPILE_DEFINITIONS COMPILE_FLAGS)
          get_source_file_property(value ${path} TARGET_DIRECTORY ${target} ${property})
          if(value)
            set(single ON)
          endif()
        endforeach()
      endif()
      if(single)
        list(APPEND kept ${source})
        continue()
      endif()
      file(RELATIVE_PATH relative ${dir} ${path})
      string(APPEND batch "#include \"${relative}\"\n")
      math(EXPR count "${count} + 1")
      if(count EQUAL JOBHAFEN_UNITY_BATCH)
        _jh_unity_write(${dir}/${index}.cxx "${batch}")
        list(APPEND kept ${dir}/${index}.cxx)
        math(EXPR index "${index} + 1")
        set(batch "")
        set(count 0)
      endif()
    endforeach()
    if(count GREATER 0)
      _jh_unity_write(${dir}/${index}.cxx "${batch}")
      list(APPEND kept ${dir}/${index}.cxx)
    endif()
    set_property(TARGET ${target} PROPERTY SOURCES ${kept})
  endforeach()
endfunction()

# Written only when its text changes, so a reconfiguration rebuilds only the batches that changed.
function(_jh_unity_write file text)
  file(WRITE ${file}.in "// A unity batch (cmake/unity.cmake): these files as one translation unit.\n${text}")
  configure_file(${file}.in ${file} COPYONLY)
endfunction()
