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
demo: ## the end-to-end demo on the local AWS
	@echo "make demo: not built yet (the local runtime issue); run 'make test' meanwhile" >&2; exit 2
