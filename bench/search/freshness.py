#!/usr/bin/env python3
"""freshness.py: how long a committed change takes to become visible: searchable through the job
index, and (FRESHNESS_CHECK, below) in a job's data and page, kept in memory or not.

For N updates it closes or reopens one live job (UPDATE job_postings SET active = ...) in a psql
session of its own and asks GET /api/job_postings?id=X of the server under test (and the other
checked answers), on one keep-alive connection, until every answer shows the job (reopened) or no
longer shows it (closed). The clock
starts before the UPDATE is sent (so the commit itself is counted) and stops at the first answer
that shows the change. Prints one line: FRESHNESS n=... p50_ms=... p99_ms=... max_ms=... timeouts=...
writes=... (the background writes done, below).

Beside it, with FRESHNESS_WRITES_PER_SECOND (R > 0) and FRESHNESS_BACKGROUND_JOBS (ids, comma-
separated, none of the measured ones), a second psql session writes R changes per second to those
jobs the whole time, in turn an edit (a statement that rewrites the row as it is: notified and
patched like any edit), a close and a reopen, so the measured changes queue behind others as
they would on a busy site (issue 28: 50 job changes per second). Every background job is reopened
at the end.

Usage: freshness.py DATABASE_URL HTTP_PORT UPDATES JOB_ID...
"""
import http.client
import json
import os
import subprocess
import sys
import threading
import time


def listed_in_search(conn: http.client.HTTPConnection, job: str) -> bool:
    conn.request("GET", f"/api/job_postings?id={job}", headers={"Accept": "application/json"})
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        raise SystemExit(f"GET /api/job_postings?id={job} answered {r.status}: {body[:200]!r}")
    return any(m.get("id") == int(job) for m in json.loads(body).get("hydra:member", []))


def live_by(path: str):
    """A check that a job is live by the status of one of its own answers (200 live, 410 closed)."""
    def check(conn: http.client.HTTPConnection, job: str) -> bool:
        conn.request("GET", path.format(job), headers={"Accept-Encoding": "gzip"})
        r = conn.getresponse()
        body = r.read()
        if r.status not in (200, 410):
            raise SystemExit(f"GET {path.format(job)} answered {r.status}: {body[:200]!r}")
        return r.status == 200
    return check


# FRESHNESS_CHECK: which answers must show the change (comma-separated; all of them): search (the
# job in GET /api/job_postings?id=), data (GET /api/job_postings/{id}: 200 or 410), page (GET
# /jobs/{id}: 200 or 410). bench/site asks all three: every answer, kept in memory or not.
CHECKS = {"search": listed_in_search, "data": live_by("/api/job_postings/{}"), "page": live_by("/jobs/{}")}


def listed(conn: http.client.HTTPConnection, job: str, want: bool) -> bool:
    """True when every checked answer shows the job as `want` (live or not)."""
    kinds = os.environ.get("FRESHNESS_CHECK", "search").split(",")
    return all(CHECKS[k](conn, job) == want for k in kinds)


def session(url: str):
    """A psql session and a function that runs one statement in it and waits for its end."""
    psql = subprocess.Popen(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def run_sql(sql: str) -> None:
        psql.stdin.write(sql + "\n\\echo done\n")
        psql.stdin.flush()
        while psql.stdout.readline().strip() != "done":
            pass
    return psql, run_sql


def background_writes(url: str, rate: float, jobs: list, stop: threading.Event, done: list) -> None:
    psql, run_sql = session(url)
    steps = ["UPDATE job_postings SET title = title WHERE id = {};",       # an edit
             "UPDATE job_postings SET active = false WHERE id = {};",      # a close
             "UPDATE job_postings SET active = true WHERE id = {};"]       # a reopen
    started, n = time.monotonic(), 0
    while not stop.is_set():
        job = jobs[(n // 3) % len(jobs)]
        run_sql(steps[n % 3].format(job))
        n += 1
        ahead = started + n / rate - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
    for job in jobs:
        run_sql(f"UPDATE job_postings SET active = true WHERE id = {job};")
    psql.stdin.close()
    psql.wait()
    done.append(n)


def main() -> None:
    url, port, updates, jobs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    psql, run_sql = session(url)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    rate = float(os.environ.get("FRESHNESS_WRITES_PER_SECOND", "0"))
    others = [j for j in os.environ.get("FRESHNESS_BACKGROUND_JOBS", "").split(",") if j and j not in jobs]
    stop, written = threading.Event(), []
    writer = None
    if rate > 0 and others:
        writer = threading.Thread(target=background_writes, args=(url, rate, others, stop, written))
        writer.start()

    for job in jobs:   # every job starts open and listed
        run_sql(f"UPDATE job_postings SET active = true WHERE id = {job};")
    time.sleep(1.0)
    latencies, timeouts = [], 0
    open_state = {job: True for job in jobs}
    for i in range(updates):
        job = jobs[i % len(jobs)]
        want = not open_state[job]
        started = time.monotonic()
        run_sql(f"UPDATE job_postings SET active = {'true' if want else 'false'} WHERE id = {job};")
        open_state[job] = want
        while not listed(conn, job, want):
            if time.monotonic() - started > 10:
                timeouts += 1
                break
            time.sleep(0.001)
        latencies.append((time.monotonic() - started) * 1000)
    stop.set()
    if writer:
        writer.join()
    for job in jobs:   # leave the catalogue as it was
        run_sql(f"UPDATE job_postings SET active = true WHERE id = {job};")
    psql.stdin.close()
    psql.wait()
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))]
    print(f"FRESHNESS n={len(latencies)} p50_ms={pick(0.50):.1f} p99_ms={pick(0.99):.1f} "
          f"max_ms={latencies[-1]:.1f} timeouts={timeouts} writes={written[0] if written else 0}")


if __name__ == "__main__":
    main()
