# sbxgate: the gate in front of untrusted Python.
#   make demo   build what it needs, check and run the examples, show a denial, verify the audit log
#   make test   the whole test suite (needs Docker and python3; builds the runner image if missing)
#   make bench  the measured figures in README.md

GO        ?= go
BIN       := bin/sbxgate
VERSION   := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
IMAGE     ?= sbxgate-runner:bookworm
FUZZTIME  ?= 15s
DEMO_DIR  := $(CURDIR)/.demo

.PHONY: all build test vet rego-test fuzz-smoke image deps demo bench bench-parse bench-check bench-policy bench-audit bench-run bench-serve clean

all: build

build:
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/sbxgate

# Debian packages the build needs: mmdebstrap makes the runner image with no registry.
deps:
	@command -v mmdebstrap >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null; \
	  else echo "sbxgate: mmdebstrap is missing: run sudo apt-get install mmdebstrap" >&2; exit 1; fi; }

# The runner image, built from Debian's packages and imported into the local Docker (no registry).
image: build
	@docker image inspect $(IMAGE) >/dev/null 2>&1 || { $(MAKE) --no-print-directory deps && $(BIN) image build --tag $(IMAGE); }

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }

# Everything, against the real Docker daemon, the real python3 and the real OPA.
test: vet image rego-test
	$(GO) test -count=1 -timeout 30m ./...
	$(MAKE) --no-print-directory fuzz-smoke

# The policy as its authors see it: unit tests with full coverage, formatting, strict compile.
rego-test: build
	$(BIN) policy test --threshold 100 rego
	$(BIN) policy test rego/testdata/strict
	$(BIN) policy fmt rego
	$(BIN) policy check rego

# Each fuzz target runs briefly in make test; run longer by hand with FUZZTIME=10m.
fuzz-smoke:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./analyzer/python/parity/
	$(GO) test -run '^$$' -fuzz '^FuzzAnalyze$$' -fuzztime $(FUZZTIME) ./analyzer/

demo: image
	@bash scripts/demo.sh $(BIN) $(DEMO_DIR)

bench: build bench-parse bench-check bench-policy bench-audit bench-run bench-serve

bench-parse:
	$(GO) test -run '^$$' -bench 'ParseStdlib|CPython|Parse5MB|TokenizeStdlib' -benchtime 1x ./analyzer/python/parity/ ./analyzer/python/token/

bench-check: build
	@bash scripts/bench_check.sh $(BIN)
	$(GO) test -run '^$$' -bench 'Analyze|CheckPipeline' ./analyzer/ ./pipeline/

bench-policy:
	$(GO) test -run '^$$' -bench 'Decide' -benchtime 3s ./policy/

bench-audit:
	$(GO) test -run '^$$' -bench 'Append' -count 3 ./audit/

bench-run: image
	$(GO) test -run '^$$' -bench 'Run' -benchtime 40x ./runner/

bench-serve:
	$(GO) test -run '^$$' -bench 'ServeCheck|ServeFloor' -benchtime 5000x ./server/
	$(GO) test -run '^$$' -bench 'ServeRun' -benchtime 40x ./server/

clean:
	rm -rf bin $(DEMO_DIR)
