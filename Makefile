# Two commands do everything: `make lab` opens the course (the learner's copy), `make test` runs
# every test (but the browser edition's, `make test-lite`, which builds the site first).
# Both create .venv and install the project into it (editable) the first time, and skip that
# when pyproject.toml has not changed since.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: install lab lab-zh lab-teacher app app-zh slides teacher test lint format notebooks notebooks-zh \
	notebook-times student student-zh student-class student-class-zh reset reset-zh bench catalog \
	zh-sync clean grade collect hub hub-load links lite lite-serve test-lite bench-lite lowest

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed, found " + sys.version.split()[0]'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,charts,test,class,lite]'
	touch $(STAMP)

install: $(STAMP)

# PORT=9000 picks the port of `lab`, `lab-teacher`, `app` and `hub` (and fails if it is taken,
# rather than quietly taking the next one); without it each server takes its usual port or the
# next free (the Hub's is 8000).
PORT ?=
LAB_PORT := $(if $(PORT),--ServerApp.port=$(PORT) --ServerApp.port_retries=0,)
APP_PORT := $(if $(PORT),--port=$(PORT) --Voila.port_retries=0,)

# jupyter-server warns that `ServerApp.token` is deprecated whenever an extension reads that old
# setting, though nothing here sets it (the token is IdentityProvider's): the warning is
# jupyter-server's own, so it is filtered by its exact words and no other warning is hidden.
QUIET_TOKEN := PYTHONWARNINGS="ignore:ServerApp.token config is deprecated:DeprecationWarning"

# The printed address opens notebook 00, not the Launcher.
LAB = $(QUIET_TOKEN) ../$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 $(ROOT_FLAG) $(LAB_PORT) \
	--LabApp.default_url=/lab/tree/00_start_here.ipynb

# The learner's copy in learner/: built on first run, then only what is missing or what the course
# updated and the learner had not edited (tools/make_student.py never overwrites a learner's work).
# The learner's lab loads no teacher tool: deploy/learner-jupyter switches nbgrader's and
# JupyterLite's extensions off (`make lab-teacher` keeps them).
LEARNER_JUPYTER := JUPYTER_CONFIG_PATH=$(CURDIR)/deploy/learner-jupyter
lab: student
	cd learner && $(LEARNER_JUPYTER) $(LAB)

