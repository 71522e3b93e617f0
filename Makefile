# Two commands do everything: `make lab` opens the course, `make test` runs every test.
# Both create .venv and install the project into it (editable) the first time, and skip that
# when pyproject.toml has not changed since.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: install lab app test lint format notebooks student bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed, found " + sys.version.split()[0]'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

lab: $(STAMP)
	cd notebooks && ../$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 $(ROOT_FLAG) 00_start_here.ipynb

# The stepper app for the front of the room: widgets only, no code. Voila runs inside a Jupyter
# server on 127.0.0.1 with a token, as `lab` does, and the browser opens the app's page.
app: $(STAMP)
	$(BIN)/jupyter server --ServerApp.ip=127.0.0.1 $(ROOT_FLAG) --ServerApp.open_browser=True \
		--ServerApp.root_dir=app --ServerApp.default_url=/voila/render/stepper_app.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Re-run every notebook top to bottom and save it with its outputs (widget state not stored).
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb

# The student version: solutions replaced by `raise NotImplementedError`, outputs cleared.
student: $(STAMP)
	$(BIN)/python -m tools.make_student --out student

# The full benchmark: every method on every bundled set, side by side (a few minutes).
bench: $(STAMP)
	$(BIN)/python -m sudoku_lib bench

clean:
	rm -rf $(VENV) student test-output .pytest_cache .hypothesis
