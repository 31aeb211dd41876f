#!/usr/bin/env python3
"""ops/cluster_drill.py: the failure drill ops/cluster test runs against the cluster's HAProxy.

A steady load of searches, logins, signed-in page reads (each reads its session in Redis) and
applications goes through HAProxy (127.0.0.1) from a few client threads,
each with its own keep-alive connection, while the drill kills one `jobhafen serve` instance with
SIGKILL (a crash, not a shutdown), keeps the load on, and then starts the instance again. It counts
every request and every failure (a status other than the expected one, or no answer at all), and
measures how long after the kill the last failure came (until all answers are good again) and how
long the restarted instance takes until HAProxy sends it traffic again. It prints a table and exits
non-zero when the site did not answer well again within --max-recovery seconds, or more requests
failed than there were requests in flight at the kill (HAProxy retries the rest), or an application
answered 201 is not stored exactly once on the primary afterwards.

The applications come from --appliers candidates the step registers (through HAProxy, as a visitor
does; --sql-cmd then confirms their addresses and marks their data complete, which a person does
in the mail and the profile form), each applying to at most 10 jobs: the limit of 10 in 30 minutes.

Other steps (--step), under the same load:
  replica   the PostgreSQL replica dies (--kill-cmd): public reads fall back to the primary, so no
            request may fail; --down-check / --up-check (shell commands) say when every instance
            has noticed, and when it reads from the replica again after --restart-cmd.
  lag       the replica stops replaying (pg_wal_replay_pause, --kill-cmd) while the primary goes on
            writing (the applications): once its lag passes the bound, every instance reads from the
            primary (--down-check), no request may fail, and a job title changed on the primary in
            that time is what the job's page shows at once; --restart-cmd resumes the replay.
  redis     the Redis primary dies: the Sentinels promote the replica and the servers follow them.
            Logins (the throttle, the new session) and signed-in reads (the session) need Redis:
            they wait for the new primary (redis.outage_grace_ms); what still fails is counted
            against --max-failures, and the answers must be good again within --max-recovery seconds.
  mail      see --mail-*: a mail worker is killed while it works through a queue of mails; every
            mail must reach the SMTP sink, and at most the one the killed worker had in hand may
            arrive twice (same Message-ID): SMTP has no way to take back a mail the relay took.
  primary   the PostgreSQL primary crashes (--kill-cmd): Patroni promotes the synchronous standby
            (--down-check) and the old primary rejoins as the standby (--up-check, no
            --restart-cmd: Patroni does it). Writes fail until then, counted; with
            --searches-never-fail a failed search fails the step (job pages are counted).
  switchover  the same for a planned `patronictl switchover`.
  rolling   --kill-cmd restarts every serve instance in turn (each leaves HAProxy's rotation
            first: --drain and --ready below are what it calls).
  disk      --kill-cmd fills the primary's disk, --restart-cmd frees it again (with --writers):
            a write may fail only with 503 and a German message (no 500, no lost answer), reads
            never fail, what was acknowledged is stored once, and writes are good again within
            --max-recovery seconds of the freeing (not of the filling).

Also: --drain SERVER / --ready SERVER take a serve instance out of HAProxy's rotation (waiting until
it has no request in hand) and put it back (waiting until HAProxy sends it traffic).

Also: --show-servers prints HAProxy's view of the servers, PostgreSQL's too (`ops/cluster status`).
"""
import argparse
import email
import glob
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

SEARCHES = [
    "/api/job_postings",
    "/api/job_postings?page=2",
    "/api/job_postings?itemsPerPage=10",
]


def haproxy_command(sock_path, command):
    """HAProxy's answer to one command on its stats socket."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(2)
    s.connect(sock_path)
    s.sendall(command.encode() + b"\n")
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    return data.decode()


def haproxy_stats(sock_path, backend="serve"):
    """{server name: row of `show stat`} of one backend's servers."""
    lines = haproxy_command(sock_path, "show stat").splitlines()
    header = lines[0].lstrip("# ").split(",")
    out = {}
    for line in lines[1:]:
        row = dict(zip(header, line.split(",")))
        if row.get("pxname") == backend and row.get("svname") not in ("FRONTEND", "BACKEND"):
            out[row["svname"]] = row
    return out


def haproxy_servers(sock_path, backend="serve"):
    """{server name: status} of one backend ("UP", "DOWN", "UP 1/2", "MAINT", ...)."""
    return {name: row["status"] for name, row in haproxy_stats(sock_path, backend).items()}


