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

.PHONY: help venv book test test-site test-binder unit notebooks lab outputs bench publish clean

help:
	@echo "make book     build the HTML book into _build/html (strict: warnings are errors)"
	@echo "make test     run the unit tests and strict nbval over every chapter"
	@echo "make test-site  open every page of the built book in headless Chromium and check it"
	@echo "make test-binder  run every chapter in a fresh venv made from requirements.txt alone (what Binder gets)"
	@echo "make lab      open the chapters in JupyterLab"
	@echo "make outputs  re-execute every chapter in place (after changing statlib); NB=path for one"
	@echo "make bench    time statlib against the reference libraries; writes benchmarks/results.json"
	@echo "make publish  push the built book to the gh-pages branch of PUBLISH_REMOTE (default: origin)"
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
	$(BIN)/jupyter-book build --all -W -n --keep-going .
	@echo "The book is at $(CURDIR)/_build/html/index.html"

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile tests chapters --ignore=tests/book/site \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
	@echo "Unit tests again with Numba bounds checking: an out-of-range index in a kernel fails loudly."
	NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR="$$(mktemp -d)" \
		$(BIN)/python -m pytest -q -n 2 --dist loadfile tests --ignore=tests/book/site --ignore=tests/book/test_install.py

test-site: $(STAMP)
	scripts/install_browser.sh
	test -f _build/html/index.html || $(MAKE) book
	$(BIN)/python -m pytest -n 2 tests/book/site

# What a Binder reader gets: requirements.txt only (plus nbclient, standing in for Binder's Jupyter server),
# then postBuild's cache warm-up, which runs every chapter and fails if one fails.
BINDER_VENV ?= _build/binder-venv
test-binder:
	rm -rf $(BINDER_VENV)
	$(PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python -m pip install -q -r requirements.txt nbclient==0.11.0
	$(BINDER_VENV)/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	NUMBA_CACHE_DIR="$$(mktemp -d)" $(BINDER_VENV)/bin/python scripts/warm_numba_cache.py

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile tests --ignore=tests/book/site

notebooks: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile chapters \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

lab: $(STAMP)
	$(BIN)/python -m pip install -q jupyterlab==4.6.6
	$(BIN)/jupyter lab chapters

outputs: $(STAMP)
	$(BIN)/python scripts/execute_notebooks.py $(or $(NB),$(NOTEBOOKS))

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run --chapters --suite

# Manual deploy with ghp-import: commits _build/html to the gh-pages branch (with .nojekyll, so that
# _static/ is served) and pushes it. CI deploys through the official Pages actions instead.
PUBLISH_REMOTE ?= origin
publish:
	test -x $(BIN)/ghp-import || $(MAKE) venv
	test -f _build/html/index.html || $(MAKE) book
	$(BIN)/ghp-import --no-jekyll --push --force --remote "$(PUBLISH_REMOTE)" \
		--message "Publish the book" _build/html

clean:
	rm -rf _build .pytest_cache
	find . -name __pycache__ -not -path './$(VENV)/*' -prune -exec rm -rf {} +
