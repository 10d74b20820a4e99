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

test: local-aws-backend setup test-launcher test-java check-template rehearse ## the whole suite (LOCAL_AWS=localstack: against LocalStack in Docker)

test-java: local-aws-backend setup rehearse-tools ## every Java test (JUnit 5) against moto + redis-server (LOCAL_AWS=localstack: LocalStack in Docker + redis-server)
	rm -f $(ROOT)/target/local-aws/calls.jsonl # the functions' calls, recorded afresh for make rehearse
	$(MVN) verify $(if $(LOCAL_AWS),-Dlocal.aws.backend=$(LOCAL_AWS))

# LOCAL_AWS=localstack needs a Docker engine: without one the run stops here, at once, non-zero.
.PHONY: local-aws-backend
local-aws-backend:
	@case "$(LOCAL_AWS)" in \
	  ""|moto) ;; \
	  localstack) $(MVN) -q -DskipTests -pl infra/local -am package dependency:build-classpath -Dmdep.outputFile=target/preflight.classpath >&2 \
	    && cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "infra/local/target/classes:$$(cat infra/local/target/preflight.classpath)" com.example.localaws.localstack.Preflight ;; \
	  *) echo "LOCAL_AWS must be moto or localstack, was '$(LOCAL_AWS)'" >&2; exit 2 ;; \
	esac

test-launcher: setup ## the moto launcher's own tests (serialisation, item-level undo)
	$(ROOT)/infra/local/test-launcher.sh

check-template: ## cfn-lint, sam validate --lint, checkov and sam build on template.yaml
	$(ROOT)/infra/local/check-template.sh

.PHONY: rehearse rehearse-tools
rehearse-tools: ## install what the rehearsal needs: the SAM translator's virtualenv and the pinned IAM evaluator (npm)
	$(ROOT)/infra/rehearse/setup-rehearse-tools.sh

rehearse: ## template.yaml against every AWS call the functions make, offline: IAM (a real policy evaluator), VPC routes, SnapStart order, for samconfig's environments and the fast path in a VPC (RECORD=1 first commits this checkout's recorded calls)
	RECORD="$(RECORD)" $(ROOT)/infra/rehearse/rehearse.sh

.PHONY: demo
demo: setup ## the main job: ~2 000 payments (PAYMENTS=N unique payments, default 1600) with duplicates (late after TTL too), conflicts, poison and faults, published and notified, then a checked report and target/demo/report.html
	$(MVN) -q -DskipTests -pl infra/demo -am package dependency:build-classpath -Dmdep.outputFile=target/demo.classpath
	cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "infra/demo/target/classes:$$(cat infra/demo/target/demo.classpath)" com.example.demo.Demo $(PAYMENTS)

# ---- the local runtime's command line (infra/local, com.example.localaws.cli): JSON on stdout, progress on stderr
LOCAL_CLI_CLASSPATH := $(ROOT)/infra/local/target/cli.classpath
LOCAL_CLI_SOURCES := $(shell find $(ROOT)/functions $(ROOT)/infra/local -path '*/src/main/*' -type f 2>/dev/null) $(wildcard $(ROOT)/pom.xml $(ROOT)/*/*/pom.xml)
LOCAL_CLI = cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "$(ROOT)/infra/local/target/classes:$$(cat $(LOCAL_CLI_CLASSPATH))" com.example.localaws.cli.LocalAwsCli

# Built through the reactor (never installed), again only when a source changed.
$(LOCAL_CLI_CLASSPATH): $(LOCAL_CLI_SOURCES)
	@$(MVN) -q -DskipTests -pl '!infra/demo' package dependency:build-classpath -Dmdep.outputFile=target/cli.classpath >&2
	@touch $@

.PHONY: up down invoke send drain state redrive
up: $(LOCAL_CLI_CLASSPATH) ## start moto + redis-server + the local push API in the background, create template.yaml's tables/queues/topics/subscriptions and a local producer's signing key, seed ACCOUNTS=file.json (default infra/local/accounts.json); VISIBILITY_TIMEOUT=s shortens the queues' for local runs; REQUIRE_PRODUCER_SIGNATURES=true makes the authorizer refuse unsigned messages
	@$(ROOT)/infra/local/setup.sh >&2 && $(ROOT)/infra/local/setup-rie.sh >&2
	@$(LOCAL_CLI) up --accounts "$(ACCOUNTS)" --visibility-timeout "$(VISIBILITY_TIMEOUT)" --require-producer-signatures "$(REQUIRE_PRODUCER_SIGNATURES)"

down: $(LOCAL_CLI_CLASSPATH) ## stop what make up started (harmless when nothing runs)
	@$(LOCAL_CLI) down

invoke: $(LOCAL_CLI_CLASSPATH) ## FUNCTION=PaymentAuthorizerFunction EVENT=events/purchase.json: the real handler under the Lambda runtime emulator against make up's local AWS; prints its response
	@$(LOCAL_CLI) invoke --function "$(FUNCTION)" --event "$(EVENT)"

