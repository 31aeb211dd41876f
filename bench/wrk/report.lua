-- report.lua: wrk's done callback shared by the bench scripts. Prints one machine-readable line that
-- bench/run reads: requests, seconds, req/s, latency percentiles (ms) and wrk's error counts
-- (errors_status counts answers that were not 2xx/3xx).
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f " ..
    "errors_connect=%d errors_read=%d errors_write=%d errors_status=%d errors_timeout=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, e.connect, e.read, e.write, e.status, e.timeout))
end
