# The project's commands (make help). Each target installs what it needs that is missing.
# A target's help is the text after its "##"; the variables it takes follow a second "##".
SHELL := /usr/bin/env bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
MVN := mvn -B -ntp -f $(ROOT)/pom.xml
GOALS := $(or $(MAKECMDGOALS),$(.DEFAULT_GOAL))
# A value in single quotes for the shell, whatever it holds.
quoted = '$(subst ','\'',$(1))'

# ---- mistakes in the variables, told in one line before any work (make help needs nothing)
ifneq ($(filter-out help,$(GOALS)),)
# testing/local-aws/jdk.sh prints the JDK >= 21 to build with, or the one line saying there is none.
JDK := $(shell JAVA_HOME=$(call quoted,$(JAVA_HOME)) $(ROOT)/testing/local-aws/jdk.sh 2>&1)
ifneq ($(.SHELLSTATUS),0)
$(error $(JDK))
endif
override JAVA_HOME := $(JDK)
export JAVA_HOME
endif

# ok when $(1) is 1 to 7 digits, from $(2) to $(3): PAYMENTS by the demo's own rule (infra/demo's
# Demo: 200 to 1000000) and by make compat's (infra/compat's Compat: 50 to 100000).
payments_in = $(shell p=$(call quoted,$(1)); [[ $$p =~ ^[0-9]{1,7}$$ && $$p =~ ^0*([0-9]+)$$ ]] \
  && (( BASH_REMATCH[1] >= $(2) && BASH_REMATCH[1] <= $(3) )) && echo ok || true)
ifneq ($(and $(filter demo,$(GOALS)),$(PAYMENTS)),)
ifneq ($(call payments_in,$(PAYMENTS),200,1000000),ok)
$(error PAYMENTS must be a whole number from 200 to 1000000, was '$(PAYMENTS)': leave it out for 1600, or e.g. make demo PAYMENTS=5000)
endif
endif

ifneq ($(and $(filter compat,$(GOALS)),$(PAYMENTS)),)
ifneq ($(call payments_in,$(PAYMENTS),50,100000),ok)
$(error PAYMENTS must be a whole number from 50 to 100000, was '$(PAYMENTS)': leave it out for 3000, or e.g. make compat PAYMENTS=5000)
endif
endif

# make release's VERSION (docs/release.md): semantic versioning's x.y.z, numbers without leading zeros.
VERSION_VALID = $(shell v=$(call quoted,$(VERSION)); [[ $$v =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$$ ]] && echo ok || true)
ifneq ($(filter release,$(GOALS)),)
ifneq ($(VERSION_VALID),ok)
$(error VERSION must be a semantic version x.y.z, was '$(VERSION)': e.g. make release VERSION=1.1.0)
endif
ifneq ($(filter-out yes,$(TAG)),)
$(error TAG must be yes or left out, was '$(TAG)': TAG=yes tags the released commit vVERSION)
endif
endif

ifneq ($(filter test test-java,$(GOALS)),)
ifneq ($(filter-out moto localstack,$(LOCAL_AWS)),)
$(error LOCAL_AWS must be moto or localstack, was '$(LOCAL_AWS)': leave it out to test against moto)
endif
ifeq ($(LOCAL_AWS)$(shell command -v docker),localstack)
$(error LOCAL_AWS=localstack needs Docker, and no docker command is on PATH: install Docker, or leave LOCAL_AWS out to test against moto)
endif
endif

# LOCAL_AWS_TLS (read by com.example.localaws.LocalTls from the environment make passes on):
# the local AWS answers on HTTPS as AWS does unless it is false (plain HTTP, for debugging).
ifneq ($(filter-out true false,$(LOCAL_AWS_TLS)),)
$(error LOCAL_AWS_TLS must be true or false, was '$(LOCAL_AWS_TLS)': leave it out for HTTPS, as in AWS)
endif

