"""Candy Climb's computer players: the normal heuristic's choices, the easy player's sense and
the search's pruning to whole melds."""

from __future__ import annotations

import random

from rules.ai.levels import NormalLevel
from rules.contract import Action, act
from rules.games.candy_climb import GAME, ai
from rules.games.candy_climb.melds import FLUSH, PAIR, SINGLE, STRAIGHT, pickable
from rules.games.candy_climb.state import ClimbState
from tests.rules.games.test_candy_climb import card, cards, rigged
from tests.rules.test_ai_tournaments import normal_share


def normal_builds(state_hands: list[list[int]], seat: int = 0, **table: object) -> tuple[list[int], Action]:
    """Let the normal player move until it plays or passes; the cards it picked, and that move."""
    state = rigged(state_hands, turn=seat, **table)  # type: ignore[arg-type]
    rng = random.Random(1)
    picked: list[int] = []
    while True:
        legal = GAME.legal_actions(state, seat)
        action = ai.normal(GAME, GAME.view(state, seat), legal, rng)
        if action.kind != "pick":
            return picked, action
        picked.append(int(action.args[0]))
        GAME.apply(state, seat, action)


def test_normal_leads_the_meld_that_sheds_the_most_low_cards() -> None:
    hand = cards("orange 2", "orange 3", "orange 4", "orange 5", "green 12", "purple 12")
    picked, action = normal_builds([hand, cards("black 8")])
    assert sorted(picked) == sorted(cards("orange 2", "orange 3", "orange 4", "orange 5"))
    assert action.kind == "play"
    assert action.args[0] in (FLUSH, STRAIGHT)


def test_normal_answers_with_the_cheapest_meld_that_beats() -> None:
    hand = cards("green 9", "purple 9", "black 11", "orange 11")
    picked, action = normal_builds(
        [cards("green 1"), hand], seat=1, table=cards("black 5", "orange 5"), kind=PAIR, last_player=0
    )
    assert sorted(picked) == sorted(cards("green 9", "purple 9"))
    assert action == act("play", PAIR)


def test_normal_passes_when_nothing_beats() -> None:
    picked, action = normal_builds(
        [cards("green 1"), cards("black 2")], seat=1, table=cards("orange 12"), kind=SINGLE, named="chocolate"
    )
    assert picked == []
    assert action == act("pass")


def test_normal_names_the_suit_the_other_cards_are_shortest_of() -> None:
    # Above 11, Candy has nothing left and Halloween has the black 12 (Fruit: nothing either).
    assert ai.name_suit(card("black", 11), cards("black 11")) in ("candy", "fruit")
    assert ai.name_suit(card("black", 11), cards("black 11")) != "halloween"


def test_normal_finishes_a_meld_someone_else_started_or_starts_again() -> None:
    state = rigged([cards("orange 2", "orange 3", "black 9"), cards("black 8")])
    GAME.apply(state, 0, act("pick", card("black", 9)))
    action = ai.normal(GAME, GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(1))
    assert action in GAME.legal_actions(state, 0)


def test_easy_never_starts_again_and_plays_once_it_can() -> None:
    rng = random.Random(4)
    for seed in range(5):
        state = GAME.new_game(3, {}, seed)
        while GAME.result(state) is None:
            seat = state.turn
            legal = GAME.legal_actions(state, seat)
            action = ai.easy(GAME, GAME.view(state, seat), legal, rng)
            assert action.kind != "clear"
            if state.selection and any(a.kind == "play" for a in legal):
                assert action.kind == "play"
            GAME.apply(state, seat, action)


def test_the_search_chooses_among_whole_melds_built_in_one_order() -> None:
    hand = cards("orange 2", "orange 3", "orange 4", "green 12")
    state = rigged([hand, cards("black 8")])
    view = GAME.view(state, 0)
    kept = ai.sensible(GAME, view, GAME.legal_actions(state, 0))
    assert {a.kind for a in kept} == {"pick"}
    assert {int(a.args[0]) for a in kept} == set(cards("orange 2", "orange 3", "orange 4", "green 12"))
    GAME.apply(state, 0, act("pick", card("orange", 3)))
    kept = ai.sensible(GAME, GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert kept, "a card picked out of order still leaves moves"
    state = rigged([hand, cards("black 8")])
    GAME.apply(state, 0, act("pick", card("orange", 2)))
    kept = ai.sensible(GAME, GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert {a.token() for a in kept} == {f"pick.{card('orange', 3)}", "play.single.chocolate"}


def test_normal_wins_at_least_twice_its_fair_share_against_three_random_seats() -> None:
    assert normal_share(GAME, 4, {}, 24) >= 2 / 4


def after_rival_passes(count: int) -> list[ClimbState]:
    """Seat 0's turns to start a meld, in games between normal players, once the table has
    passed for seat 1 this hand (it could not beat)."""
    found: list[ClimbState] = []
    normal = NormalLevel()
    for number in range(40):
        state = GAME.new_game(2, {}, 30_000 + number)
        rng = random.Random(number)
        while GAME.result(state) is None and len(found) < count:
            seat = min(GAME.to_act(state))
            if seat == 0 and not state.selection and ai.could_not_beat(state.log, 1):
                found.append(GAME.copy_state(state))
            GAME.apply(state, seat, normal.choose(GAME, state, seat, rng))
    return found


def test_a_rival_holds_no_meld_that_beats_a_table_it_could_not_beat_this_hand() -> None:
    states = after_rival_passes(100)
    assert len(states) == 100
    for state in states:
        for need in ai.could_not_beat(state.log, 1):
            assert not pickable(tuple(state.hands[1]), (), need)


def test_hard_deals_a_rival_no_meld_that_beats_a_table_it_could_not_beat() -> None:
    rng = random.Random(2)
    beating = 0
    for state in after_rival_passes(40):
        base = ai.canonical(state, 0)
        needs = ai.could_not_beat(state.log, 1)
        for _ in range(5):
            world = ai.determinize(GAME, base, 0, rng)
            assert isinstance(world, ClimbState)
            assert GAME.view(world, 0) == GAME.view(state, 0)
            assert sorted(world.hands[1] + world.unused) == sorted(state.hands[1] + state.unused)
            beating += any(pickable(tuple(world.hands[1]), (), need) for need in needs)
    # A trade may bring in a card that beats another table, and the trades are few.
    assert beating <= 2
