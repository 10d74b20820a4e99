# What every function's Makefile shares. `sam build` (template.yaml: BuildMethod makefile) runs
# `make --makefile functions/<folder>/Makefile build-<LogicalId>` with ARTIFACTS_DIR set; each
# function depends on library modules of the same Maven reactor (libs/, domain/), which SAM's own
# Maven workflow (run inside CodeUri alone) cannot see: so the function is built from the root
# pom and its shaded jar put in lib/, where the Lambda Java runtime looks for jars.
SHELL := /usr/bin/env bash
.SHELLFLAGS := -euo pipefail -c

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)

# $(call shaded-jar,<module folder>,<artifactId>): build the module and copy its one shaded jar.
define shaded-jar
	JAVA_HOME="$$($(ROOT)/testing/local-aws/jdk.sh)" mvn -B -ntp -q -Dstyle.color=never \
	  -f "$(ROOT)/pom.xml" -pl $(1) -am -DskipTests package
	@jars=("$(ROOT)/$(1)"/target/$(2)-*.jar); \
	  [ "$${#jars[@]}" -eq 1 ] && [ -f "$${jars[0]}" ] \
	    || { echo "expected one shaded jar in $(1)/target, found: $${jars[*]}" >&2; exit 1; }; \
	  mkdir -p "$(ARTIFACTS_DIR)/lib"; \
	  cp "$${jars[0]}" "$(ARTIFACTS_DIR)/lib/"
endef
