#!/usr/bin/env python3
"""sedcard.py: the sedcard part of bench/site (issue 45 item 4).

  sedcard.py candidates BASE_URL N OUT [PORTRAIT.jpg]
                                         registers N candidates through the API (8 threads), fills each
                                         profile as the sedcard shows it (the PATCH of bench/sedcard),
                                         uploads the portrait (the sedcard prints it) and writes their
                                         account ids to OUT, one a line
  sedcard.py download BASE_URL TOKEN CONNECTIONS ID...
                                         a provider (bearer TOKEN) downloads GET /api/applications/{id}/sedcard
                                         of each id once, over CONNECTIONS connections; prints
                                         "n=… ok=… seconds=… per_s=… p50_ms=… p99_ms=… bad=… bytes=…"
                                         (bad: answers other than 200 application/pdf, the first printed to stderr)
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

PROFILE = {
    "birthDate": "1998-04-12", "gender": "female", "nationality": "de",
    "profileSummary": "Erfahrene Promoterin für Messen, Verkostungen und Events in ganz Süddeutschland.",
    "addresses": [{"street": "Königstraße 5", "zipcode": "70173", "city": "Stuttgart", "country": "de"}],
    "communicationData": [{"type": "mobile", "value": "+49 170 1234567"}],
    "appearance": {"bodyHeight": 172, "eyeColor": "green", "hairColor": "dark_blonde", "hairLength": "long",
                   "sizeOfClothing": 38, "sizeOfPants": 38, "sizeOfShirt": "m", "sizeOfShoe": 39.5},
    "mobility": {"ownCar": True, "carType": "VW Golf", "drivingLicenses": ["B", "BE"]},
    "workExperiences": [{"title": "Servicekraft", "organization": "Café Süß", "periodFrom": "2020-01-01",
                         "periodUntil": "2021-06-30", "description": "Bedienung, Kasse und Bar."}],
    "promotionExperiences": [{"title": "Sampling Käse", "periodFrom": "2022-03-01", "description": "Verkostung im Handel."},
                             {"title": "Messehostess IAA", "periodFrom": "2023-09-01", "periodUntil": "2023-09-10"}],
    "schoolings": [{"title": "Abitur", "degree": "3", "date": "2017-06-30", "organization": "Hölderlin-Gymnasium"}],
    "hasActivitySkills": True,
    "languages": [{"language": "de", "level": "native"}, {"language": "en", "level": "expert"},
                  {"language": "fr", "level": "basic"}],
}


def connect(base: str) -> http.client.HTTPConnection:
    u = urllib.parse.urlparse(base)
    return http.client.HTTPConnection(u.hostname, u.port, timeout=60)


def call(conn, method, path, body=None, headers=None):
    conn.request(method, path, body, headers or {})
    r = conn.getresponse()
    return r.status, r.getheader("Content-Type") or "", r.read()


def multipart(path: str) -> tuple[bytes, str]:
    boundary = "----jobhafensitebench"
    with open(path, "rb") as f:
        jpeg = f.read()
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nportrait\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="portrait.jpg"\r\n'
            'Content-Type: image/jpeg\r\n\r\n').encode() + jpeg + f"\r\n--{boundary}--\r\n".encode()
    return body, "multipart/form-data; boundary=" + boundary


def candidates(base: str, n: int, out: str, portrait: str | None) -> None:
    upload = multipart(portrait) if portrait else None
    ids = [None] * n
    next_i = [0]
    lock = threading.Lock()
    failed = []

    def work():
        conn = connect(base)
        while not failed:
            with lock:
                i = next_i[0]
                next_i[0] += 1
            if i >= n:
                return
            email, password = f"sedcard{i}@bench.example", "Geheim123!"
            status, _, data = call(conn, "POST", "/api/candidate_profiles/register", json.dumps(
                {"email": email, "password": password, "passwordConfirmation": password, "firstName": "Jördis",
                 "lastName": f"Müller-Weiß {i}"}), {"Content-Type": "application/json"})
            if status != 201:
                failed.append(f"registration {i}: {status} {data[:200]!r}")
                return
            status, _, data = call(conn, "POST", "/api/login", json.dumps({"email": email, "password": password}),
                                   {"Content-Type": "application/json"})
            if status != 200:
                failed.append(f"login {i}: {status} {data[:200]!r}")
                return
            auth = {"Authorization": "Bearer " + json.loads(data)["token"]}
            status, _, data = call(conn, "GET", "/api/candidate_accounts/me", None, auth)
            me = json.loads(data)
            profile = me["candidateProfile"]["id"]
            status, _, data = call(conn, "PATCH", f"/api/candidate_profiles/{profile}", json.dumps(PROFILE),
                                   auth | {"Content-Type": "application/merge-patch+json"})
            if status != 200:
                failed.append(f"profile {i}: {status} {data[:200]!r}")
                return
            if upload:
                status, _, data = call(conn, "POST", f"/api/candidate_profiles/{profile}/profile_images", upload[0],
                                       auth | {"Content-Type": upload[1]})
                if status != 201:
                    failed.append(f"portrait {i}: {status} {data[:200]!r}")
                    return
            ids[i] = str(me["id"])

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failed:
        sys.exit(failed[0])
    with open(out, "w") as f:
        f.write("\n".join(ids) + "\n")


def download(base: str, token: str, conns: int, ids: list[str]) -> None:
    queue = list(ids)
    lock = threading.Lock()
    times, bad, size = [], [], [0]

    def work():
        conn = connect(base)
        while True:
            with lock:
                if not queue:
                    return
                app = queue.pop(0)
            t0 = time.monotonic()
            status, kind, data = call(conn, "GET", f"/api/applications/{app}/sedcard", None,
                                      {"Authorization": "Bearer " + token, "Accept": "application/pdf"})
            ms = (time.monotonic() - t0) * 1000
            with lock:
                if status == 200 and kind.startswith("application/pdf"):
                    times.append(ms)
                    size[0] = len(data)
                else:
                    if not bad:
                        print(f"sedcard of application {app}: {status} {kind} {data[:200]!r}", file=sys.stderr)
                    bad.append(status)

    t0 = time.monotonic()
    threads = [threading.Thread(target=work) for _ in range(conns)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - t0
    times.sort()
    pct = lambda p: times[min(len(times) - 1, int(len(times) * p))] if times else 0.0
    print(f"n={len(ids)} ok={len(times)} seconds={seconds:.2f} per_s={len(times) / seconds:.1f} "
          f"p50_ms={pct(0.5):.1f} p99_ms={pct(0.99):.1f} bad={len(bad)} bytes={size[0]}")


if __name__ == "__main__":
    if sys.argv[1] == "candidates":
        candidates(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    elif sys.argv[1] == "download":
        download(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:])
    else:
        sys.exit(__doc__)
