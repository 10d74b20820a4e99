#!/usr/bin/env bash
# Installs what a local invoke of a Java function needs (DESIGN.md §10), when it is missing or
# stale, under <repo>/.tools/rie:
#   1. runtime/*.jar: the Lambda Java runtime interface client and its libraries, copied by
#      Maven from testing/local-aws/lambda-runtime/pom.xml (versions in the root pom);
#   2. aws-lambda-rie: the AWS Lambda Runtime Interface Emulator, built from the pinned version
#      of its Go module.
# Silent when both are current; runnable from any folder.
#
# The emulator needs Go >= 1.21, which fetches the Go release the module's go.mod asks for
# through the Go module proxy (GOTOOLCHAIN=auto). With no Go at all this installs Debian's
# golang-go and, as that is older than 1.21, bootstraps the Go release below from the same proxy.
# The emulator runs on Linux only: elsewhere this installs the runtime jars alone and says so,
# and local invokes fall back to a direct invoke without the emulator.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MODULE=github.com/aws/aws-lambda-runtime-interface-emulator
# The project publishes no module tags: this is the pseudo-version of commit bef5c4ba774d
# (2026-10-30), as the Go module proxy resolves it.
VERSION=v0.0.0-20261030222936-bef5c4ba774d
# The Go release that commit's go.mod asks for; fetched only when the Go found is older than 1.21.
GO_BOOTSTRAP=1.26.6
DIR="$ROOT/.tools/rie"
BIN="$DIR/aws-lambda-rie"
STAMP="$DIR/.version"
WANTED="$MODULE@$VERSION"
RUNTIME_POM="$ROOT/testing/local-aws/lambda-runtime/pom.xml"
RUNTIME="$DIR/runtime"

log() { echo "setup-rie: $*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

# --- 1. the runtime interface client's jars ---------------------------------------------------

# What the jars were copied from: the runtime pom and the root pom that holds the versions.
runtime_stamp() {
  cat "$RUNTIME_POM" "$ROOT/pom.xml" | sha256sum | cut -d' ' -f1
}

ensure_runtime_jars() {
  local stamp
  stamp="$(runtime_stamp)"
  if [ -f "$RUNTIME/.stamp" ] && [ "$(cat "$RUNTIME/.stamp")" = "$stamp" ]; then
    return 0
  fi
  log "copying the Lambda runtime interface client to .tools/rie/runtime"
  mkdir -p "$DIR"
  rm -rf "$RUNTIME.new"
  JAVA_HOME="$("$ROOT/testing/local-aws/jdk.sh")" mvn -B -ntp -q -f "$RUNTIME_POM" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$RUNTIME.new"
  echo "$stamp" >"$RUNTIME.new/.stamp"
  rm -rf "$RUNTIME"
  mv "$RUNTIME.new" "$RUNTIME"
}

# --- 2. the emulator ----------------------------------------------------------------------------

# Prints "<major> <minor>" of the Go at $1, e.g. "1 26".
go_version_of() {
  "$1" env GOVERSION 2>/dev/null | sed -n 's/^go\([0-9]*\)\.\([0-9]*\).*/\1 \2/p'
}

at_least_1_21() {
  local major minor
  read -r major minor <<<"$(go_version_of "$1")"
  [ -n "${major:-}" ] && { [ "$major" -gt 1 ] || [ "${minor:-0}" -ge 21 ]; }
}

install_debian_go() {
  command -v apt-get >/dev/null 2>&1 || { log "no Go found and no apt-get to install it: install Go >= 1.21"; exit 1; }
  log "installing golang-go"
  local output
  output="$(
    {
      $SUDO apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends golang-go ca-certificates
    } 2>&1
  )" || { echo "$output" >&2; exit 1; }
}

# A Go release distributed as a module (golang.org/toolchain), downloaded by an older go;
# prints the path of its go binary.
bootstrap_go() {
  local old_go="$1" module scratch dir
  module="golang.org/toolchain@v0.0.1-go$GO_BOOTSTRAP.linux-$GOARCH_HOST"
  log "Go $(go_version_of "$old_go" | tr ' ' .) is older than 1.21: fetching Go $GO_BOOTSTRAP as $module"
  scratch="$(mktemp -d)"
  dir="$(cd "$scratch" && GO111MODULE=on "$old_go" mod download -json "$module" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')"
  rmdir "$scratch"
  [ -f "$dir/bin/go" ] || { log "could not download $module"; exit 1; }
  # Module zips carry no file modes; the go command makes its own toolchain downloads
  # executable the same way when it switches to one.
  find "$dir/bin" "$dir/pkg/tool" -type f -exec chmod a+x {} +
  echo "$dir/bin/go"
}

find_go() {
  local go
  go="$(command -v go || true)"
  if [ -z "$go" ]; then
    install_debian_go
    go="$(command -v go)"
  fi
  if at_least_1_21 "$go"; then
    echo "$go"
  else
    bootstrap_go "$go"
  fi
}

ensure_emulator() {
  if [ -x "$BIN" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANTED" ]; then
    return 0
  fi
  if [ "$(uname -s)" != "Linux" ]; then
    log "the Lambda Runtime Interface Emulator runs on Linux only: local invokes run the handler directly instead"
    return 0
  fi
  case "$(uname -m)" in
    x86_64 | amd64) GOARCH_HOST=amd64 ;;
    aarch64 | arm64) GOARCH_HOST=arm64 ;;
    *) log "the emulator is built for x86_64 and arm64 only, not $(uname -m): local invokes run the handler directly instead"
       return 0 ;;
  esac
  local go build
  go="$(find_go)"
  log "building $WANTED with $("$go" env GOVERSION)"
  mkdir -p "$DIR"
  build="$(mktemp -d "$DIR/.build.XXXXXX")"
  # As the emulator's own Makefile builds it: static (no C toolchain needed), stripped.
  (cd "$build" && CGO_ENABLED=0 GOOS=linux GOARCH="$GOARCH_HOST" GOTOOLCHAIN=auto GOBIN="$build" \
    "$go" install -trimpath -ldflags "-s -w" "$MODULE/cmd/aws-lambda-rie@$VERSION") || { rm -rf "$build"; exit 1; }
  mv -f "$build/aws-lambda-rie" "$BIN"
  rm -rf "$build"
  echo "$WANTED" >"$STAMP"
}

ensure_runtime_jars
ensure_emulator
