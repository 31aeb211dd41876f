-- apply.lua: wrk script for bench/actions/run. Candidate k (token line k) applies to the 10 bench
-- jobs in turn, so every request is a new (candidate, job) pair within the limit of 10 per 30 min.
local tokens = {}
for line in io.lines(os.getenv("BENCH_TOKENS")) do tokens[#tokens + 1] = line end
local first_job = tonumber(os.getenv("BENCH_FIRST_JOB"))
local i = 0

request = function()
  local c = math.floor(i / 10) % #tokens + 1
  local job = first_job + (i % 10)
  i = i + 1
  return wrk.format("POST", "/api/job_postings/" .. job .. "/apply",
    {["Authorization"] = "Bearer " .. tokens[c], ["Content-Type"] = "application/json"},
    '{"notes":"Hallo, ich bewerbe mich gern."}')
end
