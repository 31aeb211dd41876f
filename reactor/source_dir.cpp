// source_dir.cpp: the one file that knows the checkout's path (JOBHAFEN_SOURCE_DIR, defined for
// this file alone by cmake/layers.cmake).
#include "reactor/source_dir.h"

namespace jh {

std::string source_path(std::string_view relative) {
    std::string path = JOBHAFEN_SOURCE_DIR;
    if (!relative.empty()) {
        path += '/';
        path += relative;
    }
    return path;
}

}  // namespace jh
