#!/usr/bin/env bash
# Prints the home of a JDK >= 21 to build with (Lambda runs java21; we compile
# with --release 21): the newest of JAVA_HOME and the JDKs in the folders of
# JDK_DIRS (space-separated, default /usr/lib/jvm). When there is none, exits 1
# with one line on stderr naming JAVA_HOME and the fix; the Makefile prints that
# line before any work.
set -euo pipefail

jdk_dirs="${JDK_DIRS:-/usr/lib/jvm}"

major_of() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'
}

candidates=()
[ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
for folder in $jdk_dirs; do
  for dir in "$folder"/*; do [ -x "$dir/bin/javac" ] && candidates+=("$dir"); done
done

best="" best_major=0
for home in "${candidates[@]}"; do
  [ -x "$home/bin/javac" ] || continue
  major=$(major_of "$home")
  if [ -n "$major" ] && [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
    best="$home" best_major="$major"
  fi
done

if [ -z "$best" ]; then
  if [ -n "${JAVA_HOME:-}" ]; then
    echo "JAVA_HOME=$JAVA_HOME is no JDK 21 or newer, and $jdk_dirs holds none: set JAVA_HOME to a JDK >= 21" >&2
  else
    echo "JAVA_HOME is not set, and $jdk_dirs holds no JDK 21 or newer: set JAVA_HOME to a JDK >= 21" >&2
  fi
  exit 1
fi
echo "$best"
