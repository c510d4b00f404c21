"""Bobbing for Apples' log lines are catalogued messages: read by the player they name, they speak
to them ("You take with ...", "You keep ... after all"); read by anyone else, they are the English
text the log has always had. Counts agree with their nouns ("1 card", "2 cards")."""

from __future__ import annotations

from rules.candy_kit.candy_deck import text_of
from rules.contract import Action, Event
from rules.games.bobbing_for_apples import GAME
from tests.rules.games.test_bobbing_for_apples import OR, G, loose, rigged
from tests.rules.games.worded import unworded_lines

NAMES = ("Ana", "Bob", "Cy")


def _read(events: list[Event], reader: int) -> list[str]:
    assert all(e.said is not None for e in events if "{p" in e.text), [e.text for e in events]
    return [e.in_words(NAMES, reader) for e in events if e.visible_to(reader)]


def test_every_line_naming_a_player_is_a_message() -> None:
    assert unworded_lines("bobbing-for-apples", seeds=2) == set()


def test_the_deal_speaks_to_the_dealer_and_to_the_first_player() -> None:
    state = GAME.new_game(3, {}, 1)
    (deal,) = state.log
    first = NAMES[state.turn]
    assert _read([deal], state.dealer) == [f"Hand 1: You deal; 5 cards start the stash and {first} goes first."]
    assert _read([deal], state.turn)[0].endswith(" and you go first.")


def test_a_take_speaks_to_the_taker_and_counts_the_cards() -> None:
    state = rigged([[G[7], G[1]], [G[2]]], [loose(OR[7]), loose(OR[3])])
    shown = GAME.apply(state, 0, Action.parse(f"take.{G[7]}"))
    assert _read(shown, 0) == [f"You show {text_of(G[7])} to take with it."]
    taken = GAME.apply(state, 0, Action.parse("pick.1"))
    assert _read(taken, 0)[0] == f"You take with {text_of(G[7])}: {text_of(OR[7])} (2 cards in all)."
    assert _read(taken, 1)[0] == f"Ana takes with {text_of(G[7])}: {text_of(OR[7])} (2 cards in all)."


def test_taking_back_a_shown_card_speaks_to_its_player() -> None:
    state = rigged([[G[7], G[1]], [G[2]]], [loose(OR[7]), loose(OR[3])])
    GAME.apply(state, 0, Action.parse(f"take.{G[7]}"))
    back = GAME.apply(state, 0, Action.parse("back"))
    assert _read(back, 0) == [f"You keep {text_of(G[7])} after all."]
