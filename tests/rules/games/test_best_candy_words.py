"""Best Candy's log lines are catalogued messages: read by a player they name, they speak to them
("You play ...", "Your Mom Veto removes ..."); read by anyone else, they are the English text the
log has always had. Counts agree with their nouns ("the other card goes to the stash")."""

from __future__ import annotations

from rules.candy_kit.cards import KING_OF, Effect, card_text
from rules.contract import Event
from rules.games.best_candy import GAME
from rules.games.best_candy.state import Phase
from tests.rules.games.test_best_candy_support import answer, card, king_state, play, trick_state
from tests.rules.games.worded import unworded_lines

NAMES = ("Ana", "Bob", "Cy")
TAX = KING_OF[Effect.TAX]
VETO = KING_OF[Effect.VETO]
K5 = KING_OF[Effect.FACE_DOWN]
ONE_CARD = KING_OF[Effect.ONE_CARD]
CRISPY = card("orange", 6)  # chocolate
COOKIE_BAR = card("orange", 8)  # chocolate, caramel
PRANK = card("black", -1)


def _lines(events: list[Event], reader: int) -> list[str]:
    assert all(e.said is not None for e in events if "{p" in e.text), [e.text for e in events]
    return [e.in_words(NAMES, reader) for e in events if e.visible_to(reader)]


def test_every_line_naming_a_player_is_a_message() -> None:
    assert unworded_lines("best-candy", seeds=2) == set()


def test_a_play_and_the_trick_speak_to_their_player() -> None:
    state = trick_state([[CRISPY], [COOKIE_BAR], [PRANK]], trump="fruit")
    first = play(state, 0, CRISPY, "chocolate")
    assert _lines(first, 0) == [f"You play {card_text(CRISPY)} and choose Chocolate as the trick suit."]
    assert _lines(first, 1) == [f"Ana plays {card_text(CRISPY)} and chooses Chocolate as the trick suit."]
    play(state, 1, COOKIE_BAR)
    last = play(state, 2, PRANK)
    assert f"You win the trick with {card_text(COOKIE_BAR)}, the highest Chocolate." in _lines(last, 1)
    assert f"Bob wins the trick with {card_text(COOKIE_BAR)}, the highest Chocolate." in _lines(last, 2)


def test_the_mom_veto_names_whose_card_it_removes() -> None:
    state = king_state([[COOKIE_BAR], [VETO], [CRISPY]], trump="fruit")
    play(state, 0, COOKIE_BAR, "chocolate")
    play(state, 1, VETO)
    vetoed = answer(state, 1, "veto", COOKIE_BAR)
    removed = f"removes Ana's {card_text(COOKIE_BAR)} from the trick; it goes to the stash."
    assert _lines(vetoed, 1)[0] == f"Your Mom Veto {removed}"
    assert _lines(vetoed, 0)[0] == "Bob's Mom Veto " + removed.replace("Ana's", "your")


def test_a_card_played_face_down_is_named_to_its_player_only() -> None:
    state = king_state([[K5], [CRISPY], [COOKIE_BAR]], trump="fruit")
    play(state, 0, K5, "chocolate")
    events = play(state, 1, CRISPY)
    assert _lines(events, 1) == ["You play a card, face down.", f"You play {card_text(CRISPY)}, face down."]
    assert _lines(events, 2) == ["Bob plays a card, face down."]


def test_take_one_counts_the_cards_that_go_to_the_stash() -> None:
    state = king_state([[ONE_CARD], [CRISPY]], trump="fruit")
    play(state, 0, ONE_CARD, "chocolate")
    play(state, 1, CRISPY)
    kept = answer(state, 0, "keep-one", ONE_CARD)
    assert _lines(kept, 0)[0] == f"Take One: You keep only {card_text(ONE_CARD)}; the other card goes to the stash."
    assert _lines(kept, 1)[0] == f"Take One: Ana keeps only {card_text(ONE_CARD)}; the other card goes to the stash."


def test_the_solo_opponent_is_named_in_the_line_itself() -> None:
    state = GAME.new_game(1, {"solo_difficulty": 1}, 3)
    events = list(state.log)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    texts = set(_lines(events, 0))
    assert any(t.startswith("The opponent takes ") for t in texts)
    assert any(t.startswith("You play ") for t in texts)
    assert not any("{" in t for t in texts)


def test_a_team_line_speaks_to_the_team_as_your_team() -> None:
    state = GAME.new_game(4, {"teams": True}, 2)
    events: list[Event] = []
    while state.phase is Phase.FAVOURITE:
        seat = min(GAME.to_act(state))
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    names = ("Ana", "Bob", "Cy", "Dee")
    kept = [e for e in events if e.kind == "favourite" and e.seats is None]
    assert [e.in_words(names, 0) for e in kept] == [
        "Your team has kept its team card.",
        "Team Bob & Dee has kept its team card.",
    ]
    assert [e.in_words(names, 3) for e in kept] == [
        "Team Ana & Cy has kept its team card.",
        "Your team has kept its team card.",
    ]
