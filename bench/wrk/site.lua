-- site.lua: the requests of a file in turn (bench/site/requests.py writes it: "CLASS METHOD PATH" a
-- line), each with the headers a browser sends for its class: an HTML page, the app's JSON call, a
-- job page's view count (POST, no body, each a new client as each view of the mix is another
-- visitor's), a file of web/dist/assets. Pages, JSON and assets ask for gzip as browsers do.
-- Usage: wrk ... -s site.lua http://host:port -- requests.txt. Reports through report.lua.
local list = {}
local next_request = 1
local views = 0
-- A tag of this run for the views' user agents: wrk starts math.random from the same seed in every
-- run, so without it a run repeats the clients of the run before (its warm-up), which the server
-- rightly counts once per day.
local run_tag = (function()
  local f = io.open("/dev/urandom", "rb")
  local b = f:read(6)
  f:close()
  return (b:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end)()
local agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
local headers = {
  page = {["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          ["Accept-Encoding"] = "gzip, deflate, br", ["User-Agent"] = agent},
  api = {["Accept"] = "application/json", ["Accept-Encoding"] = "gzip, deflate, br", ["User-Agent"] = agent},
  asset = {["Accept"] = "*/*", ["Accept-Encoding"] = "gzip, deflate, br", ["User-Agent"] = agent},
}

-- BENCH_GZIP=0 (environment): no Accept-Encoding, to see what compressing the answers costs.
if os.getenv("BENCH_GZIP") == "0" then
  for _, h in pairs(headers) do h["Accept-Encoding"] = nil end
end

function init(args)
  for line in io.lines(args[1]) do
    local class, method, path = line:match("^(%S+) (%S+) (%S+)$")
    if class then list[#list + 1] = {class, method, path} end
  end
  if #list == 0 then error("site.lua: no requests in " .. tostring(args[1])) end
end

function request()
  local r = list[next_request]
  next_request = next_request % #list + 1
  if r[1] == "view" then
    views = views + 1
    return wrk.format("POST", r[3], {["User-Agent"] = agent .. " v" .. run_tag .. "-" .. views,
                                     ["Content-Length"] = "0", ["Sec-Fetch-Site"] = "same-origin"})
  end
  return wrk.format(r[2], r[3], headers[r[1]])
end

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