##@ Start here
.PHONY: help setup demo test install-libs
help: ## this list, by group, with the variables each target takes
	@awk -F ' ## ' '/^##@ /{ printf "\n%s\n", substr($$0, 5); next } \
	  /^[a-z-]+:.* ## /{ split($$1, t, ":"); printf "  %-18s %s\n", t[1], $$2; if ($$3 != "") printf "  %-18s   %s\n", "", $$3 }' \
	  $(MAKEFILE_LIST)

setup: ## install what is missing: redis-server, moto, the Lambda runtime emulator
	$(ROOT)/testing/local-aws/setup.sh
	$(ROOT)/testing/local-aws/setup-rie.sh

demo: setup ## ~2 000 payments, duplicates, conflicts, poison, faults; a checked report ## PAYMENTS=1600 (unique payments, 200 to 1000000) LOCAL_AWS_TLS=false (HTTP)
	$(MVN) -q -DskipTests -pl infra/demo -am package dependency:build-classpath -Dmdep.outputFile=target/demo.classpath
	cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "infra/demo/target/classes:$$(cat infra/demo/target/demo.classpath)" com.example.demo.Demo $(PAYMENTS)

test: local-aws-backend setup launcher-and-tools test-java outside-project check-template check-mermaid rehearse ## the whole suite: every test, the template's and diagrams' checks, the rehearsal ## LOCAL_AWS=moto|localstack (LocalStack: Docker) LOCAL_AWS_TLS=false (HTTP)

# The published modules (docs/library.md, "Use it"). -am builds what they need (receiver's tests'
# harness among them): installed beside them, never deployed (only these six say skip false).
PUBLISHED_LIBS := :receiver-bom,:idempotent-receiver-parent,:lambda-kit,:receiver-record,:receiver,:receiver-testkit
install-libs: ## publish the libraries, BOM and test kit (sources, Javadoc) to ~/.m2 ## REPO=folder (a file repository)
	$(if $(REPO),$(MVN) -Dmaven.test.skip=true -pl $(PUBLISHED_LIBS) -am verify deploy:deploy \
	  -DaltDeploymentRepository=receiver-libs::file://$(abspath $(REPO)),\
	  $(MVN) -Dmaven.test.skip=true -pl $(PUBLISHED_LIBS) -am install)

# ---- the local runtime's command line (infra/local-payments, com.example.localpayments.cli): JSON on stdout, progress on stderr
LOCAL_CLI_CLASSPATH := $(ROOT)/infra/local-payments/target/cli.classpath
LOCAL_CLI_SOURCES := $(shell find $(ROOT)/functions $(ROOT)/libs $(ROOT)/testing/lambda-fakes $(ROOT)/testing/local-aws $(ROOT)/infra/local-payments -path '*/src/main/*' -type f 2>/dev/null) $(wildcard $(ROOT)/pom.xml $(ROOT)/*/*/pom.xml)
LOCAL_CLI = cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "$(ROOT)/infra/local-payments/target/classes:$$(cat $(LOCAL_CLI_CLASSPATH))" com.example.localpayments.cli.LocalAwsCli

# Built through the reactor (never installed), again only when a source changed.
$(LOCAL_CLI_CLASSPATH): $(LOCAL_CLI_SOURCES)
	@$(MVN) -q -DskipTests -pl '!infra/demo' package dependency:build-classpath -Dmdep.outputFile=target/cli.classpath >&2
	@touch $@

##@ Local AWS (make up first; each prints one JSON document on stdout)
.PHONY: up down invoke stamp send drain state dlq redrive replay push-api-fault push-api-keys out
up: $(LOCAL_CLI_CLASSPATH) ## moto, TLS Redis Cluster, push API, template.yaml's resources, seeded accounts ## ACCOUNTS=file.json VISIBILITY_TIMEOUT=s REQUIRE_PRODUCER_SIGNATURES=true
	@$(ROOT)/testing/local-aws/setup.sh >&2 && $(ROOT)/testing/local-aws/setup-rie.sh >&2
	@$(LOCAL_CLI) up --accounts "$(ACCOUNTS)" --visibility-timeout "$(VISIBILITY_TIMEOUT)" --require-producer-signatures "$(REQUIRE_PRODUCER_SIGNATURES)"

