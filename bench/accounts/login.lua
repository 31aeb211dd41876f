-- login.lua: POST /api/login as a browser would send it, cycling through the seeded accounts
-- bench1..bench$BENCH_ACCOUNTS@example.de. BENCH_LOGIN_MODE: right (the right password), wrong (a
-- wrong one) or unknown (addresses nobody registered). Reports through ../wrk/report.lua.
local accounts = tonumber(os.getenv("BENCH_ACCOUNTS") or "64")
local mode = os.getenv("BENCH_LOGIN_MODE") or "right"
local counter = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

request = function()
  counter = counter + 1
  local email
  if mode == "unknown" then
    email = "niemand" .. counter .. "@example.de"
  else
    email = "bench" .. ((counter % accounts) + 1) .. "@example.de"
  end
  local password = (mode == "right") and "Bench-Pass1!" or "Falsch-Pass1!"
  return wrk.format(nil, nil, nil, '{"email":"' .. email .. '","password":"' .. password .. '"}')
end

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "../wrk/report.lua")
