# The project's commands. Each target installs what it needs that is missing.
SHELL := /usr/bin/env bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
JAVA_HOME := $(shell $(ROOT)/infra/local/jdk.sh)
export JAVA_HOME
MVN := mvn -B -ntp -f $(ROOT)/pom.xml

.PHONY: help setup build test test-java test-launcher check-template

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

setup: ## install what is missing: redis-server, the pinned moto virtualenv, the Lambda runtime emulator
	$(ROOT)/infra/local/setup.sh
	$(ROOT)/infra/local/setup-rie.sh

build: ## compile and package every module (no tests)
	$(MVN) -DskipTests package

test: setup test-launcher test-java check-template ## the whole suite

test-java: setup ## every Java test (JUnit 5) against moto + redis-server
	$(MVN) verify

test-launcher: setup ## the moto launcher's own tests (serialisation, item-level undo)
	$(ROOT)/infra/local/test-launcher.sh

check-template: ## cfn-lint, sam validate --lint, checkov and sam build on template.yaml
	$(ROOT)/infra/local/check-template.sh

.PHONY: demo
demo: setup ## the main job: ~2 000 payments with duplicates, conflicts, poison and faults, then a checked report
	$(MVN) -q -DskipTests install
	$(MVN) -q -pl infra/demo dependency:build-classpath -Dmdep.outputFile=target/demo.classpath
	cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "infra/demo/target/classes:$$(cat infra/demo/target/demo.classpath)" com.example.demo.Demo

.PHONY: reliability
reliability: setup ## every reliability scenario at full size, ours vs a Powertools-only baseline -> docs/reliability.md (several minutes)
	$(MVN) -q -pl reliability -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/reliability.classpath
	cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "reliability/target/classes:$$(cat reliability/target/reliability.classpath)" com.example.reliability.ReliabilityReport