invoke: $(LOCAL_CLI_CLASSPATH) ## one event through the real handler under the Lambda runtime emulator ## FUNCTION=PaymentAuthorizerFunction EVENT=events/purchase.json
	@$(LOCAL_CLI) invoke --function "$(FUNCTION)" --event "$(EVENT)"

stamp: $(LOCAL_CLI_CLASSPATH) ## an event as if recorded now, for sam local invoke -e - (no make up needed) ## EVENT=events/purchase.json
	@$(LOCAL_CLI) stamp --event "$(EVENT)"

send: $(LOCAL_CLI_CLASSPATH) ## one message per line to the payments queue, signed with the local key ## MESSAGES=events/payments.jsonl ATTRIBUTES=name=value,...
	@$(LOCAL_CLI) send --messages "$(MESSAGES)" --attributes "$(ATTRIBUTES)"

drain: $(LOCAL_CLI_CLASSPATH) ## run the queues and the stream through the functions until idle; a summary
	@$(LOCAL_CLI) drain

state: $(LOCAL_CLI_CLASSPATH) ## accounts, ledger, records, DLQs, notifications delivered, queue depths; totals
	@$(LOCAL_CLI) state

dlq: $(LOCAL_CLI_CLASSPATH) ## a queue's messages to act on, its in-flight and delayed counts; DELETE= deletes ## QUEUE=PaymentsDeadLetterQueue DELETE=<message id>,... BODY=true
	@$(LOCAL_CLI) dlq --queue "$(QUEUE)" --delete "$(DELETE)" --body "$(BODY)"

redrive: $(LOCAL_CLI_CLASSPATH) ## move a DLQ back to its queue (all or some); says why fewer; then make drain ## FROM=<DLQ> TO=<queue> (logical ids) MESSAGE_ID=<id>,... OUTCOME= REASON=
	@$(LOCAL_CLI) redrive --from "$(FROM)" --to "$(TO)" --message-id "$(MESSAGE_ID)" --outcome "$(OUTCOME)" --reason "$(REASON)"

out: $(LOCAL_CLI_CLASSPATH) ## a stack output's local value, as the runbook's out() reads it (docs/deploy.md) ## NAME=PaymentsDeadLetterQueueUrl (empty: every output)
	@$(LOCAL_CLI) outputs --name "$(NAME)"

push-api-fault: $(LOCAL_CLI_CLASSPATH) ## the local push API fails the next COUNT notifications (COUNT=0: back) ## COUNT=20 STATUS=503 (a 4xx or 5xx)
	@$(LOCAL_CLI) push-api-fault --count "$(COUNT)" --status "$(STATUS)"

push-api-keys: $(LOCAL_CLI_CLASSPATH) ## the local push API admits only these keys of its credential's secret (rotation) ## KEY_IDS=local-1,k-2026-12 (empty: every key the secret holds)
	@$(LOCAL_CLI) push-api-keys --key-ids "$(KEY_IDS)"

replay: ## publish the idempotency table's decisions again (docs/deploy.md) ## FROM= TO= or ON_FAILURE_QUEUE=<url>|local; TABLE= TOPIC= for AWS
	@$(MVN) -q -DskipTests -pl functions/payment-events -am package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/replay.classpath >&2
	@$(ROOT)/testing/local-aws/replay.sh

down: $(LOCAL_CLI_CLASSPATH) ## stop what make up started (harmless when nothing runs)
	@$(LOCAL_CLI) down

##@ Checks (parts of make test)
.PHONY: build test-java outside-project local-aws-backend test-launcher launcher-and-tools check-template check-mermaid rehearse rehearse-tools
build: ## compile and package every module (no tests)
	$(MVN) -DskipTests package

