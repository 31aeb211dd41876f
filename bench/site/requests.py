#!/usr/bin/env python3
"""requests.py: the requests of bench/site, drawn from the seeded catalogue with a fixed seed.

Writes into OUT_DIR one file per kind (KIND.txt) and the visitor mix (mix.txt), one request a line:
"CLASS METHOD PATH", where CLASS tells bench/wrk/site.lua which headers a browser would send
(page: an HTML page, api: the app's JSON calls, view: the job page's view count, asset: a file of
web/dist/assets). The mix interleaves the kinds in the proportions of MIX below (per 100 requests,
the reasons are in bench/site/run's header and bench/README.md).

Jobs are live ones (published, active, not ended: their page answers 200, not 410), organizations
ones with live jobs, cities and job types the landing pages the content knows; searches come from
bench/search/mix.py (the 600 visitor searches bench/search measures, its seed 28), assets from the
index.html of web/dist (what a first visit loads).

Usage: requests.py DATABASE_URL WEB_ROOT OUT_DIR [--seed 45] [--per-kind 400] [--mix 2000]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
JOB_TYPES = ["eventjobs", "ferienjobs", "gastrojobs", "messejobs", "nebenjobs", "promotionjobs", "rentnerjobs",
             "schuelerjobs", "studentenjobs"]
# Per 100 requests of anonymous visitors (see bench/site/run for why).
MIX = [("search", 18), ("job_page", 12), ("views", 14), ("job_data", 10), ("recommend", 8), ("autocomplete", 8),
       ("jobs_list", 6), ("type_landing", 5), ("city_landing", 5), ("home", 5), ("asset", 5), ("org_page", 2),
       ("org_data", 2)]
# What visitors type into "Wo?" before they pick a place: prefixes of the cities they look for.
PLACE_WORDS = ["Berlin", "Hamburg", "München", "Köln", "Frankfurt", "Stuttgart", "Düsseldorf", "Leipzig", "Dortmund",
               "Bremen", "Dresden", "Hannover", "Nürnberg", "Münster", "Freiburg", "Rostock", "Erfurt", "Kiel", "Mainz",
               "Augsburg"]
WHAT_WORDS = ["Promotion", "Messe", "Aushilfe", "Service", "Event", "Verkostung", "Hostess", "Kellner", "Lager", "Fahrer"]


def psql(url: str, sql: str) -> list[list[str]]:
    out = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def catalogue(url: str, seed: int):
    # Live jobs in an order fixed by the seed (md5 of the id and the seed), not by insertion.
    jobs = psql(url, f"""
        SELECT j.id, j.slug FROM job_search_points s JOIN job_postings j ON j.id = s.job_posting_id
         WHERE s.is_primary AND j.is_published AND j.active AND j.slug IS NOT NULL
           AND (s.valid_through IS NULL OR s.valid_through > now() + interval '1 day')
         ORDER BY md5(j.id::text || '-{seed}') LIMIT 3000""")
    orgs = psql(url, f"""
        SELECT o.slug FROM organizations o
         WHERE o.slug IS NOT NULL AND o.active AND NOT o.review_pending AND o.approved_at IS NOT NULL AND EXISTS (SELECT 1 FROM job_postings j WHERE j.organization_id = o.id AND j.is_published AND j.active)
         ORDER BY md5(o.id::text || '-{seed}') LIMIT 300""")
    cities = [r[0] for r in psql(url, "SELECT slug FROM content_entries WHERE collection = 'cities' AND active ORDER BY slug")]
    return jobs, [o[0] for o in orgs], cities


def assets(web_root: str) -> list[str]:
    """The hashed files index.html loads (scripts, styles, preloads): a first visit's assets."""
    with open(os.path.join(web_root, "index.html"), encoding="utf-8") as f:
        html = f.read()
    found = sorted(set(re.findall(r'(?:src|href)="(/assets/[^"]+)"', html)))
    return found or sorted("/assets/" + n for n in os.listdir(os.path.join(web_root, "assets")))[:5]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("web_root")
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=45)
    ap.add_argument("--per-kind", type=int, default=400)
    ap.add_argument("--mix", type=int, default=2000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    jobs, orgs, cities = catalogue(args.url, args.seed)
    if len(jobs) < 100 or not orgs or not cities:
        sys.exit(f"requests.py: the catalogue is too small ({len(jobs)} live jobs, {len(orgs)} organizations, {len(cities)} cities)")
    files = assets(args.web_root)
    # bench/search's own mix (its default count and seed): the same 600 searches it measures.
    searches = subprocess.run([sys.executable, os.path.join(HERE, "..", "search", "mix.py"), args.url, "--count", "600",
                               "--seed", "28"], check=True, capture_output=True, text=True).stdout.split()
    q = urllib.parse.quote

    def job():
        return rng.choice(jobs)

    def autocomplete() -> str:
        word = rng.choice(PLACE_WORDS)
        text = word[: rng.randint(3, min(len(word), 7))]   # typed so far (the app asks from 3 letters)
        return "/api/places/autocomplete?" + urllib.parse.urlencode(
            {"text": text, "type": "city", "countries": "de,at,ch", "language": "de", "limit": 8})

    make = {
        "home": lambda: ("page", "GET", "/"),
        "job_page": lambda: ("page", "GET", "/jobs/" + q(job()[1])),
        "job_data": lambda: ("api", "GET", "/api/job_postings/slug/" + q(job()[1])),
        "views": lambda: ("view", "POST", f"/api/job_postings/{job()[0]}/views"),
        "recommend": lambda: ("api", "GET", f"/api/job_postings/{job()[0]}/recommend/3/random"),
        "autocomplete": lambda: ("api", "GET", autocomplete()),
        "type_landing": lambda: ("page", "GET", f"/{rng.choice(JOB_TYPES)}/{rng.choice(cities)}"),
        "city_landing": lambda: ("page", "GET", "/jobs-stadt/" + rng.choice(cities)),
        "jobs_list": lambda: ("page", "GET", "/jobs?" + urllib.parse.urlencode(
            {"was": rng.choice(WHAT_WORDS), "wo": rng.choice(PLACE_WORDS)})),
        "search": lambda: ("api", "GET", rng.choice(searches)),
        "org_page": lambda: ("page", "GET", "/jobanbieter/" + q(rng.choice(orgs))),
        "org_data": lambda: ("api", "GET", "/api/organizations/slug/" + q(rng.choice(orgs))),
        "asset": lambda: ("asset", "GET", rng.choice(files)),
    }
    os.makedirs(args.out_dir, exist_ok=True)
    for kind, _ in MIX:
        with open(os.path.join(args.out_dir, kind + ".txt"), "w", encoding="utf-8") as f:
            for _ in range(args.per_kind):
                f.write(" ".join(make[kind]()) + "\n")
    kinds = rng.choices([k for k, _ in MIX], weights=[w for _, w in MIX], k=args.mix)
    with open(os.path.join(args.out_dir, "mix.txt"), "w", encoding="utf-8") as f:
        for kind in kinds:
            f.write(" ".join(make[kind]()) + "\n")
    print(f"{len(jobs)} live jobs, {len(orgs)} organizations, {len(cities)} cities, {len(files)} assets, "
          f"{len(set(searches))} searches")


if __name__ == "__main__":
    main()