send: $(LOCAL_CLI_CLASSPATH) ## MESSAGES=events/payments.jsonl: one message per line to the payments queue, signed with the local producer's key (make up makes it); ATTRIBUTES=name=value,... adds String message attributes to each
	@$(LOCAL_CLI) send --messages "$(MESSAGES)" --attributes "$(ATTRIBUTES)"

drain: $(LOCAL_CLI_CLASSPATH) ## run the event source mappings (payments queue, idempotency stream, notifications queue) until all are idle, then print a summary
	@$(LOCAL_CLI) drain

state: $(LOCAL_CLI_CLASSPATH) ## accounts, ledger rows, idempotency records, DLQ messages and delivered notifications as one JSON document with totals
	@$(LOCAL_CLI) state

redrive: $(LOCAL_CLI_CLASSPATH) ## move the payments DLQ back to the payments queue (what aws sqs start-message-move-task does in AWS; locally receive, send, delete); then make drain
	@$(LOCAL_CLI) redrive

.PHONY: replay
replay: ## FROM=<instant> TO=<instant>, or ON_FAILURE_QUEUE=<url>|local: publish the idempotency table's decisions again (at least once each); TABLE= TOPIC= for AWS, else the local AWS of make up (docs/deploy.md)
	@$(MVN) -q -DskipTests -pl functions/payment-events -am package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/replay.classpath >&2
	@$(ROOT)/infra/local/replay.sh

.PHONY: bench-cpu
bench-cpu: bench-build ## JMH: ns and bytes allocated per message of the pure path (about 2 minutes); JSON in bench/target/jmh-cpu.json
	$(BENCH_JAVA) org.openjdk.jmh.Main -prof gc -rf json -rff bench/target/jmh-cpu.json PaymentPathBenchmark \
		| tee bench/target/jmh-cpu.txt

.PHONY: reliability
reliability: setup ## every reliability scenario at full size, ours vs a Powertools-only baseline -> docs/reliability.md (about 22 minutes on 2 cores)
	$(MVN) -q -pl reliability -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/reliability.classpath
	cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "reliability/target/classes:$$(cat reliability/target/reliability.classpath)" com.example.reliability.ReliabilityReport

# ---- make bench: every benchmark writes a section under bench/target/sections, then docs/benchmarks.md
BENCH_JAVA = cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "bench/target/classes:$$(cat bench/target/bench.classpath)"

.PHONY: bench bench-sections-clear bench-build bench-round-trips bench-latency bench-cpu-section
bench: setup bench-sections-clear bench-cpu bench-cpu-section bench-round-trips bench-latency bench-cold bench-local cost ## every benchmark, ours vs the Powertools baseline, the local AWS at volume and the bill (about 26 minutes) -> docs/benchmarks.md
	$(BENCH_JAVA) com.example.bench.report.BenchmarksReport

bench-sections-clear:
	rm -rf $(ROOT)/bench/target/sections

bench-build:
	$(MVN) -q -pl bench -am package -DskipTests

bench-cpu-section: ## bench/target/jmh-cpu.json (make bench-cpu) as the report's CPU section
	$(BENCH_JAVA) com.example.bench.report.CpuSection

bench-round-trips: setup bench-build ## DynamoDB calls, write units and Redis round trips per message kind, ours vs the baseline (under a minute)
	$(BENCH_JAVA) com.example.bench.endtoend.RoundTrips

bench-latency: setup bench-build ## batches of 10 behind a loopback proxy adding 5 ms per DynamoDB call and 1 ms per Redis round trip (about 1.5 minutes)
	$(BENCH_JAVA) com.example.bench.endtoend.BatchLatency

.PHONY: cost
cost: setup bench-build ## the bill of a million payments, ours vs the Powertools baselines, from a measured run (one to two minutes); DUPLICATE_RATE=0.10 (share of deliveries) HOT_SHARE=0.05 (of payments on one account) COST_PAYMENTS=200 (measured per implementation) PRICES=us-east-1 (bench/src/main/resources/prices-<region>.properties) -> bench/target/sections/70-cost.md
	$(BENCH_JAVA) com.example.bench.endtoend.CostRun "$(COST_PAYMENTS)" "$(DUPLICATE_RATE)" "$(HOT_SHARE)" "$(PRICES)"

.PHONY: bench-local
bench-local: setup bench-build ## the local AWS at volume: make send + make drain of LOCAL_SIZES messages each (default '500 5000 20000', about 20 minutes), every payment checked -> its section of docs/benchmarks.md
	$(BENCH_JAVA) com.example.bench.local.LocalAwsVolume $(LOCAL_SIZES)

.PHONY: bench-cold
bench-cold: setup bench-build ## cold start (init, first batch) and peak RSS under the Lambda runtime emulator: ours vs the Powertools baseline, HTTP clients, JIT/AppCDS, SnapStart priming (about 5 minutes; COLD_RUNS='10 10' = runs of ours and the baseline, of each variant) -> bench/target/sections/40-cold-start.md, 50-memory.md (+ JSON)
	$(BENCH_JAVA) com.example.bench.cold.ColdStartBench $(COLD_RUNS)