# The libraries' API against the last release's jars, which make last-release built (pom.xml's
# profile last-release-api, docs/library.md "What is API"); read when the recipe runs.
LAST_RELEASE_API = -Dlast.release.dir=$(ROOT)/target/last-release \
  -Dlast.release.version=$$($(ROOT)/infra/release/last-release.sh | cut -d' ' -f1)

# Two modules at a time, as their dependencies allow (-T 2): each module's local AWS in its own
# folder on its own ports (LocalAwsFolder), every launcher appending whole lines to the one recording.
test-java: local-aws-backend setup rehearse-tools last-release ## every Java test (JUnit 5) against the local AWS ## LOCAL_AWS=moto|localstack (LocalStack: Docker) LOCAL_AWS_TLS=false (HTTP)
	rm -f $(ROOT)/target/local-aws/calls.jsonl # the functions' calls, recorded afresh for make rehearse
	$(MVN) -T 2 verify $(if $(LOCAL_AWS),-Dlocal.aws.backend=$(LOCAL_AWS)) $(LAST_RELEASE_API)

outside-project: ## a project outside the checkout on the published libraries and test kit alone
	$(ROOT)/examples/outside-project/run.sh

# LOCAL_AWS=localstack: the docker command was found before any work (above); here, before the
# tests, the Docker engine must answer Testcontainers, else the run stops, non-zero.
local-aws-backend:
	@if [ "$(LOCAL_AWS)" = localstack ]; then \
	  $(MVN) -q -DskipTests -pl testing/local-aws -am package dependency:build-classpath -Dmdep.outputFile=target/preflight.classpath >&2 \
	    && cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "testing/local-aws/target/classes:$$(cat testing/local-aws/target/preflight.classpath)" com.example.localaws.localstack.Preflight; \
	fi

test-launcher: setup ## the moto launcher's own tests (pytest)
	$(ROOT)/testing/local-aws/test-launcher.sh

# make test's: the launcher's tests beside the installs of the rehearsal's tools (pip and npm
# mostly wait on downloads), once make setup has installed the Debian packages either needs.
launcher-and-tools: setup
	$(MAKE) --no-print-directory -j 2 --output-sync=target test-launcher rehearse-tools

check-template: ## cfn-lint, sam validate --lint, checkov and sam build on template.yaml
	$(ROOT)/testing/local-aws/check-template.sh

check-mermaid: ## every mermaid block of README.md and docs/*.md parsed by Mermaid itself (~5 s)
	$(ROOT)/infra/mermaid/check-mermaid.sh

rehearse-tools: ## install the test tools: SAM, IAM evaluator, cloudsplaining, webhook verifiers
	$(ROOT)/infra/rehearse/setup-rehearse-tools.sh

rehearse: ## template.yaml offline: IAM, routes, SnapStart, stack life, the deploy path ## RECORD=1 (first commit this checkout's recorded calls)
	RECORD="$(RECORD)" $(ROOT)/infra/rehearse/rehearse.sh

##@ Release (docs/release.md)
.PHONY: release last-release compat
release: ## clean tree only: packages, libs, SBOMs, checksums -> target/release/VERSION ## VERSION=x.y.z TAG=yes (tag the commit vVERSION)
	VERSION=$(call quoted,$(VERSION)) TAG=$(call quoted,$(TAG)) $(ROOT)/infra/release/release.sh

last-release: ## the last release (infra/release/released.tsv) built once: target/last-release
	$(ROOT)/infra/release/last-release.sh --build

# make compat (docs/deploy.md, "Two versions side by side"): one line per run of the two versions,
# on the local AWS, then in the simulation (make compat-sim, docs/simulation.md "Two versions").
compat: setup last-release ## the last release beside the tree: local AWS, then simulated; counts, oracles ## PAYMENTS=3000 (unique payments, 50 to 100000)
	$(MVN) -q -DskipTests -pl infra/compat -am package dependency:build-classpath -Dmdep.outputFile=target/compat.classpath && cd $(ROOT) \
	  && $(JAVA_HOME)/bin/java -cp "infra/compat/target/classes:$$(cat infra/compat/target/compat.classpath)" com.example.compat.Compat $(PAYMENTS)
	$(MAKE) --no-print-directory compat-sim

