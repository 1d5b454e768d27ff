# The two commands of the README: `make run` (build and serve with an embedded PostgreSQL and demo data) and
# `make test` (every test tier; CI runs it through .ci/run). Each target installs what is missing first.
# The steps live in scripts/ so they read top to bottom and can run without make.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

# A compiler cache that outlives the clone: paths are made relative to the checkout (CCACHE_BASEDIR) and the
# working directory is not hashed, so a fresh clone in another directory still hits the cache.
CCACHE_DIR ?= $(HOME)/.cache/ccache
export CCACHE_DIR
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
# Debian's interpreter: the first python3 on PATH may be a pyenv one without python3-pytest and friends.
export PYTHON := /usr/bin/python3

.PHONY: help deps run build build-dev test unit integration functional fuzz soak bench format lint clean distclean

help:
	@echo "make run    build the release binary, seed demo data and serve http://localhost:8080"
	@echo "make test   format check, dev build (ASan/UBSan), unit + integration + functional tests"
	@echo "make unit | integration | functional   one tier against the dev build"
	@echo "make fuzz   libFuzzer targets (clang-14) FUZZ_SECONDS each, default 60 (see docs/architecture.md)"
	@echo "make soak   the release binary under a steady mix of use, SOAK_MINUTES (default 30); fails on growth"
	@echo "make bench  wrk/pgbench measurements (see docs/performance.md)"
	@echo "make format | lint | clean | distclean (also removes var/: the embedded database)"

deps:
	scripts/install-deps.sh

run:
	scripts/run.sh

build: deps
	cmake --preset release
	cmake --build --preset release

build-dev: deps
	cmake --preset dev
	cmake --build --preset dev

test:
	scripts/test.sh

# The tiers one at a time, against the dev build. ctest labels (cmake/ArtelLibrary.cmake): `unit` (no database)
# and `integration` (a throwaway embedded PostgreSQL); `make test` runs both and everything else.
unit: build-dev
	ctest --preset dev -j2 --output-on-failure --no-tests=error -L unit

integration: build-dev
	ctest --preset dev -j2 --output-on-failure --no-tests=error -L integration

functional: build-dev
	ARTEL_BIN=build/dev/apps/artel/artel $(PYTHON) -m pytest -q tests/functional

# The fuzz targets (fuzz/) built with clang-14 and libFuzzer, each run FUZZ_SECONDS (default 60); findings go
# to build/fuzz-findings/. `make test` replays their corpora through the dev build (ctest -L fuzz-replay).
fuzz: deps
	scripts/fuzz.sh

# A bounded soak of the release binary (tests/soak/soak.py): fails if memory or descriptors grow after the
# warm-up, a burst of sockets' memory does not come back, a request fails or a message is lost or doubled.
soak: deps
	scripts/soak.sh

bench: deps
	benchmarks/run.sh

format:
	scripts/format.sh

lint:
	scripts/lint.sh

clean:
	rm -rf build

distclean: clean
	rm -rf var frontend/node_modules frontend/dist
