#!/usr/bin/env python3
"""register.py BASE_URL N OUT: registers N bench candidates through the API (8 threads) and writes
one access token per line to OUT. Used by bench/actions/run."""
import http.client
import json
import sys
import threading
import urllib.parse

base, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
u = urllib.parse.urlparse(base)
tokens = [None] * n
next_i = [0]
lock = threading.Lock()


def work():
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    while True:
        with lock:
            i = next_i[0]
            next_i[0] += 1
        if i >= n:
            return
        body = json.dumps({"email": f"bench{i}@bench.example", "password": "Geheim123!", "passwordConfirmation": "Geheim123!",
                           "firstName": "Bench", "lastName": str(i)})
        conn.request("POST", "/api/candidate_profiles/register", body, {"Content-Type": "application/json"})
        r = conn.getresponse()
        data = r.read()
        if r.status != 201:
            sys.exit(f"registration {i}: {r.status} {data[:200]!r}")
        # Registration does not sign in (it answers alike for known addresses): log in.
        conn.request("POST", "/api/login", json.dumps({"email": f"bench{i}@bench.example", "password": "Geheim123!"}),
                     {"Content-Type": "application/json"})
        r = conn.getresponse()
        data = r.read()
        if r.status != 200:
            sys.exit(f"login {i}: {r.status} {data[:200]!r}")
        tokens[i] = json.loads(data)["token"]


threads = [threading.Thread(target=work) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
with open(out, "w") as f:
    f.write("\n".join(t for t in tokens if t) + "\n")
