# What every function's Makefile shares. `sam build` (template.yaml: BuildMethod makefile) runs
# `make --makefile functions/<folder>/Makefile build-<LogicalId>` with ARTIFACTS_DIR set; each
# function depends on library modules of the same Maven reactor (libs/, domain/), which SAM's own
# Maven workflow (run inside CodeUri alone) cannot see: so the function is built from the root
# pom and its shaded jar put in lib/, where the Lambda Java runtime looks for jars.
SHELL := /usr/bin/env bash
.SHELLFLAGS := -euo pipefail -c

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)

# $(call shaded-jar,<module folder>,<artifactId>): the module's one shaded jar, copied. Built unless
# the jar in its target/ is newer than every file of the reactor's sources and poms (make test's
# `mvn verify` packaged it minutes before check-template's sam build asks again): a reactor run
# per function costs about a minute of Maven even when nothing changed.
REACTOR_INPUTS := $(ROOT)/pom.xml $(ROOT)/libs $(ROOT)/domain $(ROOT)/functions $(ROOT)/testing
define shaded-jar
	@jars=("$(ROOT)/$(1)"/target/$(2)-*.jar); \
	  if [ -f "$${jars[0]}" ] && [ -z "$$(find $(REACTOR_INPUTS) \( -name target -o -name '.*' \) -prune \
	      -o -type f -newer "$${jars[0]}" -print -quit)" ]; then \
	    echo "$(1): $${jars[0]##*/} is newer than every source, reused" >&2; \
	  else \
	    JAVA_HOME="$$($(ROOT)/testing/local-aws/jdk.sh)" mvn -B -ntp -q -Dstyle.color=never \
	      -f "$(ROOT)/pom.xml" -pl $(1) -am -DskipTests package; \
	  fi
	@jars=("$(ROOT)/$(1)"/target/$(2)-*.jar); \
	  [ "$${#jars[@]}" -eq 1 ] && [ -f "$${jars[0]}" ] \
	    || { echo "expected one shaded jar in $(1)/target, found: $${jars[*]}" >&2; exit 1; }; \
	  mkdir -p "$(ARTIFACTS_DIR)/lib"; \
	  cp "$${jars[0]}" "$(ARTIFACTS_DIR)/lib/"
endef