##@ Measurements (not part of make test)
# ---- make bench: every benchmark writes a section under bench/target/sections, then docs/benchmarks.md
BENCH_JAVA = cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "bench/target/classes:$$(cat bench/target/bench.classpath)"

.PHONY: bench bench-sections-clear bench-build bench-cpu bench-cpu-section bench-round-trips bench-latency bench-cold bench-local bench-report cost reliability reliability-report
bench: setup bench-sections-clear bench-cpu bench-cpu-section bench-round-trips bench-latency bench-cold bench-local cost ## every benchmark and the bill, ours vs Powertools -> docs/benchmarks.md (~27 m) ## LOCAL_SIZES= COLD_RUNS= (as below)
	$(BENCH_JAVA) com.example.bench.report.BenchmarksReport

bench-sections-clear:
	rm -rf $(ROOT)/bench/target/sections

bench-build:
	$(MVN) -q -pl bench -am package -DskipTests

bench-cpu: bench-build ## JMH: ns and bytes per message of the pure path (about 2 minutes)
	$(BENCH_JAVA) org.openjdk.jmh.Main -prof gc -rf json -rff bench/target/jmh-cpu.json PaymentPathBenchmark \
		| tee bench/target/jmh-cpu.txt
	$(MVN) -q -pl libs/receiver -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
		-Dmdep.outputFile=target/jmh.classpath
	cd $(ROOT) && $(JAVA_HOME)/bin/java \
		-cp "libs/receiver/target/test-classes:libs/receiver/target/classes:$$(cat libs/receiver/target/jmh.classpath)" \
		org.openjdk.jmh.Main -prof gc -rf json -rff bench/target/jmh-receiver.json ProducerSignaturesBenchmark \
		| tee bench/target/jmh-receiver.txt

bench-cpu-section: ## bench/target/jmh-cpu.json (make bench-cpu) as the report's CPU section
	$(BENCH_JAVA) com.example.bench.report.CpuSection

bench-round-trips: setup bench-build ## DynamoDB calls, write units, Redis round trips per message kind
	$(BENCH_JAVA) com.example.bench.endtoend.RoundTrips

bench-latency: setup bench-build ## batches of 10 behind a proxy adding 5 ms per DynamoDB, 1 ms per Redis call
	$(BENCH_JAVA) com.example.bench.endtoend.BatchLatency

bench-cold: setup bench-build ## cold start and peak memory under the runtime emulator, per variant ## COLD_RUNS='10 10' (main, other variants) COLD_AGAINST=<built checkout>
	export COLD_AGAINST="$(COLD_AGAINST)"; $(BENCH_JAVA) com.example.bench.cold.ColdStartBench $(COLD_RUNS)

cost: setup bench-build ## the bill of a million payments, ours vs Powertools, measured (~2 min) ## DUPLICATE_RATE=0.10 HOT_SHARE=0.05 COST_PAYMENTS=200 PRICES=us-east-1
	$(BENCH_JAVA) com.example.bench.endtoend.CostRun "$(COST_PAYMENTS)" "$(DUPLICATE_RATE)" "$(HOT_SHARE)" "$(PRICES)"

bench-local: setup bench-build ## make send + make drain at volume, every payment checked ## LOCAL_SIZES='500 5000 20000' (messages per run)
	$(BENCH_JAVA) com.example.bench.local.LocalAwsVolume $(LOCAL_SIZES)

bench-report: bench-build ## docs/benchmarks.md again from the saved sections and figures (seconds)
	$(BENCH_JAVA) com.example.bench.endtoend.RoundTrips --from-saved-figures
	$(BENCH_JAVA) com.example.bench.endtoend.BatchLatency --from-saved-figures
	$(BENCH_JAVA) com.example.bench.local.LocalAwsVolume --from-saved-figures
	$(BENCH_JAVA) com.example.bench.report.BenchmarksReport --merge

