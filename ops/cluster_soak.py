#!/usr/bin/env python3
"""ops/cluster_soak.py: the soak `ops/cluster soak` runs (issue 46 item 7): a long stretch of the
site's realistic load on the cluster, one serve instance replaced every few minutes, and the
processes watched for what only time shows: memory that grows, file descriptors or database
connections that leak, a request that fails once in ten thousand.

The load (through HAProxy, like the drills of ops/cluster_drill.py, whose clients it uses):
  * visitors: the anonymous mix of bench/site (--mix-file, written by bench/site/requests.py from
    the cluster's catalogue: searches, job pages and data, views, recommendations, autocomplete,
    landing pages, the home page, organization pages, assets), each request with a browser's
    headers, --visitors clients;
  * signed-in reads (the session in Redis), logins (a few a minute: argon2), applications (the
    limit of 10 per candidate in 30 minutes), and the writers of every kind (registration, profile,
    job, status, message), each write checked afterwards to be stored exactly once;
  * the workers: job alerts of the drill's candidates are made due again every minute and a few
    jobs are published anew, so the alerts worker matches and queues digests and the mail worker
    sends them to the SMTP sink (--mail-dir); the media, render and other workers run idle or with
    what the writes queue.
Every --replace-every seconds one serve instance (in turn) is replaced: taken out of HAProxy's
rotation, stopped (SIGTERM), started again and put back (--replace-cmd HOST).

Every --sample-every seconds it samples each process of the cluster named by a pid file in
--run-dir (serve and workers per host, HAProxy) and --pid-file (Redis): resident memory (VmRSS),
open file descriptors; and PostgreSQL's client connections (--sql-cmd). It prints the curves a
minute a row and judges, for each process that lived past its warm-up (--warmup for those that
started with the soak, --instance-warmup for a replaced instance):
  memory flat: the median of its last minute at most 10 % above the median of its first minute
               after warm-up;
  fds flat:    the median of its last minute at most 10 % + 4 above that of its first minute;
  connections: PostgreSQL's client connections in the last minute at most 10 % + 2 above those of
               the first minute after warm-up;
  Redis:       holds what the site stores with an expiry (sessions, the view markers of the day,
               the rate limits' windows), so its memory rightly grows with the visitors of the
               day. Judged instead (--redis, INFO): the keys without an expiry at most 10 % + 10
               above the first minute's, and its memory per key at most 10 % above;
  0 failed requests of any kind, every acknowledged write stored once, every application answered
  201 stored once, at least one alert digest mailed.
Exit code 0 when all holds.
"""
import argparse
import glob
import http.client
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

import cluster_drill as drill

AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
HEADERS = {
    "page": {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Accept-Encoding": "gzip",
             "User-Agent": AGENT},
    "api": {"Accept": "application/json", "Accept-Encoding": "gzip", "User-Agent": AGENT},
    "asset": {"Accept": "*/*", "Accept-Encoding": "gzip", "User-Agent": AGENT},
}


class Visitor(threading.Thread):
    """An anonymous visitor's browser: the lines of the mix one after the other (from a place of its
    own), on a keep-alive connection, a short pause between them. Recorded like the drill's clients
    (start, end, kind, ok, what)."""

    def __init__(self, front, lines, stop, records, lock, seed, pause):
        super().__init__(daemon=True)
        u = urllib.parse.urlsplit(front)
        self.host, self.port = u.hostname, u.port
        self.lines, self.stop, self.records, self.lock, self.pause = lines, stop, records, lock, pause
        self.i = random.Random(seed).randrange(len(lines))
        self.tag = f"{seed}-{int(time.time())}"
        self.conn = None
        self.views = 0

    def request_once(self, cls, method, path):
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=15)
        if cls == "view":
            # Each view another visitor's browser (the server counts a client's view of a job once a day).
            self.views += 1
            headers = {"User-Agent": f"{AGENT} soak{self.tag}-{self.views}", "Sec-Fetch-Site": "same-origin",
                       "Content-Length": "0"}
        else:
            headers = HEADERS[cls]
        self.conn.request(method, path, None, headers)
        r = self.conn.getresponse()
        r.read()
        if r.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        if not r.getheader("X-Request-Id"):
            return False, "no X-Request-Id"
        return 200 <= r.status < 300, str(r.status)

    def run(self):
        while not self.stop.is_set():
            cls, method, path = self.lines[self.i % len(self.lines)]
            self.i += 1
            t0 = time.monotonic()
            reused = self.conn is not None
            try:
                try:
                    ok, what = self.request_once(cls, method, path)
                except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                    # The idle-close race every browser retries (a GET, or a view: counted once a day).
                    if not reused:
                        raise
                    self.conn = None
                    ok, what = self.request_once(cls, method, path)
            except (OSError, http.client.HTTPException) as e:
                ok, what = False, type(e).__name__
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
            with self.lock:
                self.records.append((t0, time.monotonic(), "visit", ok, f"{what} {method} {path[:80]}"))
            time.sleep(self.pause)


