# Two commands set up a fresh machine: `make run` (the bot) and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
GAME   ?= closest-ghost
SEATS  ?=
SEED   ?=
GAMES  ?= 100
LEVEL  ?= normal
NEW    ?=
OPTIONS ?=
# The tests run on every core (pytest-xdist; each worker has its own PostgreSQL cluster and temp folders),
# and the run ends with the fifteen slowest, so a test that grows slow is seen.
PYTEST_FLAGS ?= -n auto --durations=15
# Python caches compiled modules in __pycache__ unless told not to: a test run starts dozens of Python
# processes (xdist workers, bots in child processes), each of which would otherwise compile the project again.
unexport PYTHONDONTWRITEBYTECODE

# OPTIONS as one shell word, whatever it holds (spaces, commas, quotes): it reaches the bot as typed.
OPTIONS_WORD = '$(subst ','"'"',$(OPTIONS))'

.PHONY: run test lint typecheck pytest play simulate games rules bench pictures docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's dependencies change.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

# Without a token, `make run` ends with the bot's explanation, not with make's error line: the
# settings are checked before any recipe runs, and --question then ends make with status 1, quietly.
ifeq ($(MAKECMDGOALS),run)
ifneq ($(shell $(MAKE) -s --no-print-directory $(VENV)/.installed >&2 && $(BIN)/python -m bot run --check >&2; echo $$?),0)
MAKEFLAGS += --question
endif
endif

run: $(VENV)/.installed
	$(BIN)/python -m bot run

test: $(VENV)/.installed-test
	$(BIN)/ruff check rules persistence bot tests bench
	$(BIN)/ruff format --check rules persistence bot tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest $(PYTEST_FLAGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check rules persistence bot tests bench
	$(BIN)/ruff format --check rules persistence bot tests bench

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

pytest: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PYTEST_FLAGS)

# Play in the terminal against computer seats: make play GAME=closest-ghost SEED=7 LEVEL=hard
# (NEW=1 starts a new game instead of resuming; OPTIONS="tiny_tim=true beyond=true" sets game options,
# a value running to the next name=, so OPTIONS="king_cards=true chosen_kings=tax veto trade 5" works)
play: $(VENV)/.installed
	$(BIN)/python -m bot play $(GAME) --level $(LEVEL) $(if $(SEATS),--seats $(SEATS)) $(if $(SEED),--seed $(SEED)) \
		$(if $(NEW),--new) $(if $(OPTIONS),--options $(OPTIONS_WORD))

# Computer seats only: make simulate GAME=closest-ghost GAMES=500
simulate: $(VENV)/.installed
	$(BIN)/python -m bot simulate $(GAME) --games $(GAMES) --level $(LEVEL) $(if $(SEATS),--seats $(SEATS)) \
		$(if $(SEED),--seed $(SEED)) $(if $(OPTIONS),--options $(OPTIONS_WORD))

# The game ids, and how one is played: make rules GAME=13-ghosts
games: $(VENV)/.installed
	$(BIN)/python -m bot games

rules: $(VENV)/.installed
	$(BIN)/python -m bot rules $(GAME)

bench: $(VENV)/.installed-test
	$(BIN)/python -m bench.rules
	$(BIN)/python -m bench.sessions
	$(BIN)/python -m bench.pictures

# The README's table pictures, one per game, drawn by the bot's own code.
pictures: $(VENV)/.installed
	$(BIN)/python -m bot pictures docs/pictures

# One page per game in docs/games, written from the game's /rules pages, options and docs.md.
docs: $(VENV)/.installed
	$(BIN)/python -m bot docs docs/games

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
