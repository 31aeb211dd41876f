-- job_views.lua: POST /api/job_postings/{id}/views as the job page sends it (a browser's user agent,
-- no body). JOB_IDS (environment, "first-last") spreads the views over many jobs; one id is the
-- hot-row case (every view an UPSERT of the same row). Each request is a new client (its user agent
-- carries a counter), so each passes the once-per-client-and-day marker and is counted: the full
-- path. BENCH_REPEAT=1 keeps one user agent: after the first view of each job every request is the
-- same client again, answered after the marker alone (no database). BENCH_AGENT overrides the user
-- agent (a crawler's: the request is answered without Redis or the database). Reports through
-- report.lua.
local first, last = (os.getenv("JOB_IDS") or "1-1"):match("(%d+)-(%d+)")
first, last = tonumber(first), tonumber(last)
local agent = os.getenv("BENCH_AGENT")
local repeat_client = os.getenv("BENCH_REPEAT") == "1"
local base = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36"
local n = 0
wrk.method = "POST"
request = function()
  n = n + 1
  local ua = agent or (repeat_client and base or (base .. " c" .. n .. "-" .. math.random(1, 1e9)))
  return wrk.format(nil, "/api/job_postings/" .. math.random(first, last) .. "/views", { ["User-Agent"] = ua, ["Content-Length"] = "0" })
end
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
