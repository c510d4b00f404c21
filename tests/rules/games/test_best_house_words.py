"""Best House's log lines are catalogued messages: read by a player they name, they speak to them
("You win the trick ...; Cy takes the gold card"); read by anyone else, they are the English text
the log has always had."""

from __future__ import annotations

from rules.contract import Event
from rules.games.best_house import GAME
from tests.rules.games.test_best_house import c, gold, play, playing
from tests.rules.games.worded import unworded_lines

NAMES = ("Ana", "Bob", "Cy")


def _trick(state_log: list[Event], reader: int) -> str:
    event = next(e for e in reversed(state_log) if e.kind == "trick")
    assert event.said is not None
    return event.in_words(NAMES, reader)


def test_every_line_naming_a_player_is_a_message() -> None:
    assert unworded_lines("best-house", seeds=2) == set()


def test_the_trick_and_its_gold_card_speak_to_the_winner_and_to_the_taker() -> None:
    state = playing([[c("orange", 12)], [c("green", 3)], [c("purple", 9)]], gold_card=gold("candy", 3))
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("green", 3))
    play(state, 2, c("purple", 9))
    won = "the trick with 12 Chocolate/Marshmallow/Nuts, the highest Chocolate"
    assert _trick(state.log, 1) == f"Ana wins {won}; Cy takes the gold card 3 Candy."
    assert _trick(state.log, 0) == f"You win {won}; Cy takes the gold card 3 Candy."
    assert _trick(state.log, 2) == f"Ana wins {won}; you take the gold card 3 Candy."


def test_a_winner_who_takes_the_gold_card_too_is_spoken_to_twice() -> None:
    state = playing([[c("orange", 2)], [c("orange", 12)]], gold_card=gold("chocolate", 2))
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 12))
    assert _trick(state.log, 1).endswith("the highest Chocolate; you take the gold card 2 Chocolate.")
    assert _trick(state.log, 0).endswith("the highest Chocolate; Bob takes the gold card 2 Chocolate.")


def test_the_deal_speaks_to_the_dealer_and_to_the_first_to_take_a_card() -> None:
    for seed in range(8):
        state = GAME.new_game(3, {}, seed)
        (deal,) = state.log
        assert deal.said is not None
        assert deal.in_words(NAMES, state.dealer).startswith("Hand 1: You deal ")
        assert deal.in_words(NAMES, state.drafters[0]).endswith(". You take a card first.")
