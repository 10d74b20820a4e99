#!/usr/bin/env bash
# make release VERSION=x.y.z [TAG=yes]: from the committed tree, the release's artifacts in
# target/release/<version>/ (docs/release.md): each function's deployment package, the published
# libraries' jars with sources and Javadoc, a CycloneDX SBOM per function, the changelog, SHA-256
# checksums. The build runs on a copy of HEAD (git archive) whose poms carry the version, so the
# checkout is never changed and nothing is installed into the local Maven repository.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VERSION="${VERSION:-}"
TAG="${TAG:-}"

if [[ ! "$VERSION" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]]; then
  echo "VERSION must be a semantic version x.y.z (numbers without leading zeros), was '$VERSION': e.g. make release VERSION=1.1.0" >&2
  exit 2
fi
if [[ -n "$TAG" && "$TAG" != yes ]]; then
  echo "TAG must be yes or left out, was '$TAG': TAG=yes tags the released commit v$VERSION" >&2
  exit 2
fi
dirty="$(git -C "$ROOT" status --porcelain --untracked-files=all)"
if [[ -n "$dirty" ]]; then
  echo "the tree is not clean; a release is built from a commit alone. Commit or remove:" >&2
  echo "$dirty" | sed 's/^/  /' >&2
  exit 2
fi
if [[ "$TAG" == yes ]] && git -C "$ROOT" rev-parse -q --verify "refs/tags/v$VERSION" >/dev/null; then
  echo "tag v$VERSION exists already: a version is released once" >&2
  exit 2
fi

commit="$(git -C "$ROOT" rev-parse HEAD)"
# Every archive entry carries the commit's own time: one commit gives the same bytes.
stamp="$(TZ=UTC git -C "$ROOT" log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ HEAD)"
src="$ROOT/target/release-build/$VERSION"
out="$ROOT/target/release/$VERSION"
rm -rf "$src" "$out"
mkdir -p "$src" "$out/functions" "$out/libs" "$out/sbom"
git -C "$ROOT" archive --format=tar HEAD | tar -x -C "$src"
"$ROOT/infra/release/set-version.sh" "$src" "$VERSION"

FUNCTIONS=(payment-authorizer payment-events payment-notifier dedup-store-size pre-traffic-hook record-sweeper)
LIBS=(lambda-kit receiver-record receiver receiver-testkit)
modules="$(printf 'functions/%s,' "${FUNCTIONS[@]}")$(printf 'libs/%s,' "${LIBS[@]}")libs/receiver-bom"
echo "building $VERSION from $commit (entries dated $stamp)" >&2
mvn -B -ntp -q -f "$src/pom.xml" -DskipTests "-Dproject.build.outputTimestamp=$stamp" \
  -pl "$modules" -am verify >&2

for f in "${FUNCTIONS[@]}"; do
  cp "$src/functions/$f/target/$f-$VERSION.jar" "$out/functions/"
  cp "$src/functions/$f/target/bom.json" "$out/sbom/$f-$VERSION.cdx.json"
done
for l in "${LIBS[@]}"; do
  for kind in "" -sources -javadoc; do
    cp "$src/libs/$l/target/$l-$VERSION$kind.jar" "$out/libs/"
  done
  cp "$src/libs/$l/pom.xml" "$out/libs/$l-$VERSION.pom"
done
cp "$src/libs/receiver-bom/pom.xml" "$out/libs/receiver-bom-$VERSION.pom"
cp "$src/pom.xml" "$out/libs/idempotent-receiver-parent-$VERSION.pom"

"$ROOT/infra/release/changelog.sh" "$VERSION" > "$out/CHANGES.md"
(cd "$out" && find . -type f ! -name SHA256SUMS | LC_ALL=C sort | sed 's|^\./||' | xargs sha256sum > SHA256SUMS)

if [[ "$TAG" == yes ]]; then
  git -C "$ROOT" tag -a "v$VERSION" -m "release $VERSION" "$commit"
  echo "tagged $commit v$VERSION" >&2
fi
echo "$out"