# 中文版: the Chinese learner's copy in learner-zh/, with JupyterLab's own menus in Chinese. The
# language pack is chosen in a settings folder of that copy's own, so `make lab` stays English.
ZH_SETTINGS := learner-zh/.jupyterlab-settings
lab-zh: student-zh
	mkdir -p $(ZH_SETTINGS)/@jupyterlab/translation-extension
	test -f $(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings || \
		echo '{"locale": "zh_CN"}' > $(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings
	cd learner-zh && JUPYTERLAB_SETTINGS_DIR=$(CURDIR)/$(ZH_SETTINGS) $(LEARNER_JUPYTER) $(LAB)

# The teacher's copy in teacher/ (git-ignored): the committed notebooks with their solutions and
# stored outputs, solution cells folded. Running and saving there never changes a tracked file;
# the README says how to take a change back into notebooks/. JupyterLab's settings (the font size
# chosen for a projector, Presentation Mode's) are kept in teacher/.jupyterlab-settings, not in
# the account's ~/.jupyter, so they never reach another JupyterLab of the same account.
lab-teacher: teacher
	mkdir -p teacher/.jupyterlab-settings
	cd teacher && JUPYTERLAB_SETTINGS_DIR=$(CURDIR)/teacher/.jupyterlab-settings $(LAB)

teacher: $(STAMP)
	$(BIN)/python -m tools.make_student --build teacher --out teacher

# The stepper app for the front of the room, served by Voila's own server: the app's page and its
# kernel, and nothing else (no JupyterLab, no terminals, no file browser). It listens on 127.0.0.1
# and asks for a token, printed with the address. Its template (app/jupyter/voila/templates/course)
# is Voilà's lab page without stylesheets from a CDN, so the page asks nothing of the internet.
app: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/app/jupyter $(BIN)/voila app/stepper_app.ipynb --template=course \
		--Voila.ip=127.0.0.1 --token $(APP_PORT)

# 中文版 of the app: the same app with every label in Chinese (its kernel reads SUDOKU_LANG).
app-zh:
	SUDOKU_LANG=zh $(MAKE) app

# One reveal.js deck a notebook in build/slides/ (the Chinese ones in build/slides/zh/), opening
# offline: reveal.js, jQuery and RequireJS come from the npm registry (pinned in
# tools/slides_build/package-lock.json) and are copied beside the decks, so a deck loads no script
# from the network.
SLIDES_NPM := tools/slides_build/node_modules/.installed-stamp

$(SLIDES_NPM): tools/slides_build/package.json tools/slides_build/package-lock.json
	cd tools/slides_build && npm ci --no-audit --no-fund --loglevel=error
	touch $(SLIDES_NPM)

slides: $(STAMP) $(SLIDES_NPM)
	$(BIN)/python -m tools.slides --out build/slides

test: $(STAMP)
	$(BIN)/python -m pytest

# The browser edition: the learner's copy as a static JupyterLite site in build/lite/, built from
# npm and PyPI only and needing nothing else at run time (tools/build_lite.py). LITE_PYODIDE=cdn
# builds one that loads Pyodide's full distribution (with matplotlib) from its public address.
# Any static web server serves it; `make lite-serve` is one on http://127.0.0.1:8000 (PORT=...),
# building the site first only if a source changed, sending the precompressed files and cache
# headers (tools/lite_serve.py; its --isolate adds cross-origin isolation, which Kernel -> Interrupt
# needs but this Pyodide kernel's Run All does not survive). Needs npm (Node.js) for Pyodide.
lite: $(STAMP)
	$(BIN)/python -m tools.build_lite

lite-serve: $(STAMP)
	$(BIN)/python -m tools.build_lite --if-stale
	$(BIN)/python -m tools.lite_serve --port $(or $(PORT),8000)

# The site in headless Chromium: notebooks 03, 05, 06 and the Chinese 05 run top to bottom, a
# stepper, three checks, and no request leaving 127.0.0.1. Builds the site first when an input
# changed (a minute or two).
test-lite: $(STAMP)
	$(BIN)/python -m pytest -n 0 -m lite tests/test_lite_browser.py

# The browser edition beside CPython: its size, a cold open, solve and stepping in both.
bench-lite: $(STAMP)
	$(BIN)/python -m tools.build_lite --if-stale
	$(BIN)/python -m tools.bench_lite

# pyproject.toml's lowest versions (the library's and the charts'), installed in build/lowest/ and
# tested there with the tests of what each is needed for.
lowest: $(STAMP)
	$(BIN)/python -m tools.lowest_versions

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
		--ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.record_timing=False notebooks/*.ipynb

notebooks-zh: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.record_timing=False notebooks/zh/*.ipynb

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

# Grade what a class handed in, grading/submitted/<student>/<NN>/<notebook>.ipynb: each answer runs
# sandboxed, the checks judge it in the grader (tools/grade.py). Scores in grading/grades.csv,
# feedback in grading/feedback/<student>/<NN>/, the class's mistakes in grading/report.html.
grade: $(STAMP)
	$(BIN)/python -m tools.grade

# Gather every student's notebooks from the Hub's homes into grading/submitted/ (tools/collect.py);
# HUB_HOMES=/home by default, the folder holding one home a student.
HUB_HOMES ?= /home
collect: $(STAMP)
	$(BIN)/python -m tools.collect --homes $(HUB_HOMES)

# Write the Binder link (and the browser edition's address) into README.md and 00 from the git
# remote; with no remote, say so (tools/make_links.py).
links: $(STAMP)
	$(BIN)/python -m tools.make_links

# JupyterHub needs configurable-http-proxy from npm: installed here, in deploy/node_modules, at the
# version deploy/package-lock.json pins, never globally.
HUB_PROXY := deploy/node_modules/.bin/configurable-http-proxy
$(HUB_PROXY): deploy/package.json deploy/package-lock.json
	cd deploy && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# JupyterHub for a class on this machine, at http://127.0.0.1:8000 (PORT=...): demo students
# student1..3, password sudoku-class, each a system user of their own opening their own class copy
# (deploy/jupyterhub_config.py; not run as root, it says in one line that students are not kept
# apart). The first start makes the students' environment in /opt/sudoku-course/env (from PyPI).
hub: $(STAMP) $(HUB_PROXY)
	$(if $(PORT),SUDOKU_HUB_PORT=$(PORT)) $(BIN)/jupyterhub -f deploy/jupyterhub_config.py

# USERS simulated students through a Hub of its own, each running every notebook (NB=05,06: those
# alone): memory, time to a kernel, cell latency, failures, per student and per notebook.
USERS ?= 5
hub-load: $(STAMP) $(HUB_PROXY)
	$(BIN)/python -m tools.hub_load --users $(USERS) $(if $(NB),--notebooks $(NB))

# Build one notebook of the learner's copy afresh (`make reset NB=03`); the old one is backed up
# in learner/backups/ first. NB reaches the shell as data, never as code: it is read from the
# environment (make puts a command line's variables there), split into words with globbing off,
# and the tool refuses a name that matches no notebook.
reset: $(STAMP)
	@test -n "$$NB" || { echo "say which notebook, for example: make reset NB=03"; exit 2; }
	set -f; $(BIN)/python -m tools.make_student --out learner --reset $$NB

reset-zh: $(STAMP)
	@test -n "$$NB" || { echo "说明要重建哪一本，例如：make reset-zh NB=03"; exit 2; }
	set -f; $(BIN)/python -m tools.make_student --lang zh --reset $$NB

# How long each notebook takes under nbconvert, kernel start included, in both copies (budget 8 s),
# with the CPU time it used and the load average to read the wall times by.
notebook-times: $(STAMP)
	$(BIN)/python -m tools.time_notebooks

# The full benchmark: every method on every bundled set, side by side (a few minutes), then the
# stepper's own figures (a far jump beside the bare search, a step back, a step and a redraw),
# then what `watch` costs over a plain run of the code it watches.
bench: $(STAMP)
	$(BIN)/python -m sudoku_lib bench
	$(BIN)/python -m sudoku_lib.stepper.bench
	$(BIN)/python -m tools.bench_watch
	$(BIN)/python -m tools.bench_bounds

# learner/ is left alone: it holds the learner's work.
clean:
	rm -rf $(VENV) class test-output .pytest_cache .hypothesis deploy/node_modules deploy/.hub \
		build/lite tools/lite_build/node_modules