# The reliability module built, with its runtime classpath, and its report's main class on it.
RELIABILITY_BUILD = $(MVN) -q -pl reliability -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/reliability.classpath
RELIABILITY_REPORT = cd $(ROOT) && $(JAVA_HOME)/bin/java -cp "reliability/target/classes:$$(cat reliability/target/reliability.classpath)" com.example.reliability.ReliabilityReport

reliability: setup ## every fault scenario, ours vs Powertools -> docs/reliability.md (~45 min) ## SCENARIOS=Kind.NAME,... (only those, merged into the saved results)
	$(RELIABILITY_BUILD)
	$(RELIABILITY_REPORT) $(if $(SCENARIOS),--scenarios $(call quoted,$(SCENARIOS)))

# ---- make simulate: the real receiver on a virtual clock against the models of sim/ (never the local AWS)
SIM_JAVA = cd $(ROOT) && $(JAVA_HOME)/bin/java -XX:MaxRAMPercentage=50 -cp "sim/target/classes:$$(cat sim/target/sim.classpath)" com.example.sim.SimulateCommand

SIM_BUILD = $(MVN) -q -DskipTests -pl sim -am package dependency:build-classpath -Dmdep.outputFile=target/sim.classpath >&2

.PHONY: simulate compat-sim
simulate: ## 20 seeds x 50 000 payments x 7 days, fast path on, oracles, shrinking (~2 m) ## SEED= PROFILE=peak|swarm|canary|regions DESIGN= DRAW= CACHE=off QUEUE=fifo
	$(SIM_BUILD)
	$(SIM_JAVA) SEED=$(call quoted,$(SEED)) SEEDS=$(call quoted,$(SEEDS)) PAYMENTS=$(call quoted,$(PAYMENTS)) \
	  PROFILE=$(call quoted,$(PROFILE)) KEEP_PAYMENTS=$(call quoted,$(KEEP_PAYMENTS)) KEEP_FAULTS=$(call quoted,$(KEEP_FAULTS)) \
	  RATE=$(call quoted,$(RATE)) MINUTES=$(call quoted,$(MINUTES)) CONCURRENCY=$(call quoted,$(CONCURRENCY)) \
	  WARM_WRITE_UNITS=$(call quoted,$(WARM_WRITE_UNITS)) SHRINK=$(call quoted,$(SHRINK)) \
	  RESERVED=$(call quoted,$(RESERVED)) LAMBDA_THROTTLE_MINUTES=$(call quoted,$(LAMBDA_THROTTLE_MINUTES)) \
	  CACHE=$(call quoted,$(CACHE)) QUEUE=$(call quoted,$(QUEUE)) DRAW=$(call quoted,$(DRAW)) RULES=$(call quoted,$(RULES)) \
	  DESIGN=$(call quoted,$(DESIGN)) HOT=$(call quoted,$(HOT))

compat-sim: last-release ## the last release and the working tree on one alias, simulated (~3 m) ## SEED= SEEDS=5 PAYMENTS=3000
	$(SIM_BUILD)
	$(SIM_JAVA) PROFILE=compat RELEASE="$$($(ROOT)/infra/release/last-release.sh --build)" SEED=$(call quoted,$(SEED)) \
	  SEEDS=$(call quoted,$(SEEDS)) PAYMENTS=$(call quoted,$(PAYMENTS)) KEEP_PAYMENTS=$(call quoted,$(KEEP_PAYMENTS)) \
	  KEEP_FAULTS=$(call quoted,$(KEEP_FAULTS)) SHRINK=$(call quoted,$(SHRINK))

reliability-report: ## docs/reliability.md again from reliability/target/results.json (seconds)
	$(RELIABILITY_BUILD)
	$(RELIABILITY_REPORT) --from-saved-results
