# sedcard_render_code.cmake: the render code of the sedcard PDF as one hash, compiled into one object
# file (actors/profiles/sedcard_render_code.cpp) by every build that compiles it: the server's
# (cmake/layers.cmake) and the fuzz targets' (fuzz/CMakeLists.txt). A kept PDF is keyed by it, so a
# release that draws the card differently renders every sedcard anew (docs/sedcard.md, "Kept PDFs").
# Editing one of these files re-runs the configure step (CMAKE_CONFIGURE_DEPENDS), and only that
# object file is compiled again.
#
# jh_sedcard_render_code(ROOT): sets the definition on ROOT/actors/profiles/sedcard_render_code.cpp
# for the calling directory's targets (source properties belong to a directory).
function(jh_sedcard_render_code root)
  set(render_code
    workers/render/documents.cpp workers/render/documents.h workers/render/pdf_layout.cpp
    workers/render/pdf_layout.h messages/render.cpp)
  set(hashes "")
  foreach(f ${render_code})
    file(SHA256 ${root}/${f} h)
    string(APPEND hashes "${h}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${root}/${f})
  endforeach()
  string(SHA256 code "${hashes}")
  set_source_files_properties(${root}/actors/profiles/sedcard_render_code.cpp PROPERTIES
    COMPILE_DEFINITIONS JH_SEDCARD_RENDER_CODE="${code}")
endfunction()
