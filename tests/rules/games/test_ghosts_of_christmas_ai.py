"""Ghosts of Christmas' computer players: the look-ahead's own shortcuts agree with the rules, and
hard is that look-ahead with more guessed deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ai.hooks import hooks_for
from rules.ai.levels import HardLevel, NormalLevel
from rules.games.ghosts_of_christmas import ai
from rules.games.ghosts_of_christmas.ai import (
    BID_SPREAD,
    HARD_DEALS,
    _hand_wins,
    _own_choice,
    _winner,
    hard,
    win_chance,
)
from rules.games.ghosts_of_christmas.cards import CARD_BY_TOKEN, DECK_SIZE, ERA_INDEX, deck
from rules.games.ghosts_of_christmas.scoring import era_winner
from rules.games.ghosts_of_christmas.state import GhostsState, GhostsView
from rules.registry import games
from tests.rules.test_ai import random_states


def test_the_look_aheads_era_winner_is_the_rules_era_winner() -> None:
    # The look-ahead scores thousands of eras a decision, so it has a quick copy of `era_winner`
    # without the trick core's bookkeeping: it must name the same seat for every era.
    rng = random.Random(12)
    for _ in range(20_000):
        players = rng.choice((3, 4))
        row: list[int | None] = list(rng.sample(range(DECK_SIZE), players))
        leader = rng.randrange(players)
        assert _winner(row, leader) == era_winner(row, leader)[0], (row, leader)


@pytest.mark.parametrize("options", [{}, {"tiny_tim": True}])
def test_hard_bids_near_normal_and_plays_normals_look_ahead_over_more_guessed_deals(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games()["ghosts-of-christmas"]
    assert hooks_for(game).hard is hard
    asked: list[int] = []

    def counting(view: Any, me: int, hand: list[int], count: int, rng: random.Random) -> Any:
        asked.append(count)
        return dealing(view, me, hand, count, rng)

    dealing = ai._round_deals
    monkeypatch.setattr(ai, "_round_deals", counting)
    checked = 0
    for index, state in enumerate(random_states(game, 3, options, count=12, seed=5)):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        asked.clear()
        chosen = HardLevel().choose(game, state, seat, random.Random(index))
        assert chosen in legal
        if legal[0].kind == "bid":
            usual = NormalLevel().choose(game, state, seat, random.Random(index))
            assert chosen == usual or (
                chosen.args[1] == 0 and abs(int(chosen.args[0]) - int(usual.args[0])) <= BID_SPREAD
            )
            continue
        NormalLevel().choose(game, state, seat, random.Random(index))
        assert asked[0] == HARD_DEALS * asked[1]
        checked += 1
    assert checked >= 5


def test_the_hand_hard_plays_out_for_its_bid_is_the_rules_hand_with_every_seat_to_its_aim() -> None:
    # Hard's bid plays whole hands out on plain lists, for speed: the same choices made through
    # the rules must give every seat the same wreaths.
    game = games()["ghosts-of-christmas"]
    chance = {c: win_chance(c, 3) for c in deck(3)}
    for seed in range(8):
        state = game.setup(3, game.Options(), seed)
        assert isinstance(state, GhostsState)
        rng = random.Random(seed)
        for _ in range(3):
            game._apply(state, state.turn, game.legal_actions(state, state.turn)[2 * rng.randrange(7)])
        aims = [float(purple or 0) for purple in state.purple]
        view = game.view(state, 0)
        assert isinstance(view, GhostsView)
        wins = _hand_wins(view, [list(held) for held in state.hands], aims, chance)
        counted = [0, 0, 0]
        while state.hand_number == 0:
            seat, held = state.turn, state.hands[state.turn]
            legal = game.legal_actions(state, seat)
            options = [(CARD_BY_TOKEN[str(a.args[0])], ERA_INDEX[str(a.args[1])]) for a in legal]
            beyond = len(held) - sum(1 for row in state.played if row[seat] is None)
            later = sum(chance[c] for c in held) * beyond / len(held) if beyond > 0 else 0.0
            chosen = _own_choice(options, state.played, state.wreaths[seat] + later < aims[seat], chance)
            for event in game._apply(state, seat, legal[options.index(chosen)]):
                if event.kind == "era":
                    assert event.said is not None
                    counted[dict(event.said.roles)["who"]] += 1
        assert wins == counted
        assert sum(wins) == 12
