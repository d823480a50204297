# Two commands do everything: `make book` and `make test`. Both create .venv on first use.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NOTEBOOKS := $(shell find chapters -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
# One thread per library so results and timings are reproducible on the 2-core machines we test on.
export OMP_NUM_THREADS ?= 1
export OPENBLAS_NUM_THREADS ?= 1
export MKL_NUM_THREADS ?= 1
export PYDEVD_DISABLE_FILE_VALIDATION := 1

.PHONY: help venv book test unit notebooks lab outputs bench clean

help:
	@echo "make book     build the HTML book into _build/html (strict: warnings are errors)"
	@echo "make test     run the unit tests and strict nbval over every chapter"
	@echo "make lab      open the chapters in JupyterLab"
	@echo "make outputs  re-execute every chapter in place (after changing statlib)"
	@echo "make bench    time statlib against the reference libraries; writes benchmarks/results.json"
	@echo "make clean    remove the build and caches"

$(STAMP): requirements.txt requirements-dev.txt pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "need $(PYTHON) (set PYTHON=...)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements-dev.txt
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $@

venv: $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build -W -n --keep-going .
	@echo "The book is at $(CURDIR)/_build/html/index.html"

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile tests chapters \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile tests

notebooks: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile chapters \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

lab: $(STAMP)
	$(BIN)/python -m pip install -q jupyterlab==4.6.6
	$(BIN)/jupyter lab chapters

outputs: $(STAMP)
	for nb in $(NOTEBOOKS); do \
		$(BIN)/jupyter execute --inplace --kernel_name=python3 "$$nb" || exit 1; \
	done

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf _build .pytest_cache
	find . -name __pycache__ -not -path './$(VENV)/*' -prune -exec rm -rf {} +
