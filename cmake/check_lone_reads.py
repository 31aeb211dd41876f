#!/usr/bin/env python3
# check_lone_reads.py: fails when a file under actors/ sends a lone SELECT that only reads through
# pool::query instead of pool::read. A switchover closes every session of the old primary; a
# statement whose connection broke is repeated only when the pool knows that it only reads
# (reactor/pg.h), so a read sent through query() answers a visitor 503 where read() would have
# answered after the switchover (issue 46, item 2; docs/operations.md "Switchover").
#
#   python3 cmake/check_lone_reads.py ROOT [FOLDER]
#
# FOLDER defaults to ROOT/actors (the test of the check points it at a fixture with a violation).
# Only statements written out at the call are judged: the string literals that follow
# `pg.query(` up to the first thing that is not a literal. A statement that starts with SELECT and
# names nothing that writes or locks must go through read(). A statement in a named constant or a
# macro is not judged here (its name cannot say whether it writes).
import pathlib
import re
import sys

# What makes a SELECT more than a read: a data-modifying CTE, a row lock, an advisory lock, a
# sequence, or one of the functions that write (every other jh_ function is STABLE or IMMUTABLE).
WRITES = re.compile(
    r"\b(INSERT|UPDATE|DELETE|FOR\s+(NO\s+KEY\s+)?UPDATE|FOR\s+(KEY\s+)?SHARE|nextval|setval|pg_advisory\w*|"
    r"jh_job_review_release|jh_job_review_reject|jh_organization_review)\b",
    re.IGNORECASE,
)
CALL = re.compile(r"\bpg\.query\(")
LITERAL = re.compile(r'\s*"((?:[^"\\]|\\.)*)"')


def statement_at(text, start):
    """The string literals that follow position `start`, joined (empty when the first thing is not one)."""
    parts = []
    pos = start
    while True:
        m = LITERAL.match(text, pos)
        if not m:
            return "".join(parts)
        parts.append(m.group(1))
        pos = m.end()


def lone_reads(folder):
    found = []
    for path in sorted(folder.rglob("*.cpp")) + sorted(folder.rglob("*.h")):
        text = path.read_text(encoding="utf-8")
        for call in CALL.finditer(text):
            sql = statement_at(text, call.end())
            if re.match(r"\s*SELECT\b", sql, re.IGNORECASE) and not WRITES.search(sql):
                line = text.count("\n", 0, call.start()) + 1
                found.append(f"  {path.relative_to(folder.parent)}:{line}: {sql[:90]}")
    return found


def main():
    root = pathlib.Path(sys.argv[1])
    folder = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else root / "actors"
    if not folder.is_dir():
        # A missing folder must not pass for a clean one.
        sys.exit(f"check_lone_reads: no folder {folder}")
    found = lone_reads(folder)
    if found:
        print("a lone SELECT that only reads goes through pool::query; use pool::read, which runs it once more "
              "when a switchover broke its connection:")
        print("\n".join(found))
        sys.exit(1)
    print("every lone SELECT written at its call goes through pool::read")


if __name__ == "__main__":
    main()
