-- json.lua: the small JSON route (GET /api/bench/hello on jobhafen; any path on the baselines),
-- asked for as an API client would. Reports through report.lua.
wrk.method = "GET"
wrk.headers["Accept"] = "application/json"
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
