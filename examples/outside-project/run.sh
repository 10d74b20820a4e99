#!/usr/bin/env bash
# Tests examples/outside-project as another repository would: published into a file repository by
# make install-libs (REPO=, default target/outside-project/repository), copied into a temporary
# folder outside the checkout, built there offline against the receiver's published coordinates
# alone. Third-party artifacts are read from the local Maven repository, never written to it: the
# run's own local repository is in the temporary folder. Runnable from any folder; PUBLISH=false
# reuses what an earlier run published.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
REPO="${REPO:-$ROOT/target/outside-project/repository}"
M2="${M2_REPOSITORY:-$HOME/.m2/repository}"
JAVA_HOME="${JAVA_HOME:-$("$ROOT/testing/local-aws/jdk.sh")}"
export JAVA_HOME

property() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$2" | head -1; }

if [ "${PUBLISH:-true}" != false ]; then
  rm -rf "$REPO"
  make -s -C "$ROOT" install-libs REPO="$REPO" >&2
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cp -r "$ROOT/examples/outside-project" "$WORK/wallet-transfers"
rm -f "$WORK/wallet-transfers/run.sh"
# Every repository, the build's plugins' too, is the local one, read as a file repository; but the
# receiver's, the folder make install-libs published into.
cat >"$WORK/settings.xml" <<SETTINGS
<settings>
  <localRepository>$WORK/repository</localRepository>
  <mirrors>
    <mirror>
      <id>local-maven-repository</id>
      <mirrorOf>*,!receiver-libs</mirrorOf>
      <url>file://$M2</url>
    </mirror>
  </mirrors>
</settings>
SETTINGS

cd "$WORK/wallet-transfers"
echo "outside-project: testing $WORK/wallet-transfers against $REPO" >&2
mvn -B -ntp -o -s "$WORK/settings.xml" -Daether.offline.protocols=file \
  -Dreceiver.repository="file://$REPO" \
  -Dmaven.compiler.plugin.version="$(property maven.compiler.plugin.version "$ROOT/pom.xml")" \
  -Dmaven.surefire.plugin.version="$(property maven.surefire.plugin.version "$ROOT/pom.xml")" \
  -Dmaven.resources.plugin.version="$(property maven.resources.plugin.version "$ROOT/pom.xml")" \
  test
