// source_dir.h: where the checkout is (config/default.json, migrations/, the mail templates, the
// test fixtures), as the build configured it.
//
// The path is compiled into one object file (source_dir.cpp) and nowhere else, so every other
// object file is the same in any checkout and a compiler cache serves all worktrees alike.
#pragma once

#include <string>
#include <string_view>

namespace jh {

// The checkout's directory, joined with `relative` when that is not empty ("migrations" →
// "/work/main/migrations").
std::string source_path(std::string_view relative = {});

}  // namespace jh
