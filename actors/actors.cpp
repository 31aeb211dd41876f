// actors.cpp: builds the actors of a loop and the route table of every domain.
#include "actors/actors.h"

#include "reactor/router.h"

namespace jh {

void register_system_routes(router& r);

actors::actors(loop_context& loop) : system(loop) {}

void register_all_routes(router& r) {
    register_system_routes(r);
}

}  // namespace jh
