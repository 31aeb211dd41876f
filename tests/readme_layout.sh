#!/usr/bin/env bash
# readme_layout.sh ROOT [README]: the README's layout table (the "| path | what is there |" table) names every
# top-level folder of the repository exactly once and nothing that is not there (issue 40, item 6),
# so the map a newcomer reads first cannot drift from the tree.
set -euo pipefail
root=$1 readme=${2:-$1/README.md}   # another README: the test that a drift is reported
listed=$(sed -n '/^| path | what is there |/,/^$/p' "$readme" | sed -n 's/^| `\([^`]*\)\/` |.*/\1/p' | sort)
present=$(git -C "$root" ls-files | sed -n 's|^\([^/.][^/]*\)/.*|\1|p' | sort -u)
status=0
twice=$(uniq -d <<<"$listed")
if [ -n "$twice" ]; then echo "listed more than once in README.md's layout table: $twice"; status=1; fi
missing=$(comm -13 <(sort -u <<<"$listed") <(echo "$present"))
if [ -n "$missing" ]; then echo "folders missing from README.md's layout table: $missing"; status=1; fi
gone=$(comm -23 <(sort -u <<<"$listed") <(echo "$present"))
if [ -n "$gone" ]; then echo "README.md's layout table lists folders that are not there: $gone"; status=1; fi
[ "$status" = 0 ] && echo "README.md's layout table: $(wc -l <<<"$listed") folders, each once"
exit "$status"
