-- static.lua: the start page (index.html), asked for as a browser's first visit would, but without
-- Accept-Encoding so that both servers send the same uncompressed bytes. Reports through report.lua.
wrk.method = "GET"
wrk.headers["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
