#!/usr/bin/env bash
# last-release.sh [--build]: the last release this checkout descends from, as "<version> <commit>"
# (docs/release.md "The last release"). Its tag vX.Y.Z names it where the clone holds tags; a clone
# without tags finds it in infra/release/released.tsv, the releases' own record (version, commit),
# and where both exist they must agree. --build also builds that release from its commit (git
# archive, no tests, no Javadoc, no SBOM) into target/last-release/<version>/ once per commit and
# prints that folder: its libs/ and functions/ hold the released jars that make compat and the
# contract checks (make test) read (functions/: the authorizer's, the publisher's and the notifier's packages).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
record="$ROOT/infra/release/released.tsv"

# The highest version in the record whose commit HEAD descends from (the record lists no other).
recorded="$(grep -v '^#' "$record" | awk 'NF == 2' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)"
[[ -n "$recorded" ]] || { echo "$record lists no release: make release VERSION=x.y.z TAG=yes first, then record it" >&2; exit 1; }
version="${recorded%% *}"
commit="${recorded##* }"
git -C "$ROOT" cat-file -e "$commit^{commit}" 2>/dev/null \
  || { echo "release $version's commit $commit is not in this clone's history" >&2; exit 1; }
git -C "$ROOT" merge-base --is-ancestor "$commit" HEAD \
  || { echo "release $version's commit $commit is not an ancestor of HEAD" >&2; exit 1; }
if tagged="$(git -C "$ROOT" rev-parse -q --verify "refs/tags/v$version^{commit}")"; then
  [[ "$tagged" == "$commit" ]] \
    || { echo "tag v$version is $tagged but $record says $commit: one release, one commit" >&2; exit 1; }
fi
newest_tag="$(git -C "$ROOT" tag --merged HEAD --list 'v*' --sort=-v:refname | head -1)"
if [[ -n "$newest_tag" && "$newest_tag" != "v$version" ]]; then
  echo "tag $newest_tag is newer than the last release $record records ($version): record it" >&2
  exit 1
fi

if [[ "${1:-}" != --build ]]; then
  echo "$version $commit"
  exit 0
fi

out="$ROOT/target/last-release/$version"
# A folder an older copy of this script built lacks the publisher's or the notifier's package: built again then.
if [[ -f "$out/COMMIT" && "$(cat "$out/COMMIT")" == "$commit" && -f "$out/functions/payment-events-$version.jar" \
      && -f "$out/functions/payment-notifier-$version.jar" ]]; then
  echo "$out"
  exit 0
fi
rm -rf "$out"
mkdir -p "$out/src" "$out/libs" "$out/functions"
git -C "$ROOT" archive --format=tar "$commit" | tar -x -C "$out/src"
"$ROOT/infra/release/set-version.sh" "$out/src" "$version" 2>/dev/null
echo "building the last release $version from $commit (once per commit, about a minute)" >&2
modules=functions/payment-authorizer,functions/payment-events,functions/payment-notifier
modules+=,libs/lambda-kit,libs/receiver-record,libs/receiver
mvn -B -ntp -q -f "$out/src/pom.xml" -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true \
  -Dcyclonedx.skip=true -pl "$modules" -am package >&2
for f in payment-authorizer payment-events payment-notifier; do
  cp "$out/src/functions/$f/target/$f-$version.jar" "$out/functions/"
done
for l in lambda-kit receiver-record receiver; do
  cp "$out/src/libs/$l/target/$l-$version.jar" "$out/libs/"
done
echo "$commit" > "$out/COMMIT"
echo "$out"
