#!/usr/bin/env bash
# Prints the home of a JDK >= 21 to build with (Lambda runs java21; we compile
# with --release 21). Honours JAVA_HOME when it is recent enough, else looks
# for one under /usr/lib/jvm. Exits 1 with a clear message when there is none.
set -euo pipefail

major_of() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'
}

candidates=()
[ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
for dir in /usr/lib/jvm/*; do [ -x "$dir/bin/javac" ] && candidates+=("$dir"); done

best="" best_major=0
for home in "${candidates[@]}"; do
  [ -x "$home/bin/javac" ] || continue
  major=$(major_of "$home")
  if [ -n "$major" ] && [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
    best="$home" best_major="$major"
  fi
done

if [ -z "$best" ]; then
  echo "no JDK >= 21 found (set JAVA_HOME, or install one under /usr/lib/jvm)" >&2
  exit 1
fi
echo "$best"
