# Two commands do everything: `make lab` opens the course (the learner's copy), `make test` runs
# every test.
# Both create .venv and install the project into it (editable) the first time, and skip that
# when pyproject.toml has not changed since.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: install lab lab-zh lab-teacher app test lint format notebooks notebooks-zh notebook-times \
	student student-zh student-class student-class-zh reset reset-zh bench catalog zh-sync clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed, found " + sys.version.split()[0]'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

LAB := jupyter lab --ServerApp.ip=127.0.0.1 $(ROOT_FLAG) 00_start_here.ipynb

# The learner's copy in learner/: built on first run, then only what is missing or what the course
# updated and the learner had not edited (tools/make_student.py never overwrites a learner's work).
lab: student
	cd learner && ../$(BIN)/$(LAB)

# 中文版: the Chinese learner's copy in learner-zh/, with JupyterLab's own menus in Chinese. The
# language pack is chosen in a settings folder of that copy's own, so `make lab` stays English.
ZH_SETTINGS := learner-zh/.jupyterlab-settings
lab-zh: student-zh
	mkdir -p $(ZH_SETTINGS)/@jupyterlab/translation-extension
	test -f $(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings || \
		echo '{"locale": "zh_CN"}' > $(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings
	cd learner-zh && JUPYTERLAB_SETTINGS_DIR=$(CURDIR)/$(ZH_SETTINGS) ../$(BIN)/$(LAB)

# The teacher's copy: the committed notebooks, with solutions and stored outputs.
lab-teacher: $(STAMP)
	cd notebooks && ../$(BIN)/$(LAB)

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
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Re-run every notebook top to bottom and save it with its outputs (widget state not stored).
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb

notebooks-zh: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False notebooks/zh/*.ipynb

# The library's words in Chinese: extract the English messages, merge them into the .po (new ones
# untranslated, changed ones marked fuzzy), compile the .mo. The tests fail until all are translated.
catalog: $(STAMP)
	$(BIN)/python -m tools.catalog update

# What the Chinese notebooks miss or have stale against the English ones (the tests run it too).
zh-sync: $(STAMP)
	$(BIN)/python -m tools.zh_sync

# The learner's copy (self-study: hints and a folded model solution after each exercise).
student: $(STAMP)
	$(BIN)/python -m tools.make_student --out learner

student-zh: $(STAMP)
	$(BIN)/python -m tools.make_student --lang zh

# A copy to hand out to a class that is graded: the same, without the model solutions.
student-class: $(STAMP)
	$(BIN)/python -m tools.make_student --build class --out class

student-class-zh: $(STAMP)
	$(BIN)/python -m tools.make_student --lang zh --build class --out class-zh

# Build one notebook of the learner's copy afresh (`make reset NB=03`); the old one is backed up
# in learner/backups/ first.
reset: $(STAMP)
	@test -n "$(NB)" || { echo "say which notebook, for example: make reset NB=03"; exit 2; }
	$(BIN)/python -m tools.make_student --out learner --reset $(NB)

reset-zh: $(STAMP)
	@test -n "$(NB)" || { echo "说明要重建哪一本，例如：make reset-zh NB=03"; exit 2; }
	$(BIN)/python -m tools.make_student --lang zh --reset $(NB)

# How long each notebook takes under nbconvert, kernel start included, in both copies (budget 10 s).
notebook-times: $(STAMP)
	$(BIN)/python -m tools.time_notebooks

# The full benchmark: every method on every bundled set, side by side (a few minutes), then the
# stepper's own figures (a far jump beside the bare search, a step back, a step and a redraw).
bench: $(STAMP)
	$(BIN)/python -m sudoku_lib bench
	$(BIN)/python -m sudoku_lib.stepper.bench

# learner/ is left alone: it holds the learner's work.
clean:
	rm -rf $(VENV) class test-output .pytest_cache .hypothesis
