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

test: $(STAMP)
	$(BIN)/python -m pytest -q -m "not full" -n auto --dist loadfile

test-full: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --dist loadfile

test-fast: $(STAMP)
	SIM_MC_TRIALS=200000 $(BIN)/python -m pytest -q -m "not slow"

fuzz: $(STAMP)  # a long random search of every input (make test runs a fixed, short sample of it)
	SIM_FUZZ=long SIM_FUZZ_EXAMPLES=$${SIM_FUZZ_EXAMPLES:-40} $(BIN)/python -m pytest -q -p no:cacheprovider tests/fuzz

bench: $(STAMP)
	$(BIN)/python -m bench

check: $(STAMP)
	$(BIN)/ruff check sim strategies reports tests bench

format: $(STAMP)
	$(BIN)/ruff format sim strategies reports tests bench

clean:
	rm -rf $(VENV) out .pytest_cache
