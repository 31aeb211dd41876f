#!/usr/bin/env python3
"""mix.py: a realistic mix of visitor searches, drawn from the seeded catalogue itself.

What visitors of a side-job site type (issue 28), as GET /api/job_postings paths, one per line:

  word     a title word + a city + a radius of 10-100 km (relevance, the default with a word)
  act      an activity + a city
  two      two words + a city
  city     a city alone (newest first)
  dist     a word + a city, sorted by distance
  wac      a word + an activity + a city
  new      "new in the last 24 h / 3 d / 7 d near me": a point near a city, 25 or 50 km
  page     pages 2-6 of a word + a city

Words come from the titles of the live jobs, in three bands of frequency (the most common, the
middle, the rare ones down to a handful of jobs), so both "aushilfe" and words of ten jobs are
asked; activities from the activities the live jobs carry; the 18 cities' coordinates from the
places table (the most populous place of that name, as a place picker would give them). The draw
is seeded (--seed), so the same catalogue gives the same mix. Words are letters only, as a visitor
types them (the index declines digits and phrases: that is the SQL path's, not this mix's).

Usage: mix.py DATABASE_URL [--count 600] [--seed 28]  > paths.txt
       mix.py DATABASE_URL --classes                  # one example path per class (the tests' list)
"""
import argparse
import random
import subprocess
import sys
import urllib.parse

CITIES = ["Berlin", "Hamburg", "München", "Köln", "Frankfurt am Main", "Stuttgart", "Düsseldorf", "Leipzig",
          "Dortmund", "Bremen", "Dresden", "Hannover", "Nürnberg", "Münster", "Freiburg im Breisgau", "Rostock",
          "Erfurt", "Görlitz"]
# How often each class is drawn (per 100 searches).
CLASSES = [("word", 24), ("act", 12), ("two", 10), ("city", 10), ("dist", 8), ("wac", 8), ("new", 12), ("page", 16)]
RADII_KM = [10, 25, 50, 100]


def psql(url: str, sql: str) -> list[list[str]]:
    out = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def vocabulary(url: str):
    live = "j.is_published AND j.active AND j.published_at IS NOT NULL"
    words = psql(url, f"""
        SELECT lower(w), count(*) FROM job_postings j, regexp_split_to_table(j.title, '[^[:alpha:]]+') AS w
         WHERE {live} AND length(w) >= 4 GROUP BY lower(w) HAVING count(*) >= 5 ORDER BY count(*) DESC, lower(w)""")
    acts = psql(url, f"""
        SELECT a.slug FROM activities a WHERE EXISTS (SELECT 1 FROM job_postings j WHERE {live} AND a.id = ANY (j.activity_ids))
         ORDER BY a.sort_order, a.id""")
    cities = {}
    for name in CITIES:
        row = psql(url, "SELECT lat, lon FROM places WHERE name = '%s' AND country = 'de' ORDER BY population DESC, id LIMIT 1"
                   % name.replace("'", "''"))
        if row:
            cities[name] = (float(row[0][0]), float(row[0][1]))
    return [w for w, _ in words if w.isalpha()], [a[0] for a in acts], cities


def bands(words: list[str]) -> list[list[str]]:
    """Most common (top 20), the middle, the rare (the last quarter): drawn 40 / 35 / 25 %."""
    top, rare_from = 20, max(21, len(words) * 3 // 4)
    return [words[:top], words[top:rare_from] or words[:top], words[rare_from:] or words[:top]]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--classes", action="store_true")
    args = ap.parse_args()
    words, acts, cities = vocabulary(args.url)
    if len(words) < 30 or not acts or len(cities) < 10:
        sys.exit(f"mix.py: the catalogue is too small for the mix ({len(words)} words, {len(acts)} activities, {len(cities)} cities)")
    rng = random.Random(args.seed)
    word_bands = bands(words)
    city_names = sorted(cities)

    def word() -> str:
        return rng.choice(rng.choices(word_bands, weights=[40, 35, 25])[0])

    def place(jitter: float = 0.0) -> dict:
        lat, lon = cities[rng.choice(city_names)]
        if jitter:
            lat, lon = lat + rng.uniform(-jitter, jitter), lon + rng.uniform(-jitter, jitter)
        return {"lat": f"{lat:.4f}", "lon": f"{lon:.4f}", "distance": str(rng.choice(RADII_KM))}

    def path(kind: str) -> str:
        p = {"isPublished": "1"}
        if kind == "word":
            p |= {"q": word()} | place()
        elif kind == "act":
            p |= {"activity": rng.choice(acts)} | place()
        elif kind == "two":
            first = word()
            second = next(w for w in iter(word, None) if w != first)
            p |= {"q": f"{first} {second}"} | place()
        elif kind == "city":
            p |= place()
        elif kind == "dist":
            p |= {"q": word()} | place() | {"sort": "distance"}
        elif kind == "wac":
            p |= {"q": word(), "activity": rng.choice(acts)} | place()
        elif kind == "new":
            p |= {"interval_created": rng.choice(["24h", "3d", "7d"])} | place(0.05) | {"distance": rng.choice(["25", "50"])}
        elif kind == "page":
            p |= {"q": rng.choice(word_bands[0])} | place() | {"distance": "100", "page": str(rng.randint(2, 6))}
        return "/api/job_postings?" + urllib.parse.urlencode(p)

    if args.classes:
        for kind, _ in CLASSES:
            print(kind, path(kind))
        return
    kinds = rng.choices([k for k, _ in CLASSES], weights=[w for _, w in CLASSES], k=args.count)
    for kind in kinds:
        print(path(kind))


if __name__ == "__main__":
    main()