# HAProxy and the servers close a keep-alive connection that stayed idle (HAProxy after seconds):
# a writer that waits half a minute between two writes would send its POST into a closed
# connection, which a client may not send again (it is not idempotent). A browser opens a new
# connection after such a pause; so do these, after IDLE_S.
IDLE_S = 2.0
# Access tokens live 15 minutes (auth.access_token_ttl_s); the app renews its own before that. The
# soak signs its accounts in again every --renew-every seconds (600), as the app's renewal would.


def fresh_after_idle(client):
    if client.conn is not None and time.monotonic() - getattr(client, "last_used", 0.0) > IDLE_S:
        client.conn.close()
        client.conn = None
    client.last_used = time.monotonic()


class SoakWriter(drill.Writer):
    def write_once(self):
        fresh_after_idle(self)
        try:
            return super().write_once()
        finally:
            self.last_used = time.monotonic()


class SoakClient(drill.Client):
    """The drill's client, with a fresh connection after a pause and its tokens renewed."""

    def __init__(self, *args, renewed=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.renewed = renewed if renewed is not None else {}

    def request_once(self):
        fresh_after_idle(self)
        if self.kind == "apply" and self.to_apply:
            token, job = self.to_apply[0]
            self.to_apply[0] = (self.renewed.get(token, token), job)
        elif self.kind == "session" and self.token in self.renewed:
            self.token = self.renewed[self.token]
        try:
            return super().request_once()
        finally:
            self.last_used = time.monotonic()


def renew_tokens(a, password, setup, renewed, current):
    """Signs every account of the soak in again: each token in `current` (token -> email: the
    appliers', the session readers') gets a new one, which `renewed` maps every older token of that
    account to; the writers' candidate and provider get theirs in `setup`."""
    def login(e):
        status, body = drill.call(a.front, "POST", "/api/login", {"email": e, "password": password})
        if status != 200:
            raise SystemExit(f"soak: signing {e} in again answered {status}")
        return body["token"]
    new_of = {token: login(email) for token, email in current.items()}
    for old, newer in list(renewed.items()):
        renewed[old] = new_of.get(newer, newer)
    renewed.update(new_of)
    fresh = {new_of[t]: e for t, e in current.items()}
    current.clear()
    current.update(fresh)
    tag = setup["tag"]
    setup["profile_token"] = login(f"drill-{tag}-profile@jobhafen.test")
    setup["provider_token"] = login(f"drill-{tag}-provider@jobhafen.test")


def read_mix(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3:
                lines.append(tuple(parts))
    if not lines:
        raise SystemExit(f"soak: no requests in {path}")
    return lines


# ---- the processes and their figures ---------------------------------------------------------------------

def proc_figures(pid):
    """(VmRSS in kB, open fds) of a live process, or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        return rss, len(os.listdir(f"/proc/{pid}/fd"))
    except (OSError, StopIteration, ValueError):
        return None


def watched(run_dir, pid_files):
    """{name: pid} of the processes watched now: serve and workers per host, HAProxy, Redis."""
    found = {}
    for path in sorted(glob.glob(os.path.join(run_dir, "serve-h*.pid")) + glob.glob(os.path.join(run_dir, "worker-*.pid"))
                       + [os.path.join(run_dir, "haproxy.pid")] + pid_files):
        name = os.path.basename(path)[:-4] if os.path.basename(path) != "redis.pid" else os.path.basename(os.path.dirname(path))
        try:
            found[name] = int(open(path).read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return found


def redis_figures(address):
    """(used_memory bytes, keys, keys with an expiry) of a Redis (REDISCLI_AUTH from the
    environment), or None."""
    host, port = address.rsplit(":", 1)
    try:
        out = subprocess.run(["redis-cli", "-h", host, "-p", port, "INFO"], capture_output=True, text=True,
                             timeout=5).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    used = keys = expires = None
    for line in out.splitlines():
        if line.startswith("used_memory:"):
            used = int(line.split(":")[1])
        elif line.startswith("db0:"):
            fields = dict(kv.split("=") for kv in line.split(":", 1)[1].split(","))
            keys, expires = int(fields["keys"]), int(fields["expires"])
    return (used, keys or 0, expires or 0) if used is not None else None


def pg_connections(sql_cmd):
    rows = drill.run_sql(sql_cmd, "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend';")
    return int(rows[0][0])


class Sampler(threading.Thread):
    """Every `every` seconds: each watched process's (rss kB, fds), PostgreSQL's client connections."""

    def __init__(self, a, stop, t0):
        super().__init__(daemon=True)
        self.a, self.stop, self.t0 = a, stop, t0
        self.samples = []      # (t, name, pid, rss_kb, fds)
        self.connections = []  # (t, count)
        self.redis = []        # (t, address, used_memory, keys, expires)
        self.born = {}         # (name, pid) -> t first seen

    def run(self):
        while not self.stop.is_set():
            t = time.monotonic()
            for name, pid in watched(self.a.run_dir, self.a.pid_file).items():
                fig = proc_figures(pid)
                if fig is not None:
                    self.born.setdefault((name, pid), t)
                    self.samples.append((t, name, pid, fig[0], fig[1]))
            for address in self.a.redis:
                fig = redis_figures(address)
                if fig is not None:
                    self.redis.append((t, address) + fig)
            try:
                self.connections.append((t, pg_connections(self.a.sql_cmd)))
            except subprocess.CalledProcessError:
                pass   # the primary busy for a moment: the next sample counts
            self.stop.wait(max(0.0, self.a.sample_every - (time.monotonic() - t)))


# ---- what the soak does meanwhile --------------------------------------------------------------------------

def make_alerts(a, emails, n):
    """n confirmed job alerts (all jobs, daily) of the drill's candidates, due now."""
    listed = ",".join(f"'{e}'" for e in emails)
    drill.run_sql(a.sql_cmd, f"""
        INSERT INTO job_alerts (account_id, title, search_query, consent_text_version, unsubscribe_token,
                                confirmed_at, next_run_at, matched_until)
        SELECT acc.id, 'Soak-Jobagent ' || g, '', 'soak', md5(random()::text) || md5(random()::text), now(), now(),
               now() - interval '1 hour'
          FROM accounts acc, generate_series(1, {int(n)}) g
         WHERE acc.email IN ({listed});""")


def alerts_due_again(a):
    """What a day does to the alerts, once a minute: a few jobs published anew, every soak alert due."""
    drill.run_sql(a.sql_cmd, """
        UPDATE job_postings SET published_at = now()
         WHERE id IN (SELECT id FROM job_postings WHERE is_published AND active ORDER BY random() LIMIT 3);
        UPDATE job_alerts SET next_run_at = now() WHERE title LIKE 'Soak-Jobagent %';""")


def digests_mailed(a, emails):
    """(alert jobs recorded as sent, digest mails in the sink to the drill's candidates)."""
    listed = ",".join(f"'{e}'" for e in emails)
    sent = int(drill.run_sql(a.sql_cmd, f"""
        SELECT count(*) FROM job_alert_sent_jobs s JOIN job_alerts j ON j.id = s.alert_id
          JOIN accounts acc ON acc.id = j.account_id WHERE acc.email IN ({listed});""")[0][0])
    mails = 0
    for path in glob.glob(os.path.join(a.mail_dir, "new", "*")) + glob.glob(os.path.join(a.mail_dir, "cur", "*")):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                head = f.read(4096)
        except OSError:
            continue
        if any(e in head for e in emails) and "Jobagent" in head:
            mails += 1
    return sent, mails


# ---- the judgement -----------------------------------------------------------------------------------------

def median_in(values):
    return statistics.median(values) if values else None


def process_verdicts(sampler, t_start, t_end, a):
    """A row per process incarnation that lived past its warm-up; the complaints."""
    rows, complaints = [], []
    by_process = {}
    for t, name, pid, rss, fds in sampler.samples:
        by_process.setdefault((name, pid), []).append((t, rss, fds))
    for (name, pid), series in sorted(by_process.items(), key=lambda kv: (kv[0][0], kv[1][0][0])):
        born = sampler.born[(name, pid)]
        warm = t_start + a.warmup if born <= t_start + a.sample_every else born + a.instance_warmup
        after = [s for s in series if s[0] >= warm]
        if not after or after[-1][0] - after[0][0] < 3 * 60:
            rows.append((name, pid, None))
            continue
        first = [s for s in after if s[0] < after[0][0] + 60]
        last = [s for s in after if s[0] > after[-1][0] - 60]
        rss0, rss1 = median_in([s[1] for s in first]), median_in([s[1] for s in last])
        fd0, fd1 = median_in([s[2] for s in first]), median_in([s[2] for s in last])
        span = (after[-1][0] - after[0][0]) / 60
        rows.append((name, pid, (span, rss0, rss1, fd0, fd1)))
        if rss1 > rss0 * 1.10 and not name.startswith("redis"):   # Redis: judged by its keys below
            complaints.append(f"{name} (pid {pid}): memory grew {rss0 / 1024:.1f} → {rss1 / 1024:.1f} MB in {span:.0f} min")
        if fd1 > fd0 * 1.10 + 4:
            complaints.append(f"{name} (pid {pid}): open files grew {fd0:.0f} → {fd1:.0f} in {span:.0f} min")
    conns_after = [(t, c) for t, c in sampler.connections if t >= t_start + a.warmup]
    if conns_after:
        c0 = median_in([c for t, c in conns_after if t < conns_after[0][0] + 60])
        c1 = median_in([c for t, c in conns_after if t > conns_after[-1][0] - 60])
        rows.append(("postgresql client connections", None, (None, None, None, c0, c1)))
        if c1 > c0 * 1.10 + 2:
            complaints.append(f"PostgreSQL client connections grew {c0:.0f} → {c1:.0f}")
    complaints += redis_verdicts(sampler, t_start, a)
    return rows, complaints


def redis_verdicts(sampler, t_start, a):
    """Each Redis after the warm-up: keys without an expiry flat, memory per key flat. Prints a row each."""
    complaints = []
    for address in a.redis:
        after = [r for r in sampler.redis if r[1] == address and r[0] >= t_start + a.warmup]
        if not after:
            continue
        first = [r for r in after if r[0] < after[0][0] + 60]
        last = [r for r in after if r[0] > after[-1][0] - 60]
        lasting0 = median_in([r[3] - r[4] for r in first])
        lasting1 = median_in([r[3] - r[4] for r in last])
        per_key0 = median_in([r[2] / max(1, r[3]) for r in first])
        per_key1 = median_in([r[2] / max(1, r[3]) for r in last])
        keys0, keys1 = median_in([r[3] for r in first]), median_in([r[3] for r in last])
        print(f"redis {address}: keys {keys0:.0f} → {keys1:.0f} (without an expiry {lasting0:.0f} → {lasting1:.0f}), "
              f"used memory {median_in([r[2] for r in first]) / 1048576:.1f} → {median_in([r[2] for r in last]) / 1048576:.1f} MB, "
              f"per key {per_key0:.0f} → {per_key1:.0f} B")
        if lasting1 > lasting0 * 1.10 + 10:
            complaints.append(f"redis {address}: keys without an expiry grew {lasting0:.0f} → {lasting1:.0f}")
        if per_key1 > per_key0 * 1.10:
            complaints.append(f"redis {address}: memory per key grew {per_key0:.0f} → {per_key1:.0f} B")
    return complaints


def print_curves(records, sampler, t_start, t_end, replaced):
    """A row a minute: load, failures, p99, each serve instance's memory and fds, the workers' and
    the others' memory, PostgreSQL's connections. The curves of the closing note."""
    names = sorted({s[1] for s in sampler.samples})
    serve = [n for n in names if n.startswith("serve-")]
    workers = [n for n in names if n.startswith("worker-")]
    others = [n for n in names if n not in serve and n not in workers]
    head = f"{'min':>4} {'req':>6} {'fail':>5} {'p99ms':>6} " + " ".join(f"{n + ' MB/fd':>17}" for n in serve) \
        + f" {'workers MB':>10} {'wk fds':>6} " + " ".join(f"{n + ' MB':>12}" for n in others) + f" {'pg conn':>7}  replaced"
    print()
    print(head)
    minutes = int((t_end - t_start) // 60) + 1
    for m in range(minutes):
        s, e = t_start + 60 * m, min(t_end, t_start + 60 * (m + 1))
        n, _, _, _, _, f, p99, _ = drill.summarize(records, s, e)
        at = [x for x in sampler.samples if s <= x[0] < e]

        def latest(name, col):
            vals = [x[col] for x in at if x[1] == name]
            return vals[-1] if vals else None
        cells = []
        for name in serve:
            rss, fds = latest(name, 3), latest(name, 4)
            cells.append(f"{rss / 1024:>10.1f}/{fds:<6}" if rss is not None else f"{'–':>17}")
        wk = [latest(w, 3) for w in workers]
        wf = [latest(w, 4) for w in workers]
        wk_mb = sum(v for v in wk if v is not None) / 1024
        wk_fd = sum(v for v in wf if v is not None)
        oth = [latest(o, 3) for o in others]
        conns = [c for t, c in sampler.connections if s <= t < e]
        rep = ", ".join(h for t, h in replaced if s <= t < e)
        print(f"{m + 1:>4} {n:>6} {f:>5} {p99 * 1000:>6.1f} " + " ".join(cells) + f" {wk_mb:>10.1f} {wk_fd:>6} "
              + " ".join(f"{v / 1024:>12.1f}" if v is not None else f"{'–':>12}" for v in oth)
              + f" {conns[-1] if conns else '–':>7}  {rep}")


def print_processes(rows):
    print()
    print(f"{'process':<32} {'pid':>8} {'minutes':>8} {'MB first':>9} {'MB last':>8} {'change':>7} {'fds first':>9} {'fds last':>8}")
    for name, pid, fig in rows:
        if fig is None:
            print(f"{name:<32} {pid:>8} {'(lived too short after its warm-up to judge)':>50}")
            continue
        span, rss0, rss1, fd0, fd1 = fig
        if rss0 is None:
            print(f"{name:<32} {'':>8} {'':>8} {'':>9} {'':>8} {'':>7} {fd0:>9.0f} {fd1:>8.0f}")
            continue
        print(f"{name:<32} {pid:>8} {span:>8.1f} {rss0 / 1024:>9.1f} {rss1 / 1024:>8.1f} {(rss1 / rss0 - 1) * 100:>+6.1f}% "
              f"{fd0:>9.0f} {fd1:>8.0f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--front", required=True)
    ap.add_argument("--login", required=True)
    ap.add_argument("--password-file", required=True)
    ap.add_argument("--sql-cmd", required=True)
    ap.add_argument("--mix-file", required=True)
    ap.add_argument("--run-dir", required=True, help="the cluster's pid files (serve-hN.pid, worker-KIND-hN.pid, haproxy.pid)")
    ap.add_argument("--pid-file", action="append", default=[], help="another process to watch (Redis)")
    ap.add_argument("--redis", action="append", default=[], help="host:port of a Redis to ask for its keys (INFO)")
    ap.add_argument("--mail-dir", required=True)
    ap.add_argument("--replace-cmd", required=True, help="shell command + host: replaces that serve instance")
    ap.add_argument("--hosts", default="2,3", help="the serve hosts, replaced in turn")
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--replace-every", type=float, default=300)
    ap.add_argument("--sample-every", type=float, default=10)
    ap.add_argument("--warmup", type=float, default=300, help="seconds from the start before the processes are judged")
    ap.add_argument("--instance-warmup", type=float, default=120, help="seconds a replaced instance warms up")
    ap.add_argument("--renew-every", type=float, default=600, help="seconds between signing the soak's accounts in again")
    ap.add_argument("--visitors", type=int, default=8)
    ap.add_argument("--visitor-pause", type=float, default=0.05)
    ap.add_argument("--appliers", type=int, default=4)
    a = ap.parse_args()
    a.step, a.haproxy_socket = "soak", None
    print(f"== drill step: soak ({a.minutes:g} min, a serve instance replaced every {a.replace_every:g} s)")

    password = open(a.password_file).read().strip()
    lines = read_mix(a.mix_file)
    jobs = drill.add_job_details(a.front)
    stop, lock, records, applications = threading.Event(), threading.Lock(), [], []
    clients = [Visitor(a.front, lines, stop, records, lock, seed, a.visitor_pause) for seed in range(a.visitors)]
    renewed = {}   # an old access token -> the new one (renew_tokens)
    sessions = [SoakClient(a.front, "session", a.login, password, stop, records, lock, renewed=renewed) for _ in range(2)]
    for c in sessions:
        c.token = drill.sign_in(c.host, c.port, a.login, password)
        c.pause = 0.1
    clients += sessions
    # A person signing in now and then, not the drills' flood of argon2 for half an hour.
    login = drill.Client(a.front, "login", a.login, password, stop, records, lock)
    login.pause = 3.0
    clients.append(login)
    span = a.minutes * 60
    applier = SoakClient(a.front, "apply", None, None, stop, records, lock, applications, renewed=renewed)
    applier.to_apply = drill.make_appliers(a, password, jobs)
    applier.apply_every = max(0.05, span / max(1, len(applier.to_apply)) - 0.05)
    clients.append(applier)
    # The appliers' accounts (make_appliers names them drill-soak…) keep the soak's job alerts.
    emails = [r[0] for r in drill.run_sql(a.sql_cmd, "SELECT email FROM accounts WHERE email LIKE 'drill-soak%' ORDER BY id;")]
    make_alerts(a, emails, 5)
    setup = drill.make_writers(a, password, jobs)
    writers = []
    # Budgets over the whole soak: registrations share the servers' 200 an hour per client address;
    # messages 20 a day per application and side (four threads).
    for kind, budget in (("register", 60), ("profile", 900), ("job", 900), ("status", 900), ("message", 80)):
        writers.append(SoakWriter(a.front, kind, setup, stop, records, lock, budget, span / budget))
    clients += writers

    # Whose token each is: the appliers' (from their queue) and the session readers' (the drill's account).
    # make_appliers hands out its candidates' pairs round robin, in the order it registered them.
    applier_tokens = list(dict.fromkeys(t for t, _ in applier.to_apply))
    tokens_of = dict(zip(applier_tokens, emails))
    tokens_of.update({c.token: a.login for c in sessions})

    t_start = time.monotonic()
    sampler = Sampler(a, stop, t_start)
    sampler.start()
    for c in clients:
        c.start()
    hosts = [h.strip() for h in a.hosts.split(",") if h.strip()]
    replaced, next_replace, next_alerts, turn = [], t_start + a.replace_every, t_start, 0
    next_renew = t_start + a.renew_every
    t_end = t_start + span
    while time.monotonic() < t_end:
        now = time.monotonic()
        if now >= next_alerts:
            alerts_due_again(a)
            next_alerts = now + 60
        if now >= next_renew:
            renew_tokens(a, password, setup, renewed, tokens_of)
            next_renew = now + a.renew_every
        if now >= next_replace and next_replace < t_end - 30:
            host = hosts[turn % len(hosts)]
            turn += 1
            r = subprocess.run(f"{a.replace_cmd} {host}", shell=True)
            replaced.append((now, f"h{host}" + ("" if r.returncode == 0 else " (FAILED)")))
            next_replace += a.replace_every
        time.sleep(1)
    stop.set()
    for c in clients:
        c.join(timeout=20)
    sampler.join(timeout=30)
    t_end = time.monotonic()

    print_curves(records, sampler, t_start, t_end, replaced)
    rows, complaints = process_verdicts(sampler, t_start, t_end, a)
    print_processes(rows)
    n, logins, applies, sess, writes, failed, p99, failed_rows = drill.summarize(records, t_start, t_end)
    visits = sum(1 for r in records if r[2] == "visit")
    print()
    print(f"requests: {n} (visits {visits}, logins {logins}, session reads {sess}, applications {applies}, writes {writes}); "
          f"failed {failed}; p99 {p99 * 1000:.1f} ms; serve instances replaced: {len(replaced)}")
    if failed_rows:
        kinds = {}
        for r in failed_rows:
            kinds[f"{r[2]}: {r[4]}"] = kinds.get(f"{r[2]}: {r[4]}", 0) + 1
        print("failed: " + "; ".join(f"{k} ×{v}" for k, v in sorted(kinds.items())[:12]))
        complaints.append(f"{failed} requests failed")
    if any("FAILED" in h for _, h in replaced):
        complaints.append("a replacement of a serve instance failed")
    if not replaced and span > a.replace_every + 30:
        complaints.append("no serve instance was replaced")
    # The digests of the last minute may still be on their way: give the mail worker a moment.
    drill.wait_for(lambda: digests_mailed(a, emails)[1] > 0, 60, 1)
    sent, mails = digests_mailed(a, emails)
    print(f"job alerts: {sent} jobs recorded as sent, {mails} digest mails in the sink")
    if sent == 0 or mails == 0:
        complaints.append("no job alert digest was mailed")
    complaints += drill.check_writes(a, writers) + drill.check_applications(a, applications)
    return drill.verdict_code(complaints)


if __name__ == "__main__":
    sys.exit(main())
