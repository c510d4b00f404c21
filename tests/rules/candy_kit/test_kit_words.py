"""The candy kit's log lines are catalogued messages: read by the player they name, they speak to
them ("You play ...", "You lose a piece of candy"); read by anyone else, they are the English text
the log has always had."""

from __future__ import annotations

from pydantic import BaseModel, Field

from rules.candy_kit import fewest_points, knocking
from rules.candy_kit.candy_deck import CARD_TEXT
from rules.candy_kit.candy_tricks import play_to_trick, trick_won
from rules.contract import Event
from rules.games.blind_candy_shuffle.game import BlindCandyShuffle

NAMES = ("Ana", "Bob", "Cy")


def _read(event: Event, reader: int | None = None) -> str:
    assert event.said is not None, event.text
    return event.in_words(NAMES, reader)


class Trick(BaseModel):
    hands: list[list[int]] = Field(default_factory=lambda: [[0, 1], [2, 3], [4, 5]])
    leader: int = 0
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None


def test_a_played_card_speaks_to_its_player() -> None:
    table = Trick()
    plain = play_to_trick(table, 1, 2, None)
    assert plain.text == f"{{p1}} plays {CARD_TEXT[2]}."
    assert _read(plain, 1) == f"You play {CARD_TEXT[2]}."
    named = play_to_trick(table, 0, 0, "fruit")
    assert _read(named, 2) == f"Ana plays {CARD_TEXT[0]}, naming Fruit."
    assert _read(named, 0) == f"You play {CARD_TEXT[0]}, naming Fruit."
    own = play_to_trick(table, 2, 4, "candy", "leading trump")
    assert _read(own, 2) == f"You play {CARD_TEXT[4]}, leading trump."


def test_why_a_trick_was_won_speaks_to_its_winner() -> None:
    led = trick_won(1, 2, None)
    assert _read(led, 0) == "Bob led and nobody played a suited card, so Bob takes the trick."
    assert _read(led, 1) == "You led and nobody played a suited card, so you take the trick."
    high = trick_won(2, 4, "fruit", "trump")
    assert _read(high, 2) == f"You win the trick with {CARD_TEXT[4]}, the highest trump."
    assert high.text == f"{{p2}} wins the trick with {CARD_TEXT[4]}, the highest trump."


def test_knocking_and_losing_candy_speak_to_the_player() -> None:
    state = BlindCandyShuffle().new_game(3, {}, 1)
    assert _read(knocking.knock(state, 1), 1) == "You knock: everyone else has one last turn."
    events, _ = knocking.settle(state, [2])
    assert [_read(e, 2) for e in events] == ["You lose a piece of candy."]
    events, _ = knocking.settle(state, [0, 2])
    assert [_read(e, 1) for e in events] == ["Ana and Cy lose a piece of candy."]
    assert [_read(e, 2) for e in events] == ["Ana and you lose a piece of candy."]
    state.lives = [1, 1, 0]
    events, replay = knocking.settle(state, [0, 1])
    assert replay
    assert [_read(e, 1) for e in events] == [
        "Ana and you would all be out of candy, so nobody loses a piece: the round is replayed."
    ]


class Scores(BaseModel):
    players: int = 3
    hand_number: int = 3
    dealer: int = 0
    scores: list[int] = Field(default_factory=lambda: [4, 2, 2])
    over: bool = False


def test_players_level_on_the_fewest_points_share_the_win() -> None:
    tied = fewest_points.game_won(Scores(), "Everyone has dealt once")
    assert _read(tied, 0) == "Everyone has dealt once: Bob and Cy share the win with 2."
    alone = fewest_points.game_won(Scores(scores=[1, 2, 3]), "Everyone has dealt once")
    assert _read(alone, 0) == "Everyone has dealt once: You win with 1."
    assert _read(alone, 1) == "Everyone has dealt once: Ana wins with 1."
