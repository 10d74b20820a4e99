#!/usr/bin/env bash
# changelog.sh <version>: the release's changes from its own record, the commits since the last
# release's tag (v<x.y.z> reachable from HEAD), newest first; every commit for the first release.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="$1"
previous="$(git -C "$ROOT" describe --tags --abbrev=0 --match 'v[0-9]*.[0-9]*.[0-9]*' HEAD 2>/dev/null || true)"
range="HEAD"
[[ -n "$previous" ]] && range="$previous..HEAD"
echo "# $version"
echo
echo "Commits ${previous:+since $previous}${previous:-(the first release)}, newest first, from \`git log $range\`."
echo
git -C "$ROOT" log --no-merges --format='- %h %s' "$range"