class Client(threading.Thread):
    """One client: requests one after the other on a keep-alive connection, each one recorded."""

    def __init__(self, front, kind, login, password, stop, records, lock, applications=None):
        super().__init__(daemon=True)
        u = urllib.parse.urlsplit(front)
        self.host, self.port = u.hostname, u.port
        self.kind, self.login, self.password = kind, login, password
        self.stop, self.records, self.lock = stop, records, lock
        self.conn = None
        self.n = 0
        # kind "apply": the queue of (token, job id) still to apply with; each 201's application id
        # goes to `applications` with the pair it was for.
        self.applications = applications
        self.to_apply = []
        self.apply_every = 0.25
        self.last_kind = kind
        self.token = None   # kind "session": the access token it reads with
        self.pause = None   # seconds between two requests, when not the kind's own pace (the soak's)

    def request(self):
        """One request; once more on a fresh connection when a reused keep-alive connection turns out
        to be closed before any answer (the idle-close race every HTTP client retries, as browsers do).
        Not an application: a POST is not idempotent (RFC 9110, 9.2.2), and the closed connection may
        be a server killed after it took the candidate's place in the limit's window, so a second try
        would count twice against the limit of 10 and the candidate's last application would be a 429."""
        reused = self.conn is not None
        try:
            return self.request_once()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            if not reused or self.kind == "apply":
                raise
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            return self.request_once()

    def request_once(self):
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        if self.kind == "login":
            body = json.dumps({"email": self.login, "password": self.password})
            self.conn.request("POST", "/api/login", body, {"Content-Type": "application/json"})
            expected = 200
        elif self.kind == "session":
            # A signed-in read: the server checks the session (its family in Redis) first.
            if self.token is None:
                self.token = sign_in(self.host, self.port, self.login, self.password)
            self.conn.request("GET", "/api/candidate_accounts/me", None, {"Authorization": f"Bearer {self.token}"})
            expected = 200
        elif self.kind == "apply":
            token, job = self.to_apply[0]
            self.conn.request("POST", f"/api/job_postings/{job}/apply", json.dumps({"notes": "Drill"}),
                              {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
            expected = 201
        else:
            path = SEARCHES[self.n % len(SEARCHES)]
            # A search is answered by the job index in memory; a job's page reads PostgreSQL.
            self.last_kind = "search" if "?" in path or path == "/api/job_postings" else "page"
            self.conn.request("GET", path)
            expected = 200
        self.n += 1
        r = self.conn.getresponse()
        body = r.read()
        if self.kind == "apply":
            # Whatever the answer, this pair is not tried again: a second try of an application that
            # was stored would be a 409, and the drill counts what the first answer said.
            token, job = self.to_apply.pop(0)
            if r.status == 201:
                try:
                    created = json.loads(body)["id"]
                except (ValueError, KeyError, TypeError):
                    # A 201 whose body is no application (the disk drill met one): a failure.
                    return r.status, "201 with a broken body"
                with self.lock:
                    self.applications.append((job, token, created))
        # HAProxy makes the id, the server answers with it: a good answer without one is a failure.
        if not r.getheader("X-Request-Id"):
            return r.status, "no X-Request-Id"
        if r.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        return r.status, expected

    def run(self):
        while not self.stop.is_set():
            if self.kind == "apply" and not self.to_apply:
                time.sleep(0.1)   # every candidate has used her 10 applications
                continue
            t0 = time.monotonic()
            try:
                status, expected = self.request()
                ok = status == expected
                what = str(status) if ok or isinstance(expected, int) else expected
            except (OSError, http.client.HTTPException) as e:
                ok, what = False, type(e).__name__
                if self.kind == "apply":
                    self.to_apply.pop(0)   # not tried again either: whether it was stored is not known
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
            t1 = time.monotonic()
            with self.lock:
                self.records.append((t0, t1, self.last_kind if self.kind == "search" else self.kind, ok, what))
            if self.pause is not None:
                time.sleep(self.pause)
            elif self.kind == "login":
                time.sleep(0.2)   # logins are argon2: a few a second, not a flood
            elif self.kind == "session":
                time.sleep(0.02)   # a person clicking, many of them: about 40 reads a second
            elif self.kind == "apply":
                time.sleep(self.apply_every)   # spread so the candidates' applications last the step


STATUSES = ["seen", "shortlisted", "invited"]


class Writer(threading.Thread):
    """One writer of one kind (issue 46 item 2), its requests one after the other on a keep-alive
    connection, each recorded like a Client's. Every write carries a value of its own (an address, a
    counter, a text), so the check afterwards finds how often each was stored:
      register  a candidate registers with a new address (POST /api/candidate_profiles/register, 201);
      profile   a candidate's profile summary becomes "Drill-Stand N" (PATCH /api/candidate_profiles/{id});
      job       a provider's draft's description becomes "Drill-Beschreibung Stand N" (PATCH /api/job_postings/{id});
      status    the provider sets an application's status (PATCH /api/applications/{id}/status);
      message   the provider writes "Drill-Nachricht TAG-N" in an application's conversation (POST .../messages;
                a candidate may only answer once the organization wrote).
    A write is never sent twice: what its first answer said is what counts (a lost answer is a failure)."""

    EXPECTED = {"register": 201, "profile": 200, "job": 200, "status": 200, "message": 201}

    def __init__(self, front, kind, setup, stop, records, lock, budget, every):
        super().__init__(daemon=True)
        u = urllib.parse.urlsplit(front)
        self.host, self.port = u.hostname, u.port
        self.kind, self.setup = kind, setup
        self.stop, self.records, self.lock = stop, records, lock
        self.budget, self.every = budget, every
        self.conn = None
        self.n = 0
        self.sent = []    # the value of every write sent
        self.acked = []   # the value of every write answered as expected, in order
        self.refusals = {}   # for each 503: (its message, its Retry-After) -> how often

    def next_request(self):
        """(method, path, body, token, value) of write number self.n."""
        s, n = self.setup, self.n
        if self.kind == "register":
            e = f"drill-{s['tag']}-r{n}@jobhafen.test"
            return ("POST", "/api/candidate_profiles/register",
                    {"email": e, "password": s["password"], "passwordConfirmation": s["password"],
                     "firstName": "Drill", "lastName": "Registrierung"}, None, e)
        if self.kind == "profile":
            return ("PATCH", f"/api/candidate_profiles/{s['profile_id']}", {"profileSummary": f"Drill-Stand {n}"},
                    s["profile_token"], n)
        if self.kind == "job":
            return ("PATCH", f"/api/job_postings/{s['draft_id']}", {"description": f"Drill-Beschreibung Stand {n}"},
                    s["provider_token"], n)
        if self.kind == "status":
            st = STATUSES[n % len(STATUSES)]
            return ("PATCH", f"/api/applications/{s['status_application']}/status", {"status": st}, s["provider_token"], st)
        app = s["message_threads"][n % len(s["message_threads"])]
        token = s["provider_token"]
        text = f"Drill-Nachricht {s['tag']}-{n}"
        return ("POST", f"/api/applications/{app}/messages", {"message": text}, token, text)

    def write_once(self):
        method, path, body, token, value = self.next_request()
        self.sent.append(value)
        self.n += 1
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, json.dumps(body), headers)
        r = self.conn.getresponse()
        raw = r.read()
        if r.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        if r.status == 503:
            try:
                message = json.loads(raw).get("message", "")
            except ValueError:
                message = ""
            key = (message, r.getheader("Retry-After"))
            self.refusals[key] = self.refusals.get(key, 0) + 1
        if r.status == self.EXPECTED[self.kind]:
            self.acked.append(value)
        if not r.getheader("X-Request-Id"):
            return False, "no X-Request-Id"
        return r.status == self.EXPECTED[self.kind], str(r.status)

    def run(self):
        while not self.stop.is_set() and self.n < self.budget:
            t0 = time.monotonic()
            try:
                ok, what = self.write_once()
            except (OSError, http.client.HTTPException) as e:
                ok, what = False, type(e).__name__
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
            t1 = time.monotonic()
            with self.lock:
                self.records.append((t0, t1, self.kind, ok, what))
            time.sleep(self.every)


WRITE_KINDS = ("register", "profile", "job", "status", "message")


def make_writers(a, password, jobs):
    """What the writers need, made before the load: a candidate whose profile is edited; a provider
    (registered through HAProxy, then confirmed and made a member of a seeded organization with
    --sql-cmd, as the mail and an administrator would) with a draft of that organization; candidates
    who applied to one of its published jobs (outside the job pages the searchers read), one whose
    application's status the provider changes and four to whom she writes messages (20 a day per
    application and side: four threads carry the step's messages)."""
    tag = f"w{int(time.time())}"
    # A published job of the second search page: not one of the job pages the load reads.
    status, body = call(a.front, "GET", "/api/job_postings?page=3&itemsPerPage=10")
    others = [j["id"] for j in (body or {}).get("hydra:member", []) if "id" in j and j["id"] not in jobs]
    if status != 200 or not others:
        raise SystemExit(f"drill: no job outside the first search page ({status})")
    job = others[0]
    org = run_sql(a.sql_cmd, f"SELECT organization_id FROM job_postings WHERE id = {int(job)};")[0][0]
    provider = f"drill-{tag}-provider@jobhafen.test"
    status, body = call(a.front, "POST", "/api/organization_member/register",
                        {"email": provider, "password": password, "passwordConfirmation": password, "firstName": "Drill",
                         "lastName": "Anbieterin", "company": f"Drill {tag} GmbH", "phone": "040 123456",
                         "jobPosting": {"title": "Drill-Stelle", "description": "Drill-Beschreibung Stand -1", "city": "Hamburg"}})
    if status != 201:
        raise SystemExit(f"drill: registering the provider answered {status}: {body}")
    names = ["profile", "status"] + [f"m{i}" for i in range(4)]
    emails = {n: f"drill-{tag}-{n}@jobhafen.test" for n in names}
    for e in emails.values():
        status, body = call(a.front, "POST", "/api/candidate_profiles/register",
                            {"email": e, "password": password, "passwordConfirmation": password,
                             "firstName": "Drill", "lastName": "Schreiberin"})
        if status != 201:
            raise SystemExit(f"drill: registering a candidate answered {status}: {body}")
    listed = ",".join(f"'{e}'" for e in emails.values())
    # The provider's own organization (waiting for review) gives its draft to the seeded one she joins.
    run_sql(a.sql_cmd,
            f"UPDATE accounts SET email_verified_at = now() WHERE email IN ({listed}, '{provider}');"
            f" UPDATE candidate_profiles SET has_relevant_data_for_application = true"
            f"  WHERE account_id IN (SELECT id FROM accounts WHERE email IN ({listed}));"
            f" UPDATE job_postings SET organization_id = {int(org)}"
            f"  WHERE organization_id = (SELECT organization_id FROM accounts WHERE email = '{provider}');"
            f" UPDATE accounts SET organization_id = {int(org)}, organization_role = 'member' WHERE email = '{provider}';")
    draft = run_sql(a.sql_cmd, f"SELECT id FROM job_postings WHERE organization_id = {int(org)} AND title = 'Drill-Stelle'"
                               f" ORDER BY id DESC LIMIT 1;")[0][0]

    def login(e):
        status, body = call(a.front, "POST", "/api/login", {"email": e, "password": password})
        if status != 200:
            raise SystemExit(f"drill: the login of {e} answered {status}")
        return body["token"]

    tokens = {n: login(e) for n, e in emails.items()}
    applications = {}
    for n in names[1:]:
        status, body = call(a.front, "POST", f"/api/job_postings/{job}/apply", {"notes": "Drill"}, tokens[n])
        if status != 201:
            raise SystemExit(f"drill: an application of the writers answered {status}: {body}")
        applications[n] = body["id"]
    ids = ",".join(str(i) for i in applications.values())
    run_sql(a.sql_cmd, f"UPDATE applications SET forwarded_at = coalesce(forwarded_at, now()) WHERE id IN ({ids});")
    profile_id = run_sql(a.sql_cmd, f"SELECT p.id FROM candidate_profiles p JOIN accounts x ON x.id = p.account_id"
                                    f" WHERE x.email = '{emails['profile']}';")[0][0]
    return {"tag": tag, "password": password, "profile_id": profile_id, "profile_token": tokens["profile"],
            "draft_id": draft, "provider_token": login(provider), "status_application": applications["status"],
            "message_threads": [applications[n] for n in names[2:]]}


def check_writes(a, writers, refusals_allowed=False):
    """Every write answered 2xx is stored exactly once; the last counter stored is the last one
    acknowledged. Prints a row per kind; returns the complaints. With refusals_allowed (the disk
    step) a failed write is no complaint here: the step judges its answers itself."""
    s = writers[0].setup
    complaints = []
    print()
    print(f"{'write':<10} {'sent':>6} {'2xx':>6} {'failed':>7} {'stored once':>12}")
    for w in writers:
        failed = len(w.sent) - len(w.acked)
        if w.kind == "register":
            listed = ",".join(f"'{e}'" for e in w.sent) or "''"
            rows = run_sql(a.sql_cmd, f"SELECT email, count(*) FROM accounts WHERE email IN ({listed}) GROUP BY email;")
            counts = {e: int(c) for e, c in rows}
            once = sum(1 for e in w.acked if counts.get(e) == 1)
            bad = [e for e in w.acked if counts.get(e) != 1]
        elif w.kind == "message":
            ids = ",".join(str(app) for app in s["message_threads"])
            rows = run_sql(a.sql_cmd, f"SELECT body, count(*) FROM application_messages WHERE application_id IN ({ids})"
                                      f" AND body LIKE 'Drill-Nachricht {s['tag']}-%' GROUP BY body;")
            counts = {b: int(c) for b, c in rows}
            once = sum(1 for t in w.acked if counts.get(t) == 1)
            bad = [t for t in w.acked if counts.get(t) != 1]
            extra = [b for b in counts if b not in w.acked]
            if extra:
                complaints.append(f"{len(extra)} messages stored that were not acknowledged")
        else:
            if w.kind == "profile":
                sql = f"SELECT sedcard->>'profileSummary' FROM candidate_profiles WHERE id = {int(s['profile_id'])};"
                expect = f"Drill-Stand {w.acked[-1]}" if w.acked else None
            elif w.kind == "job":
                sql = f"SELECT description FROM job_postings WHERE id = {int(s['draft_id'])};"
                expect = f"Drill-Beschreibung Stand {w.acked[-1]}" if w.acked else None
            else:
                sql = f"SELECT status FROM applications WHERE id = {int(s['status_application'])};"
                expect = w.acked[-1] if w.acked else None
            stored = run_sql(a.sql_cmd, sql)[0][0]
            if w.kind != "status":
                # The counter as stored (the text may come back trimmed or wrapped).
                m = re.search(r"Stand (-?\d+)", stored or "")
                stored = m.group(0) if m else stored
                expect = expect and re.search(r"Stand (-?\d+)", expect).group(0)
            # A set value: stored once means the last one acknowledged is what the row holds.
            once = len(w.acked) if expect is not None and stored == expect else 0
            bad = [] if once == len(w.acked) else [f"stored {stored!r}, last acknowledged {expect!r}"]
        print(f"{w.kind:<10} {len(w.sent):>6} {len(w.acked):>6} {failed:>7} {once:>12}")
        if failed and not refusals_allowed:
            complaints.append(f"{failed} {w.kind} writes failed")
        if bad:
            complaints.append(f"{len(bad)} acknowledged {w.kind} writes not stored exactly once ({bad[0]})")
        if not w.acked:
            complaints.append(f"no {w.kind} write was acknowledged")
    return complaints


def sign_in(host, port, login, password):
    """The access token of one login (before the load starts: a failed one stops the drill)."""
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("POST", "/api/login", json.dumps({"email": login, "password": password}), {"Content-Type": "application/json"})
    r = conn.getresponse()
    body = r.read()
    conn.close()
    if r.status != 200:
        raise SystemExit(f"drill: the session readers' login answered {r.status}")
    return json.loads(body)["token"]


def wait_for(predicate, timeout, step=0.1):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if predicate():
            return time.monotonic() - t0
        time.sleep(step)
    return None


def summarize(records, start, end):
    """(requests, of them logins, of them applications, of them session reads, of them the writers',
    failed, p99 latency,
    the failed records) of requests begun in [start, end)."""
    rows = [r for r in records if start <= r[0] < end]
    failed = [r for r in rows if not r[3]]
    lat = sorted(r[1] - r[0] for r in rows)
    p99 = lat[max(0, int(len(lat) * 0.99) - 1)] if lat else 0.0
    logins = sum(1 for r in rows if r[2] == "login")
    applies = sum(1 for r in rows if r[2] == "apply")
    sessions = sum(1 for r in rows if r[2] == "session")
    writes = sum(1 for r in rows if r[2] in WRITE_KINDS)
    return len(rows), logins, applies, sessions, writes, len(failed), p99, failed


def shell_ok(cmd):
    return subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def run_sql(sql_cmd, sql):
    """Rows of `sql` on the primary, each a list of column texts."""
    out = subprocess.run(sql_cmd + " -tA -F '|'", shell=True, check=True, text=True, input=sql, capture_output=True).stdout
    return [line.split("|") for line in out.splitlines() if line]


def call(front, method, path, body=None, token=None):
    """One request through HAProxy on a fresh connection: (status, parsed JSON body or None)."""
    u = urllib.parse.urlsplit(front)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = conn.getresponse()
    raw = r.read()
    conn.close()
    try:
        return r.status, json.loads(raw or b"null")
    except ValueError:
        return r.status, None


def make_appliers(a, password, jobs):
    """Registers --appliers candidates and returns the (token, job id) pairs they will apply with:
    each candidate to 10 different jobs (the server's limit in 30 minutes)."""
    tag = f"{a.step}{int(time.time())}"
    emails = [f"drill-{tag}-{i}@jobhafen.test" for i in range(a.appliers)]
    for e in emails:
        status, body = call(a.front, "POST", "/api/candidate_profiles/register",
                            {"email": e, "password": password, "passwordConfirmation": password,
                             "firstName": "Drill", "lastName": "Bewerberin"})
        if status != 201:
            raise SystemExit(f"drill: registering a candidate answered {status}: {body}")
    listed = ",".join(f"'{e}'" for e in emails)
    # What the person does in the confirmation mail and the profile form.
    run_sql(a.sql_cmd, f"UPDATE accounts SET email_verified_at = now() WHERE email IN ({listed});"
                       f" UPDATE candidate_profiles SET has_relevant_data_for_application = true"
                       f"  WHERE account_id IN (SELECT id FROM accounts WHERE email IN ({listed}));")
    per_candidate = []
    for n, e in enumerate(emails):
        status, body = call(a.front, "POST", "/api/login", {"email": e, "password": password})
        if status != 200:
            raise SystemExit(f"drill: a candidate's login answered {status}")
        per_candidate.append([(body["token"], jobs[(n + i) % len(jobs)]) for i in range(min(10, len(jobs)))])
    # Round robin over the candidates, so each one's applications spread over the whole step.
    return [pair for round_ in zip(*per_candidate) for pair in round_]


def check_applications(a, applications):
    """Every application answered 201 is on the primary, once, for the job and candidate it was for.
    Returns the complaints."""
    if not applications:
        return []
    ids = ",".join(str(i) for _, _, i in applications)
    stored = run_sql(a.sql_cmd, f"SELECT id, job_posting_id FROM applications WHERE id IN ({ids});")
    by_id = {int(i): int(j) for i, j in stored}
    missing = [i for j, _, i in applications if i not in by_id]
    wrong = [i for j, _, i in applications if i in by_id and by_id[i] != j]
    pairs = run_sql(a.sql_cmd, "SELECT count(*) FROM (SELECT 1 FROM applications GROUP BY job_posting_id, candidate_account_id"
                               " HAVING count(*) > 1) AS twice;")
    print(f"applications: {len(applications)} answered 201; on the primary afterwards: {len(by_id)}, "
          f"missing {len(missing)}, for another job {len(wrong)}, stored twice {pairs[0][0]}")
    complaints = []
    if missing:
        complaints.append(f"{len(missing)} applications answered 201 are not stored")
    if wrong:
        complaints.append(f"{len(wrong)} applications are stored for another job")
    if pairs[0][0] != "0":
        complaints.append(f"{pairs[0][0]} applications are stored twice")
    return complaints


def read_after_write(a, job):
    """While the replica lags: a title changed on the primary shows on the job's page through every
    instance at once (HAProxy spreads the requests). Returns the complaints."""
    marker = f"Drill {int(time.time())}"
    run_sql(a.sql_cmd, f"UPDATE job_postings SET title = title || ' ({marker})' WHERE id = {int(job)};")
    seen, stale = 0, 0
    for _ in range(10):
        status, body = call(a.front, "GET", f"/api/job_postings/{job}")
        seen += 1
        if status != 200 or marker not in (body or {}).get("title", ""):
            stale += 1
    run_sql(a.sql_cmd, f"UPDATE job_postings SET title = replace(title, ' ({marker})', '') WHERE id = {int(job)};")
    print(f"read after write while the replica lags: {seen - stale} of {seen} job pages showed the new title")
    return [f"{stale} of {seen} job pages showed the old title while the replica lagged"] if stale else []


def add_job_details(front):
    """Job detail pages of the first search page join the searches (they are replica reads too)."""
    u = urllib.parse.urlsplit(front)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    conn.request("GET", "/api/job_postings?itemsPerPage=10")
    body = json.loads(conn.getresponse().read() or b"{}")
    conn.close()
    jobs = [job["id"] for job in body.get("hydra:member", []) if "id" in job]
    for job in jobs[:10]:
        SEARCHES.append(f"/api/job_postings/{job}")
    return jobs


def mail_drill(a):
    """Queues --mail-count mails, kills a mail worker once some are delivered, and checks the sink:
    every mail exactly once. Returns the verdict's complaints."""
    run_id = f"drill{int(time.time())}"
    values = ",".join(
        f"('mail', json_build_object('template', 'newsletter_confirm', 'to', 'drill+{i}@jobhafen.test', 'to_name', 'Drill',"
        f" 'data', json_build_object('first_name', 'Drill', 'link', 'http://127.0.0.1/drill/{i}'))::jsonb, '{run_id}:{i}')"
        for i in range(a.mail_count))
    subprocess.run(a.sql_cmd, shell=True, check=True, text=True,
                   input=f"INSERT INTO queue_jobs (kind, payload, idempotency_key) VALUES {values};")
    subprocess.run(a.mail_wake_cmd, shell=True)

    def delivered():
        """Message-IDs of this run's mails in the sink (one entry per received copy)."""
        ids = []
        for path in glob.glob(os.path.join(a.mail_dir, "new", "*")) + glob.glob(os.path.join(a.mail_dir, "cur", "*")):
            try:
                with open(path, "rb") as f:
                    mid = email.message_from_binary_file(f).get("Message-ID", "")
            except OSError:
                continue
            if run_id in mid:   # the key "drillN:i" becomes the Message-ID's local part
                ids.append(mid)
        return ids

    t0 = time.monotonic()
    wait_for(lambda: len(delivered()) >= a.mail_count // 5, 60, 0.02)
    before = len(delivered())
    subprocess.run(a.kill_cmd, shell=True, check=True)
    t_kill = time.monotonic()
    done = wait_for(lambda: len(set(delivered())) >= a.mail_count, a.mail_timeout, 0.2)
    time.sleep(2)   # a copy sent twice would arrive about now
    got = delivered()
    print()
    print(f"mail drill: {a.mail_count} mails queued; {before} delivered when a mail worker was killed "
          f"({t_kill - t0:.1f} s after queueing)")
    print(f"mail drill: {len(set(got))} distinct mails delivered, {len(got)} copies received"
          + (f", all {done + (t_kill - t0):.1f} s after queueing" if done is not None else ""))
    if a.restart_cmd:
        subprocess.run(a.restart_cmd, shell=True, check=True)
    complaints = []
    if len(set(got)) < a.mail_count:
        complaints.append(f"{a.mail_count - len(set(got))} mails were not delivered within {a.mail_timeout} s")
    # SMTP cannot do better than this: a worker killed after the relay took a mail but before the
    # job was marked done leaves a job that runs again. The copy has the same Message-ID (made from
    # the job's key), so mail systems and clients drop it; more than one such copy per kill is a bug.
    twice = len(got) - len(set(got))
    if twice:
        print(f"mail drill: {twice} mail(s) arrived twice, with the same Message-ID (killed after the relay took it, "
              f"before the job was marked done)")
    if twice > 1:
        complaints.append(f"{twice} mails were delivered twice, more than the one a single kill can cause")
    return complaints


def drain_or_ready(sock_path, server, state):
    """HAProxy's state of SERVER and SERVER-unchecked: "maint" (then wait until neither has a request in
    hand, so a graceful stop of the instance loses none) or "ready" (then wait until it is UP)."""
    for name in (server, server + "-unchecked"):
        haproxy_command(sock_path, f"set server serve/{name} state {state}")
    if state == "maint":
        # Idle on three looks in a row (the counters trail a response still being sent), then a
        # moment more for the last bytes to leave HAProxy.
        quiet = [0]

        def idle():
            busy = any(int(haproxy_stats(sock_path)[n]["scur"] or 0) for n in (server, server + "-unchecked"))
            quiet[0] = 0 if busy else quiet[0] + 1
            return quiet[0] >= 3

        if wait_for(idle, 10, 0.05) is None:
            return 1
        time.sleep(0.3)
        return 0
    return 0 if wait_for(lambda: haproxy_servers(sock_path)[server] == "UP", 60, 0.1) is not None else 1


# What the server may answer a write while its database's disk is full: the refusal of a full disk
# (PostgreSQL's 53100), or, when PostgreSQL stopped on it (a PANIC for want of a WAL segment) and the
# standby was still being promoted, the outage's (reactor/pg.cpp, error::to_app_error).
DISK_REFUSALS = {
    "Gerade können wir nichts speichern. Bitte in ein paar Minuten noch einmal versuchen.",
    "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
}


def disk_verdict(after_kill, writers):
    """The disk step: reads never fail; a write (a login, an application, a writer's) fails only
    with 503 and one of DISK_REFUSALS; at least one write or the probe met the full disk. Prints the
    refusals; returns the complaints."""
    complaints = []
    reads = [r for r in after_kill if r[2] in ("search", "page", "session")]
    if reads:
        complaints.append(f"{len(reads)} reads failed while the disk was full ({', '.join(sorted(set(f'{r[2]}: {r[4]}' for r in reads)))})")
    not_503 = [r for r in after_kill if r[2] not in ("search", "page", "session") and r[4] != "503"]
    if not_503:
        complaints.append(f"{len(not_503)} writes failed otherwise than with 503 ({', '.join(sorted(set(f'{r[2]}: {r[4]}' for r in not_503)))})")
    refusals = {}
    for w in writers:
        for key, n in w.refusals.items():
            refusals[key] = refusals.get(key, 0) + n
    print(f"writes refused with 503: {sum(1 for r in after_kill if r[4] == '503')}")
    for (message, retry_after), n in sorted(refusals.items(), key=lambda kv: -kv[1]):
        print(f"  {n} x {message!r} (Retry-After {retry_after})")
        if message not in DISK_REFUSALS:
            complaints.append(f"{n} writes were refused with {message!r}, not with a refusal of the full disk")
    return complaints


def verdict_code(complaints):
    """Prints the verdict; the exit code: 0 when there is nothing to complain about."""
    print()
    if complaints:
        print("drill FAILED: " + "; ".join(complaints))
        return 1
    print("drill passed")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--front")
    ap.add_argument("--haproxy-socket", required=True)
    ap.add_argument("--login")
    ap.add_argument("--password-file")
    ap.add_argument("--step", choices=["serve", "replica", "lag", "redis", "mail", "primary", "switchover", "rolling", "partition", "disk"],
                    default="serve")
    ap.add_argument("--seconds", type=float, default=12)
    ap.add_argument("--warmup", type=float, default=4)
    ap.add_argument("--victim", help="HAProxy's name of the server the kill hits (step serve)")
    ap.add_argument("--kill-cmd")
    ap.add_argument("--restart-cmd")
    ap.add_argument("--down-check", help="shell command: exit 0 once the kill has been noticed")
    ap.add_argument("--up-check", help="shell command: exit 0 once the restarted part is in use again")
    ap.add_argument("--searchers", type=int, default=6)
    ap.add_argument("--logins", type=int, default=2)
    ap.add_argument("--session-readers", type=int, default=0, help="clients reading a signed-in page (the session in Redis)")
    ap.add_argument("--max-recovery", type=float, default=5.0)
    ap.add_argument("--disk", choices=["data", "wal"], default="data", help="step disk: which of the primary's disks fills (for the printout)")
    ap.add_argument("--max-failures", type=int, help="failures allowed after the kill (default: the requests in flight)")
    ap.add_argument("--mail-count", type=int, default=200)
    ap.add_argument("--mail-dir", help="the SMTP sink's maildir")
    ap.add_argument("--sql-cmd", help="shell command that runs SQL from stdin on the primary (psql)")
    # 4 a step. Every candidate registers from HAProxy's one address: the cluster's servers allow 200 an hour per client (ops/cluster.d/jobhafen.json), the default 20 would stop the sixth step.
    ap.add_argument("--appliers", type=int, default=4, help="candidates that apply during the step (0: none)")
    ap.add_argument("--writers", action="store_true",
                    help="writers of every kind (registration, profile, job, status, message) join the load; "
                         "each write answered 2xx must be stored once, and none may fail")
    ap.add_argument("--mail-wake-cmd", default="true")
    ap.add_argument("--mail-timeout", type=float, default=60)
    ap.add_argument("--searches-never-fail", action="store_true", help="a failed search fails the step, whatever --max-failures allows")
    ap.add_argument("--show-servers", action="store_true")
    ap.add_argument("--drain", metavar="SERVER", help="take SERVER (and its unchecked twin) out of HAProxy's rotation and wait "
                                                      "until it has no request in hand (the rolling restart)")
    ap.add_argument("--ready", metavar="SERVER", help="put SERVER (and its twin) back and wait until HAProxy sends it traffic")
    a = ap.parse_args()

    if a.show_servers:
        for backend in ("serve", "postgres_primary", "postgres_replicas"):
            for name, status in sorted(haproxy_servers(a.haproxy_socket, backend).items()):
                print(f"haproxy {backend} server {name}: {status}")
        return 0
    if a.drain or a.ready:
        return drain_or_ready(a.haproxy_socket, a.drain or a.ready, "maint" if a.drain else "ready")

    print(f"== drill step: {a.step}" + (f" ({a.disk} disk)" if a.step == "disk" else ""))
    if a.step == "mail":
        return verdict_code(mail_drill(a))

    jobs = add_job_details(a.front)
    password = open(a.password_file).read().strip()
    stop, lock, records, applications = threading.Event(), threading.Lock(), [], []
    clients = [Client(a.front, "search", None, None, stop, records, lock) for _ in range(a.searchers)]
    clients += [Client(a.front, "login", a.login, password, stop, records, lock) for _ in range(a.logins)]
    clients += [Client(a.front, "session", a.login, password, stop, records, lock) for _ in range(a.session_readers)]
    for c in clients:
        if c.kind == "session":
            c.token = sign_in(c.host, c.port, a.login, password)
    if a.appliers:
        applier = Client(a.front, "apply", None, None, stop, records, lock, applications)
        applier.to_apply = make_appliers(a, password, jobs)
        applier.apply_every = max(0.05, (a.warmup + a.seconds) / max(1, len(applier.to_apply)) - 0.05)
        clients.append(applier)
    writers = []
    if a.writers:
        setup = make_writers(a, password, jobs)
        # Budgets: registrations share the servers' 200 an hour per client address with the other
        # steps' candidates; messages 20 a day per application and side (four threads).
        span = a.warmup + a.seconds
        for kind, budget in (("register", 40), ("profile", 200), ("job", 200), ("status", 200), ("message", 80)):
            writers.append(Writer(a.front, kind, setup, stop, records, lock, budget, max(0.1, span / min(budget, 60))))
        clients += writers
    t_start = time.monotonic()
    for c in clients:
        c.start()
    time.sleep(a.warmup)

    # The crash: SIGKILL, no draining. Requests in flight on it are lost unless HAProxy retries them.
    t_kill = time.monotonic()
    subprocess.run(a.kill_cmd, shell=True, check=True)
    if a.step == "serve":
        down_after = wait_for(lambda: not haproxy_servers(a.haproxy_socket)[a.victim].startswith("UP"), 10)
    else:
        down_after = wait_for(lambda: shell_ok(a.down_check), 30, 0.25) if a.down_check else None
    lag_complaints = []
    if a.step == "lag" and down_after is not None:
        lag_complaints = read_after_write(a, jobs[0])
    time.sleep(max(0.0, a.seconds / 2 - (time.monotonic() - t_kill)))

    # The part comes back: until it is used again.
    t_restart = time.monotonic()
    if a.restart_cmd:
        subprocess.run(a.restart_cmd, shell=True, check=True)
    if a.step == "serve":
        up_after = wait_for(lambda: haproxy_servers(a.haproxy_socket)[a.victim] == "UP", 60)
    else:
        up_after = wait_for(lambda: shell_ok(a.up_check), 60, 0.25) if a.up_check else 0.0
    time.sleep(max(0.0, a.seconds - (time.monotonic() - t_kill)))
    t_end = time.monotonic()
    stop.set()
    for c in clients:
        c.join(timeout=15)

    phases = [
        ("before the kill", t_start, t_kill),
        ("kill → restart", t_kill, t_restart),
        ("restart → end", t_restart, t_end),
    ]
    print()
    print(f"{'phase':<18} {'seconds':>8} {'requests':>9} {'logins':>7} {'applies':>8} {'sessions':>9} {'writes':>7} {'failed':>7} {'p99 ms':>8}")
    total_failed = []
    for name, s, e in phases:
        n, logins, applies, sessions, writes, f, p99, failed = summarize(records, s, e)
        total_failed += failed
        print(f"{name:<18} {e - s:>8.1f} {n:>9} {logins:>7} {applies:>8} {sessions:>9} {writes:>7} {f:>7} {p99 * 1000:>8.1f}")
    n_all, logins_all, applies_all, sessions_all, writes_all, f_all, p99_all, _ = summarize(records, t_start, t_end)
    print(f"{'all':<18} {t_end - t_start:>8.1f} {n_all:>9} {logins_all:>7} {applies_all:>8} {sessions_all:>9} {writes_all:>7} {f_all:>7} "
          f"{p99_all * 1000:>8.1f}")
    # A request still in flight when the kill came (begun before it, answered after it) fails because
    # of the kill: a login that was hashing its password when Redis died, say.
    after_kill = [r for r in total_failed if r[1] >= t_kill]
    last_bad = max((r[1] for r in after_kill), default=t_kill)
    recovery = last_bad - t_kill
    if a.step == "disk":
        # What counts is how soon writes go through once there is room again, not how long it was full.
        recovery = max(0.0, last_bad - t_restart)
    failed_logins = sum(1 for r in after_kill if r[2] == "login")
    failed_applies = sum(1 for r in after_kill if r[2] == "apply")
    failed_sessions = sum(1 for r in after_kill if r[2] == "session")
    failed_searches = sum(1 for r in total_failed if r[2] == "search")
    failed_pages = sum(1 for r in total_failed if r[2] == "page")
    # Writes: logins (they write a session) and applications. Good again once the last failed one
    # was answered.
    writes_good = max((r[1] for r in after_kill if r[2] in ("login", "apply")), default=t_kill) - t_kill
    print()
    print(f"failures after the kill: {len(after_kill)}, of them logins {failed_logins}, applications {failed_applies}, "
          f"session reads {failed_sessions}, searches {failed_searches}, job pages {failed_pages} ({', '.join(sorted(set(r[4] for r in after_kill))) or 'none'})")
    if a.step == "disk":
        print(f"all answers good again: {recovery:.2f} s after the disk was freed")
    else:
        print(f"all answers good again: {recovery:.2f} s after the kill; writes good again: {writes_good:.2f} s after the kill")
    what = {"serve": "HAProxy marked the killed server down", "replica": "every instance reads from the primary",
            "lag": "every instance reads from the primary", "redis": "the Sentinels promoted the replica",
            "primary": "Patroni promoted the synchronous standby", "switchover": "Patroni switched the primary over",
            "rolling": "every instance was restarted",
            "partition": "the standby was promoted and the cut-off primary stepped down",
            "disk": "PostgreSQL on the full disk refused a write"}[a.step]
    print(f"{what}: {down_after:.2f} s after the kill" if down_after is not None else f"not seen within the wait: {what}")
    back = {"serve": "restarted server in rotation again", "replica": "every instance reads from the replica again",
            "lag": "every instance reads from the replica again", "redis": "the servers use the new primary",
            "primary": "the old primary streams again as the synchronous standby",
            "switchover": "the old primary streams again as the synchronous standby",
            "rolling": "every instance in rotation",
            "partition": "the cut-off primary streams again as the synchronous standby",
            "disk": "the primary takes writes and a synchronous standby streams"}[a.step]
    print(f"{back}: {up_after:.2f} s after the restart" if up_after is not None else f"not seen within 60 s: {back}")

    allowed = len(clients) if a.max_failures is None else a.max_failures
    if a.step == "disk":
        allowed = len(after_kill)   # judged by kind and answer below instead
    verdict = []
    if f_all - len(after_kill) > 0:
        outside = sorted(set(f"{r[2]}: {r[4]}" for r in total_failed if r[1] < t_kill))
        verdict.append(f"{f_all - len(after_kill)} requests failed outside the kill ({', '.join(outside)})")
    if len(after_kill) > allowed:
        verdict.append(f"{len(after_kill)} failures after the kill, more than the {allowed} allowed")
    if a.searches_never_fail and failed_searches:
        verdict.append(f"{failed_searches} searches failed")
    if recovery > a.max_recovery:
        verdict.append(f"answers were good again only after {recovery:.2f} s (limit {a.max_recovery} s)")
    if up_after is None:
        verdict.append("the restarted part did not come back into use")
    if a.step != "serve" and a.down_check and down_after is None:
        verdict.append("the kill was not noticed")
    if n_all == 0 or logins_all == 0:
        verdict.append("no requests (or no logins) were made")
    if a.session_readers and sessions_all == 0:
        verdict.append("no session reads were made")
    if a.appliers and applies_all == 0:
        verdict.append("no applications were made")
    if a.step == "disk":
        verdict += disk_verdict(after_kill, writers)
    elif writers:
        failed_writes = [r for r in total_failed if r[2] in WRITE_KINDS]
        if failed_writes:
            verdict.append(f"{len(failed_writes)} writes failed ({', '.join(sorted(set(f'{r[2]}: {r[4]}' for r in failed_writes)))})")
    if writers:
        verdict += check_writes(a, writers, refusals_allowed=a.step == "disk")
    verdict += check_applications(a, applications) + lag_complaints
    return verdict_code(verdict)


if __name__ == "__main__":
    sys.exit(main())
