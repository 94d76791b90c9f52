# sim: two commands do everything on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast test-full fuzz bench check format clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/sim demo --out out/demo

# The tests compile the engines at LLVM -O1 into a cache of their own: a third less compile time on a cold machine
# (CI), the same machine semantics, games about 7% slower. Every sim command, make demo and make bench keep numba's
# default -O3 and the cache beside the sources.
TEST_NUMBA := NUMBA_OPT=1 NUMBA_CACHE_DIR=$(CURDIR)/.numba-test-cache

test: $(STAMP)
	$(TEST_NUMBA) $(BIN)/python -m pytest -q -m "not full" -n auto --dist loadfile

test-full: $(STAMP)
	$(TEST_NUMBA) $(BIN)/python -m pytest -q -n auto --dist loadfile

test-fast: $(STAMP)
	$(TEST_NUMBA) SIM_MC_TRIALS=200000 $(BIN)/python -m pytest -q -m "not slow"

fuzz: $(STAMP)  # a long random search of every input (make test runs a fixed, short sample of it)
	$(TEST_NUMBA) SIM_FUZZ=long SIM_FUZZ_EXAMPLES=$${SIM_FUZZ_EXAMPLES:-40} $(BIN)/python -m pytest -q -p no:cacheprovider tests/fuzz

bench: $(STAMP)
	$(BIN)/python -m bench

check: $(STAMP)
	$(BIN)/ruff check sim strategies reports tests bench

format: $(STAMP)
	$(BIN)/ruff format sim strategies reports tests bench

clean:
	rm -rf $(VENV) out .pytest_cache .numba-test-cache
