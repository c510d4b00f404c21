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

#: How the candy trick games say why a trick was won (rules/candy_kit/candy_tricks.py `trick_won`).
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


def test_the_closest_ghost_table_gives_every_squares_arrows_in_text() -> None:
    from bot.renderers.closest_ghost import RENDERER
    from bot.screens import seen_of
    from rules.games.closest_ghost import board

    game = games()["closest-ghost"]
    state = game.new_game(2, {}, 1)
    screen = RENDERER.table(seen_of(game, state, None, ("Ana", "Bo")))
    field = next(f for f in screen.fields if f.name == "Arrows out of each square")
    rows = [line for line in field.value.splitlines() if line[:1] in tuple(board.ROW_LETTERS)]
    arrows = {"←": "left", "↑": "up", "→": "right", "↓": "down"}
    for row, line in enumerate(rows):
        for column, cell in enumerate(line.split()[1:]):
            ways = {arrows[a] for a in cell if a in arrows}
            assert ways == {way for way, _ in board.AVATAR_STEPS[board.square(row, column)]}
    assert len(rows) * len(rows[0].split()[1:]) == board.SQUARES


def _hand_text(game_id: str, players: int, wanted: set[int]) -> tuple[str, int]:
    """A player's screen as text (description, fields and control labels) once they hold a card
    of `wanted`, in a seeded game."""
    from bot.renderers import screens_for
    from bot.screens import seen_of

    game = games()[game_id]
    names = tuple(f"Player {i + 1}" for i in range(players))
    for seed in range(20):
        state = game.new_game(players, {}, seed)
        for seat in range(players):
            held = wanted & set(state.hands[seat])
            if held:
                screen = screens_for(game).hand(seen_of(game, state, seat, names))
                parts = [screen.description, *(f.value for f in screen.fields), *(c.label for c in screen.controls)]
                return "\n".join(parts), held.pop()
    raise AssertionError("no seat holds such a card")


def test_secret_stash_marks_each_12_with_the_colour_that_ranks_it_and_the_help_gives_the_order() -> None:
    from rules.games.secret_stash.game import TOP_TRUMPS

    twelves = set(TOP_TRUMPS[1:])
    text, card = _hand_text("secret-stash", 3, twelves)
    assert f"({DECK[card].colour})" in text
    help_text = " ".join(games()["secret-stash"].help_pages)
    assert "King Size, orange 12, green 12, purple 12, black 12" in help_text
    assert "writes each 12's colour after it" in help_text


def test_candy_climb_marks_every_cards_colour_the_rules_name_them_by() -> None:
    tens = {c for c in range(len(DECK)) if DECK[c].rank == 10 and DECK[c].suits}
    text, card = _hand_text("candy-climb", 4, tens)
    assert f"({DECK[card].colour})" in text
    assert "writes each card's colour after it" in " ".join(games()["candy-climb"].help_pages)


def test_the_player_who_kept_a_favourite_suit_reads_it_once_and_sees_it_on_their_screen() -> None:
    from bot.renderers import screens_for
    from bot.screens import seen_of

    game = games()["best-candy"]
    state = game.new_game(3, {}, 4)
    seat = min(game.to_act(state))
    keep = next(a for a in game.legal_actions(state, seat) if a.kind == "keep")
    before = state.log_end
    game.apply(state, seat, keep)
    names = tuple(YOU if s == seat else f"Player {s + 1}" for s in range(3))
    mine = [seats_text(e.text, names) for e in state.log_since(before) if e.visible_to(seat)]
    assert mine == ["You have kept a favourite suit."]
    screen = screens_for(game).hand(seen_of(game, state, seat, names))
    assert any(f.name == "Favourite suit" for f in screen.fields)
