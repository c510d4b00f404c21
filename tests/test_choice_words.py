"""What a choice depends on is on the screen, said once: why a trick was won, a stash card's name,
a chosen ghost."""

from __future__ import annotations

import random
import re

import pytest

from rules.candy_kit.cards import DECK, KING_CARDS
from rules.contract import YOU, seats_text
from rules.games.best_candy.deal import stash_card_text
from rules.registry import games

#: How the candy trick games say why a trick was won (rules/candy_kit/candy_tricks.py `won_by`).
WHY = re.compile(
    r"wins the trick with .+, the (highest|lowest) \S+|led and nobody played a suited card, so .+ takes the trick"
)


@pytest.mark.parametrize(
    ("players", "options"), [(4, {}), (4, {"king_cards": True}), (1, {})], ids=["base", "kings", "solo"]
)
def test_best_candy_says_why_each_trick_was_won_as_the_variants_do(players: int, options: dict[str, bool]) -> None:
    game = games()["best-candy"]
    seen = 0
    for seed in range(3):
        state = game.new_game(players, options, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.result(state) is not None:
                break
            seat = rng.choice(sorted(game.to_act(state)))
            for event in game.apply(state, seat, rng.choice(game.legal_actions(state, seat))):
                if event.kind == "trick":
                    seen += 1
                    assert WHY.search(event.text), event.text
    assert seen > 10


def test_haunted_house_says_it_in_the_same_words() -> None:
    game = games()["haunted-house"]
    state = game.new_game(4, {}, 2)
    rng = random.Random(2)
    texts = []
    for _ in range(200):
        seat = rng.choice(sorted(game.to_act(state)))
        texts += [
            e.text for e in game.apply(state, seat, rng.choice(game.legal_actions(state, seat))) if e.kind == "trick"
        ]
    assert texts
    assert all(WHY.search(text) for text in texts)


def test_a_stash_card_says_its_name_once() -> None:
    assert stash_card_text(KING_CARDS[0]) == "King 0 (Dad Tax)"
    for card in range(len(DECK)):
        assert stash_card_text(card).count(f"({DECK[card].name})") == 1, stash_card_text(card)


def test_the_player_who_chose_a_ghost_reads_it_once() -> None:
    game = games()["ghosts-love-candy"]
    state = game.new_game(3, {}, 4)
    seat = min(game.to_act(state))
    before = state.log_end
    game.apply(state, seat, game.legal_actions(state, seat)[0])
    names = tuple(YOU if s == seat else f"Player {s + 1}" for s in range(3))
    mine = [seats_text(e.text, names) for e in state.log_since(before) if e.visible_to(seat)]
    assert mine == ["You have chosen a ghost."]
