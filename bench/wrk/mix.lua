-- mix.lua: requests the paths of a file in turn (bench/search/mix.py writes it, one per line), so
-- a run asks the whole mix over and over in the same order.
-- Usage: wrk ... -s mix.lua http://host:port -- paths.txt. Reports through report.lua.
local paths = {}
local next_path = 1

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  if #paths == 0 then error("mix.lua: no paths in " .. tostring(args[1])) end
end

function request()
  local p = paths[next_path]
  next_path = next_path % #paths + 1
  return wrk.format("GET", p, {["Accept"] = "application/json"})
end

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
