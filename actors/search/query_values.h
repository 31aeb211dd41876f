// query_values.h: the strict query-value readers live in search/query_values.h (shared by the
// server and the workers); this header keeps the routes' includes working.
#pragma once

#include "search/query_values.h"
