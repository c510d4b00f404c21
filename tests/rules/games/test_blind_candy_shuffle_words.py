"""Blind Candy Shuffle's log lines are catalogued messages: read by the player they name, they speak
to them ("You look at slots 1 and 2", "You turn up ..."); read by anyone else, they are the English
text the log has always had."""

from __future__ import annotations

from rules.candy_kit.candy_deck import text_of
from rules.contract import Event, act
from rules.games.blind_candy_shuffle import GAME
from tests.rules.games.test_blind_candy_shuffle import fresh
from tests.rules.games.worded import unworded_lines

NAMES = ("Ana", "Bob", "Cy")


def _read(events: list[Event], reader: int) -> list[str]:
    assert all(e.said is not None for e in events), [e.text for e in events]
    return [e.in_words(NAMES, reader) for e in events if e.visible_to(reader)]


def test_every_line_naming_a_player_is_a_message() -> None:
    assert unworded_lines("blind-candy-shuffle", seeds=2) == set()


def test_the_deal_speaks_to_the_dealer_and_to_the_first_player() -> None:
    state = fresh()
    (deal,) = state.log
    assert _read([deal], state.dealer)[0].startswith("Round 1: You deal four face-down cards each; ")
    assert _read([deal], state.turn)[0].endswith(" and you go first.")


def test_a_turn_speaks_to_the_player_whose_turn_it_is() -> None:
    state = fresh()
    seat, other = state.turn, (state.turn + 1) % 3
    looked = GAME.apply(state, seat, act("look", 1, 2))
    assert _read(looked, seat)[0] == "You look at slots 1 and 2."
    assert _read(looked, other) == [f"{NAMES[seat]} looks at slots 1 and 2."]
    top, old = state.discard[-1], state.slots[seat][2]
    took = GAME.apply(state, seat, act("take", 3))
    assert (
        _read(took, seat)[0]
        == f"You took {text_of(top)} from the discard pile into slot 3 and discarded {text_of(old)} from it."
    )


def test_the_cards_turned_up_at_the_end_of_a_round_speak_to_their_owner() -> None:
    state = fresh(players=2)
    events: list[Event] = []
    while state.round == 1:
        seat = state.turn
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    (mine,) = [line for line in _read(events, 0) if "turn up" in line]
    assert mine.startswith("You turn up ")
