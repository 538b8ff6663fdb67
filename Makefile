# Two entry points for a fresh machine: `make serve` and `make test`. Each installs what it needs.
SHELL := /bin/bash
# .python-version pins 3.12; take the first interpreter on PATH that is 3.12 or newer.
PYTHON ?= $(shell for p in python3.12 python3.13 python3.14 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null \
	&& echo $$p && break; done)
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1
STAMP := $(VENV)/.installed

.PHONY: install serve build test test-all test-fast lint bench bench-expert lighthouse lock crib-table peg-table win-table \
	expert-tables clean

install: $(STAMP) node_modules/.installed

$(STAMP): requirements.lock pyproject.toml hooks/pyproject.toml tools/pyproject.toml tests/harness/pyproject.toml
	@test -n "$(PYTHON)" || { echo "error: Python 3.12 or newer is needed (see .python-version)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e . || $(BIN)/pip install --quiet --no-deps -e .
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e hooks/  # the hooks package (hooks/pyproject.toml)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e tools/ -e tests/harness/  # static_host, harness
	touch $@

# npm: the pinned Pyodide distribution the site serves itself (package-lock.json).
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "error: Node.js 20 and npm are needed (see README)"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Build, serve site/ as a static host would (precompressed files, cache headers: tools/static_host.py)
# and rebuild when docs/, engine/, hooks/, overrides/ or mkdocs.yml change. PORT=8000 by default.
PORT ?= 8000
serve: install
	$(BIN)/python tools/static_host.py --watch --port $(PORT)

build: install
	$(BIN)/mkdocs build --strict

# One test process per core and one more (pytest-xdist; WORKERS=0 runs them all in this process): the
# extra one keeps the cores busy while a browser test waits on its page (on this two-core machine three
# took 172 s against 183 s for the same browser tests with two). Work stealing: each process starts on its own share of the ordered tests and
# one that runs out takes half of what another has left (xdist's default hands a process that finishes
# early one large run of tests at once, which put every long browser file on one process: the last
# 165 s of a 720 s run on one core). The site is built
# once, in the background while the engine tests run, and served to every worker (tests/conftest.py).
# The pure page modules' unit tests run first (Node's test runner, seconds).
# pytest exits 5 when it collects nothing: treat that as a failure, not a pass.
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))
JS_TESTS := tests/js
test: install
	node --experimental-detect-module --test --test-reporter=dot $(JS_TESTS)/
	@$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "error: no tests were collected"; exit 1; fi; exit $$rc

# The suite with every game played to 121 through the page's controls (WHOLE_GAMES, tests/harness/table.py)
# and the exhaustive engine checks (marked exhaustive: make test runs each at a smaller size).
test-all: export CRIBBAGE_WHOLE_GAMES = 1
test-all: test

# Everything but Chromium (tests/browser/) and the exhaustive checks marked slow.
test-fast: PYTEST_ARGS = -m "not browser and not slow"
test-fast: test

# Zero findings or it fails: ruff (settings in pyproject.toml) on all the Python, mypy --strict on the
# shipped code (the engine and the build hooks), and TypeScript's checker (strict, JSDoc types, no
# emit) on every page script (tsconfig.json).
LINT_PATHS := engine hooks
RUFF_PATHS := $(LINT_PATHS) bench tests tools
lint: install
	$(BIN)/ruff check $(RUFF_PATHS)
	$(BIN)/mypy --strict $(LINT_PATHS)
	node_modules/.bin/tsc -p tsconfig.json

bench: install
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_build.py
	$(BIN)/python bench/bench_browser.py
	$(BIN)/python bench/bench_table.py
	$(BIN)/python bench/bench_table_variants.py
	$(BIN)/python bench/bench_variants_browser.py
	$(BIN)/python bench/bench_opponents.py
	$(BIN)/python bench/bench_analyser.py --browser
	$(BIN)/python bench/bench_first_visit.py
	$(BIN)/python bench/bench_board.py

# Lighthouse (npm, pinned) on the compressing server, mobile preset, with Debian's Chromium.
lighthouse: install
	$(BIN)/python bench/lighthouse_performance.py --runs 3

lock: install
	{ echo "# Pinned versions of every Python package (regenerate: make lock). Installed by make install."; \
	  $(BIN)/pip freeze --exclude-editable | grep -v '^-e'; } > requirements.lock

# The crib table ships as data; this recomputes it exactly (about ten seconds).
crib-table: install
	$(BIN)/python -c "from cribbage.advice import write_crib_table; write_crib_table('engine/cribbage/data/crib_table.json')"

# The expert level's tables ship as data; these rebuild them by seeded simulation, so the same
# code gives the same files (two niced processes: a few minutes each on a shared machine).
expert-tables: peg-table win-table
peg-table: install
	nice -n 19 $(BIN)/python tools/expert_tables.py peg --processes 2
win-table: install
	nice -n 19 $(BIN)/python tools/expert_tables.py win --processes 2

# The expert level against strong and an independent player from PyPI (bench-only requirements).
bench-expert: install
	$(BIN)/pip install --quiet -r bench/requirements.txt
	nice -n 19 $(BIN)/python bench/bench_expert.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) node_modules site build dist .pytest_cache
