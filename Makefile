# rulecraft: `make run` sets everything up and runs the main job; `make test` runs the whole suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PACK   := content/tem-core

.PHONY: run test lint bench docs clean compiled clean-compiled schemas

# setuptools reports every editable install with an "Editable installation." notice (InformationOnly, not a
# problem); the filter silences that one notice only, so any real packaging warning still shows.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "rulecraft needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS='ignore:Editable installation' $(BIN)/python -m pip install --quiet -e '.[test,docs,cluster]'
	@touch $(STAMP)

# The main job: check the core pack, then a short balance simulation with its report in build/report/.
run: $(STAMP) compiled
	$(BIN)/rulecraft check $(PACK)
	$(BIN)/rulecraft sim $(PACK) --games 200 --jobs 2 --agents heuristic --out build/report

# pytest exits 5 when it collected no test: that is a failure here, never a pass. The test-only games
# (tests/games/*) are registered by tests/conftest.py for the test session only, never in the venv.
# The suite runs in pytest-xdist's worker processes, one a core and at most 4 (each worker repeats the
# session's fixtures), a test file's tests on one worker (--dist loadfile: its module fixtures are made
# once); `make test WORKERS=0` runs it in one process (site/docs/developer/testing.md).
WORKERS ?= auto
test: $(STAMP) lint compiled
	$(BIN)/python -m pytest -n $(WORKERS) --maxprocesses 4 --dist loadfile; status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test: pytest ran no test; failing"; exit 1; fi; \
	exit $$status

# The static checks: ruff; the import layers (import-linter, pyproject's [tool.importlinter]); mypy on the
# core, the plugin host and the games (pyproject's [tool.mypy]), which reads the folders through links under
# their installed names.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo
	@mkdir -p build/typecheck/rulecraft
	@for folder in cli compiler runtime plugins; do ln -sfn ../../../$$folder build/typecheck/rulecraft/$$folder; done
	$(BIN)/mypy

# The rules site (rulebook, rulings, card reference for the core pack) into build/site/, and every other
# shipped game's site into build/site/games/<id>/, linked from its home page; strict.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --config-file site/mkdocs.yml
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m rulecraft.cli.game_sites build/site/games --besides tem

bench: $(STAMP)
	$(BIN)/python -m bench

# The fast build, which `make run` and `make test` make too: the modules a simulation spends its time in (the
# runtime core and each game's `compiled` modules) compiled with mypyc, which comes with mypy (a test
# dependency), into the venv (runtime/native.py), rebuilt only when one of their sources changed. One line
# says what it did; with no C compiler it says why and rulecraft runs pure Python (`rulecraft --version`).
compiled: $(STAMP)
	@$(BIN)/python -m rulecraft.cli.compiled install

clean-compiled: $(STAMP)
	$(BIN)/python -m rulecraft.cli.compiled clean

clean:
	rm -rf $(VENV) build *.egg-info
	find runtime plugins -name '*.so' -delete

# Each content kind's schema, written from its entity part inside the one layering envelope
# (rulecraft.compiler.kind_schema); tests/compiler/test_kind_schemas.py fails when one is stale.
KIND_PARTS = $(wildcard schemas/*/*.entity.json tests/games/*/*/*.entity.json tests/compiler/plugin_kind/*/*.entity.json)
schemas: $(STAMP)
	$(BIN)/python -m rulecraft.cli.kind_schemas $(KIND_PARTS)
