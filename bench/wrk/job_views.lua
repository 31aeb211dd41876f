-- job_views.lua: POST /api/job_postings/{id}/views as the job page sends it (a browser's user agent,
-- no body). JOB_IDS (environment, "first-last") spreads the views over many jobs; one id is the
-- hot-row case (every view an UPSERT of the same row). BENCH_AGENT overrides the user agent (a
-- crawler's: the request is answered without touching the database, what batching in memory
-- could at best reach). Reports through report.lua.
local first, last = (os.getenv("JOB_IDS") or "1-1"):match("(%d+)-(%d+)")
first, last = tonumber(first), tonumber(last)
wrk.method = "POST"
wrk.headers["User-Agent"] = os.getenv("BENCH_AGENT") or "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36"
wrk.headers["Content-Length"] = "0"
request = function()
  return wrk.format(nil, "/api/job_postings/" .. math.random(first, last) .. "/views")
end
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
