#!/usr/bin/env bash
# set-version.sh <folder> <version>: every pom of the build in <folder> at <version>. Each module's
# first <version> is its parent's (the project's parent, itself a child of receiver-bom), the BOM's
# first is its own, and every library version the BOM and parent manage is ${project.version}.
# examples/outside-project stays: it is built on the published libraries, not in the reactor.
set -euo pipefail

folder="$1"
version="$2"
current="$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' "$folder/libs/receiver-bom/pom.xml" | head -1)"
[[ -n "$current" ]] || { echo "no version in $folder/libs/receiver-bom/pom.xml" >&2; exit 1; }
changed=0
while IFS= read -r pom; do
  pom="$folder/$pom"
  sed -i "0,/<version>$current<\/version>/s//<version>$version<\/version>/" "$pom"
  grep -q "<version>$version</version>" "$pom" || { echo "$pom: no version $current to set" >&2; exit 1; }
  changed=$((changed + 1))
done < <(cd "$folder" && find . -name pom.xml -not -path '*/target/*' -not -path './examples/outside-project/*' | LC_ALL=C sort)
(( changed > 0 )) || { echo "no pom found in $folder" >&2; exit 1; }
echo "$changed poms set from $current to $version" >&2
