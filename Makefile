# Two commands do everything: `make book` and `make test`. Both create .venv on first use.
# The interpreter: the first of python3.11, python3.12, python3.13 found, else python3 if it is one of those
# versions (Binder stays on 3.11, pinned in runtime.txt). Override with PYTHON=/path/to/python.
SUPPORTED_PYTHON := import sys; sys.exit(not (3, 11) <= sys.version_info[:2] <= (3, 13))
ifndef PYTHON
PYTHON := $(shell for p in python3.11 python3.12 python3.13 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c '$(SUPPORTED_PYTHON)' 2>/dev/null && { echo $$p; break; }; done)
endif
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NOTEBOOKS := $(shell find chapters -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
# One thread per library so results and timings are reproducible on the 2-core machines we test on.
export OMP_NUM_THREADS ?= 1
export OPENBLAS_NUM_THREADS ?= 1
export MKL_NUM_THREADS ?= 1
export PYDEVD_DISABLE_FILE_VALIDATION := 1

.PHONY: help venv book pdf lint test test-portable test-site test-pdf test-binder ci unit notebooks lab outputs bench publish clean

help:
	@echo "make book     build the HTML book into _build/html (strict: warnings are errors)"
	@echo "make test     run the unit tests and strict nbval over every chapter"
	@echo "make lint     check the code style and layout with ruff (part of make test)"
	@echo "make test-portable  rerun the notebooks and unit tests under other OpenBLAS kernels and Numba's generic CPU"
	@echo "make pdf      print the whole book to _build/pdf/book.pdf (headless Chromium)"
	@echo "make ci       what CI runs: test, book, pdf, test-site, test-pdf, test-binder"
	@echo "make test-site  open every page of the built book in headless Chromium and check it"
	@echo "make test-pdf   read the printed book back and check it"
	@echo "make test-binder  run every chapter in a fresh venv made from requirements.txt alone (what Binder gets)"
	@echo "make lab      open the chapters in JupyterLab"
	@echo "make outputs  re-execute every chapter in place (after changing statlib); NB=path for one"
	@echo "make bench    time statlib against the reference libraries; writes benchmarks/results.json"
	@echo "make publish  push the built book to the gh-pages branch of PUBLISH_REMOTE (default: origin)"
	@echo "make clean    remove the build and caches"

$(STAMP): requirements.txt requirements-dev.txt pyproject.toml
	@test -n "$(PYTHON)" || { echo "need Python 3.11, 3.12 or 3.13 (python3.11 ... on PATH, or PYTHON=/path/to/python)"; exit 1; }
	@$(PYTHON) -c '$(SUPPORTED_PYTHON)' || { echo "$(PYTHON) is not Python 3.11-3.13"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements-dev.txt
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $@

venv: $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build --all -W -n --keep-going .
	@echo "The book is at $(CURDIR)/_build/html/index.html"

test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 --dist loadfile tests chapters --ignore=tests/book/site --ignore=tests/book/pdf \
		--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
		statlib --doctest-modules
	$(MAKE) --no-print-directory test-portable

# The committed outputs were computed on one machine; a reader's laptop, GitHub's runners and Binder have other
# CPUs, where OpenBLAS picks other kernels (other summation orders, with or without FMA) and Numba compiles for
# another target. Every printed output must be a property of the mathematics, so the notebooks are run again
# under two OpenBLAS kernels that any x86-64 CPU can execute, with Numba's generic target and a fresh cache.
# The last of these passes, and the unit tests run once more there, have Numba's bounds checking on: an
# out-of-range index in a kernel (a notebook calling a private kernel with the wrong shape, say) fails loudly
# instead of reading or writing stray memory, which may pass on one machine and hang another. Elsewhere than
# x86-64 only Numba's target changes.
PORTABLE_KERNELS ?= $(if $(filter x86_64,$(shell uname -m)),Prescott Sandybridge,native)
test-portable: $(STAMP)
	@for kernel in $(PORTABLE_KERNELS); do \
		echo "Notebooks under OpenBLAS kernel $$kernel with Numba's generic CPU target$$( [ $$kernel = $(lastword $(PORTABLE_KERNELS)) ] && echo ', bounds checking on'):"; \
		env $$( [ $$kernel = native ] || echo OPENBLAS_CORETYPE=$$kernel ) NUMBA_CPU_NAME=generic \
			$$( [ $$kernel = $(lastword $(PORTABLE_KERNELS)) ] && echo NUMBA_BOUNDSCHECK=1 ) \
			NUMBA_CACHE_DIR="$$(mktemp -d)" $(BIN)/python -m pytest -q -n 2 --dist loadfile chapters \
			--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg || exit 1; \
	done
	@echo "Unit tests under OpenBLAS kernel $(firstword $(PORTABLE_KERNELS)), Numba's generic target, bounds checking on:"
	env $$( [ $(firstword $(PORTABLE_KERNELS)) = native ] || echo OPENBLAS_CORETYPE=$(firstword $(PORTABLE_KERNELS)) ) \
		NUMBA_CPU_NAME=generic NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR="$$(mktemp -d)" \
		$(BIN)/python -m pytest -q -n 2 --dist loadfile tests --ignore=tests/book/site --ignore=tests/book/pdf --ignore=tests/book/test_install.py

test-site: $(STAMP)
	scripts/install_browser.sh
	test -f _build/html/index.html || $(MAKE) book
	test -f _build/pdf/book.pdf || $(MAKE) pdf
	$(BIN)/python -m pytest -n 2 tests/book/site

# The book as one PDF: the one-page HTML build of the same sources and committed outputs, printed by the Chromium
# the site test uses (title page, contents, every toc entry in order, solutions open, figure code left out).
pdf: $(STAMP)
	scripts/install_browser.sh
	$(BIN)/jupyter-book build --builder singlehtml -W -n --keep-going .
	$(BIN)/python scripts/make_pdf.py _build/singlehtml _build/pdf/book.pdf

test-pdf: $(STAMP)
	test -f _build/pdf/book.pdf || $(MAKE) pdf
	$(BIN)/python -m pytest -q tests/book/pdf

# What a Binder reader gets: requirements.txt only (plus nbclient, standing in for Binder's Jupyter server),
# then postBuild's cache warm-up, which runs every chapter and fails if one fails.
BINDER_VENV ?= _build/binder-venv
test-binder:
	rm -rf $(BINDER_VENV)
	$(PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python -m pip install -q -r requirements.txt nbclient==0.11.0
	$(BINDER_VENV)/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	NUMBA_CACHE_DIR="$$(mktemp -d)" $(BINDER_VENV)/bin/python scripts/warm_numba_cache.py

# The code's house style (rules in pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check statlib tests benchmarks scripts _ext
	$(BIN)/ruff format --check statlib tests benchmarks scripts _ext

# What CI runs (.ci/run and the GitHub workflows alike).
ci: test book pdf test-site test-pdf test-binder

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile tests --ignore=tests/book/site --ignore=tests/book/pdf

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
	test -f _build/pdf/book.pdf || $(MAKE) pdf
	cp _build/pdf/book.pdf _build/html/book.pdf
	$(BIN)/ghp-import --no-jekyll --push --force --remote "$(PUBLISH_REMOTE)" \
		--message "Publish the book" _build/html

clean:
	rm -rf _build .pytest_cache
	find . -name __pycache__ -not -path './$(VENV)/*' -prune -exec rm -rf {} +
