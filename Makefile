# durak-lessons: every target creates and uses the project virtual environment .venv itself.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: book test lint unit book-build book-test pyodide browser classroom bench clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make book: build the whole book (executed, warnings as errors) and serve it on 127.0.0.1
book: book-build
	@echo "Serving the book at http://127.0.0.1:$(PORT)/index.html  (Ctrl-C stops)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

book-build: $(STAMP)
	$(PY) scripts/build_book.py

## make test: everything CI runs. The unit tests (CPython) and the same tests in Pyodide (which
## needs the book build's Pyodide) run side by side, one core each; each one's output is
## printed when it ends (--output-sync).
test: lint book-build
	$(MAKE) --no-print-directory -j2 --output-sync=target unit pyodide
	$(MAKE) --no-print-directory book-test browser

lint: $(STAMP)
	$(VENV)/bin/ruff check durak_lessons widgets tests benchmarks scripts
	$(VENV)/bin/mypy --strict durak_lessons

unit: $(STAMP)
	$(PY) -m pytest -m "not browser and not book" -q

book-test: $(STAMP)
	$(PY) -m pytest -m "book" -q

## make pyodide: the unit tests inside Pyodide, the browser's CPython 3.14, under Node
## (with the Pyodide the book build assembles: run after book-build)
pyodide: $(STAMP)
	$(PY) scripts/pyodide_tests.py

browser: $(STAMP)
	$(PY) scripts/ensure_browsers.py
	$(PY) -m pytest -m "browser" -q

## make classroom: serve the chapters as a Voila app (MyST chapters converted to
## _build/classroom/*.ipynb first, then `voila _build/classroom/` on 127.0.0.1)
classroom: $(STAMP)
	$(PY) scripts/classroom.py --port $(PORT)

bench: $(STAMP)
	$(PY) benchmarks/engine.py

clean:
	rm -rf _build book/_build book/_contents book/_lite book/_extra/vendor .cache test-output .pytest_cache .mypy_cache .ruff_cache
