# Two entry points: `make serve` and `make test`. Everything else is set-up they share.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
# The first Python 3.12+ on this machine (pyenv shims answer even for versions that are not active).
PYTHON ?= $(shell for p in python3.12 python3.13 python3.14 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { echo $$p; break; }; done)
# Training data for the model tests; never committed.
export NAMES_TXT ?= $(abspath ../shared/data/names.txt)

.PHONY: setup build serve test bench browser clean

setup: $(VENV)/.installed node_modules/.installed

# The packages at the versions in constraints.txt, which the tests last passed with.
$(VENV)/.installed: pyproject.toml constraints.txt
	@test -n "$(PYTHON)" || { echo "Python 3.12 or newer is needed (see .python-version)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	touch $@

# Then Pyodide's standard library, compiled ahead by Pyodide itself (site_builder/compiled_stdlib.py),
# and the runtime's compressed copies (site_builder/precompress.py): made once per install.
node_modules/.installed: package.json package-lock.json $(VENV)/.installed
	npm ci --no-audit --no-fund
	$(BIN)/python -m site_builder.compiled_stdlib
	$(BIN)/python -m site_builder.precompress
	touch $@

# Debian's Chromium for the browser tests, installed only when it is missing.
browser:
	@command -v /usr/bin/chromium >/dev/null || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; }

build: setup
	$(BIN)/course build

serve: setup
	$(BIN)/course serve

# The slowest tests are named at the end: CI must stay well under 30 minutes on a 2-core machine.
# One file after another: with two pytest-xdist workers (1212-1250 s against 1534 s) two
# Chromiums share the cores, and Stop's half-second grace for Python was missed once in CI.
test: setup browser
	$(BIN)/pytest --durations=20

bench: setup browser
	$(BIN)/python bench/run.py
	$(BIN)/python bench/model.py
	$(BIN)/python bench/training_speed.py

clean:
	rm -rf dist .cache
