"""13 Ghosts: the cards, the two-player rules and every ability.

Three players, teams and the hidden-information bookkeeping are in the sibling
test_thirteen_ghosts_*.py files, which share the table-building helpers below.
"""

from __future__ import annotations

import pytest

from rules.contract import Action, Event, act
from rules.games.thirteen_ghosts import GAME
from rules.games.thirteen_ghosts.cards import ALL_NUMBERS, GHOSTS, card_id, number_of
from rules.games.thirteen_ghosts.state import ThirteenGhostsState, ThirteenGhostsView
from rules.kit.errors import RuleError
from tests.rules.games.worded import unworded_lines

# ---- helpers shared by the 13 Ghosts test files ------------------------------------


def table(
    players: int,
    crypts: list[int | None],
    hands: list[list[int]],
    piles: list[list[int]] | None = None,
    turn: int = 0,
    first: int | None = None,
) -> ThirteenGhostsState:
    """A round already in play, built by hand. Numbers per seat; piles listed top card first.
    Without `piles`, each set's remaining cards form its pile, lowest number on top."""
    state = GAME.new_game(players, {}, 0)
    teams = players == 4

    def own(seat: int) -> int:
        return seat % 2 if teams else 0

    state.crypt = [card_id(own(s), n) if n is not None else None for s, n in enumerate(crypts)]
    state.hand = [[card_id(own(s), n) for n in h] for s, h in enumerate(hands)]
    if piles is None:
        piles = []
        for card_set in range(2 if teams else 1):
            used = {number_of(c) for s in range(players) if own(s) == card_set for c in [*state.hand[s]]}
            used |= {number_of(c) for s, c in enumerate(state.crypt) if c is not None and own(s) == card_set}
            piles.append([n for n in range(1, 14) if n not in used])
    state.pile = [[card_id(k, n) for n in reversed(p)] for k, p in enumerate(piles)]
    state.face_up = [[] for _ in range(players)]
    state.face_down = [[] for _ in range(players)]
    state.out = [False] * players
    state.shield = [False] * players
    state.possible = [ALL_NUMBERS] * players
    state.known = [
        sorted([*state.hand[s], *[c for c in state.crypt[s : s + 1] if c is not None]]) for s in range(players)
    ]
    state.peeked = []
    state.moves = []
    state.phase = "play"
    state.step = ""
    state.extra_turn = False
    state.turn = turn
    state.slot = turn
    state.first = turn if first is None else first
    state.log = []
    if teams:
        state.team_step = ["done", "done"]
    return state


def do(state: ThirteenGhostsState, seat: int, kind: str, *args: int | str) -> list[Event]:
    return GAME.apply(state, seat, act(kind, *args))


def seen(state: ThirteenGhostsState, seat: int | None) -> ThirteenGhostsView:
    view = GAME.view(state, seat)
    assert isinstance(view, ThirteenGhostsView)
    return view


def public_text(events: list[Event]) -> str:
    return " | ".join(e.text for e in events if e.seats is None)


def hand_numbers(state: ThirteenGhostsState, seat: int) -> list[int]:
    return sorted(number_of(c) for c in state.hand[seat])


def pile_numbers(state: ThirteenGhostsState, index: int = 0) -> list[int]:
    """Top card first."""
    return [number_of(c) for c in reversed(state.pile[index])]


# ---- the cards (data file) -------------------------------------------------------------


def test_there_are_thirteen_ghosts_numbered_1_to_13() -> None:
    assert sorted(GHOSTS) == list(range(1, 14))


def test_eight_cards_are_blue_questions_the_rest_red_or_green() -> None:
    colours = {n: g.colour for n, g in GHOSTS.items()}
    assert [n for n, c in colours.items() if c == "blue"] == [1, 3, 5, 6, 7, 9, 11, 12]
    assert [n for n, c in colours.items() if c == "red"] == [4, 8, 10]
    assert [n for n, c in colours.items() if c == "green"] == [2, 13]
    assert all(g.is_question == (g.colour == "blue") for g in GHOSTS.values())


@pytest.mark.parametrize(
    ("number", "yes"),
    [
        (1, {3, 6, 9, 12}),
        (3, {2, 4, 6, 8, 10, 12}),
        (5, {1, 2, 3, 4}),
        (6, {1, 2, 12, 13}),
        (7, {8, 9, 10, 11, 12, 13}),
        (9, {2, 3, 5, 7, 11, 13}),
        (11, {5, 6, 8, 9}),
        (12, {5, 6, 7, 8, 9}),
    ],
)
def test_each_question_says_yes_exactly_for_the_numbers_of_the_card_table(number: int, yes: set[int]) -> None:
    assert set(GHOSTS[number].yes) == yes


def test_the_eight_questions_together_tell_all_thirteen_numbers_apart() -> None:
    questions = [g for g in GHOSTS.values() if g.is_question]
    answers = {tuple(n in g.yes for g in questions) for n in range(1, 14)}
    assert len(answers) == 13


# ---- two players: set-up -------------------------------------------------------------------


def test_two_players_use_one_set_deal_two_cards_each_and_pile_the_rest() -> None:
    state = GAME.new_game(2, {}, 4)
    assert len(state.pile) == 1
    assert [len(h) for h in state.hand] == [2, 2]
    assert len(state.pile[0]) == 9
    everything = sorted([*state.pile[0], *state.hand[0], *state.hand[1]])
    assert everything == list(range(13))


def test_both_players_choose_their_crypt_secretly_and_at_the_same_time() -> None:
    state = GAME.new_game(2, {}, 4)
    assert GAME.to_act(state) == frozenset({0, 1})
    mine = hand_numbers(state, 0)
    events = do(state, 0, "crypt", mine[0])
    assert GAME.to_act(state) == frozenset({1}), "the other player still chooses"
    assert str(mine[0]) not in public_text(events)
    assert seen(state, 1).seats[0].crypt is None
    assert seen(state, 0).my_crypt == mine[0]


def test_the_card_not_hidden_is_kept_as_the_starting_hand() -> None:
    state = GAME.new_game(2, {}, 4)
    first, second = hand_numbers(state, 1)
    do(state, 1, "crypt", second)
    assert hand_numbers(state, 1) == [first]
    assert number_of(state.crypt[1] or 0) == second


def test_play_starts_only_when_both_crypts_are_hidden() -> None:
    state = GAME.new_game(2, {}, 4)
    do(state, 0, "crypt", hand_numbers(state, 0)[0])
    assert GAME.view(state, None).model_dump()["phase"] == "choose"
    with pytest.raises(RuleError):
        do(state, 0, "attack", 5)
    do(state, 1, "crypt", hand_numbers(state, 1)[0])
    assert GAME.view(state, None).model_dump()["phase"] == "play"
    assert GAME.to_act(state) == frozenset({state.first})


def test_ruling_g9_a_hidden_ghost_may_be_taken_back_until_the_last_crypt_is_hidden() -> None:
    state = GAME.new_game(3, {}, 4)
    before = GAME.dump_state(state)
    low, high = hand_numbers(state, 0)
    do(state, 0, "crypt", high)
    assert GAME.to_act(state) == frozenset({1, 2})
    assert GAME.may_change(state) == frozenset({0})
    assert GAME.label(state, 0, act("take-back")) == f"Take {high} back out of your Crypt"
    events = do(state, 0, "take-back")
    assert str(high) not in public_text(events)
    # The round is exactly as before the Ghost was hidden, but for the lines saying what happened.
    after = GAME.load_state(GAME.dump_state(state))
    after.log = GAME.load_state(before).log
    assert GAME.dump_state(after) == before
    do(state, 0, "crypt", low)
    do(state, 1, "crypt", hand_numbers(state, 1)[0])
    assert GAME.may_change(state) == frozenset({0, 1})
    do(state, 2, "crypt", hand_numbers(state, 2)[0])
    # The last Crypt is hidden: play starts and every Crypt is final.
    assert GAME.may_change(state) == frozenset()
    assert number_of(state.crypt[0] or 0) == low
    for seat in range(3):
        assert act("take-back") not in GAME.legal_actions(state, seat)
        with pytest.raises(RuleError):
            do(state, seat, "take-back")


def test_a_crypt_not_yet_chosen_cannot_be_taken_back() -> None:
    state = GAME.new_game(2, {}, 4)
    do(state, 0, "crypt", hand_numbers(state, 0)[0])
    with pytest.raises(RuleError, match="no Ghost in your Crypt"):
        do(state, 1, "take-back")


def test_ruling_5_the_first_player_of_the_first_round_is_random() -> None:
    firsts = {GAME.new_game(2, {}, seed).first for seed in range(20)}
    assert firsts == {0, 1}


# ---- two players: a turn -----------------------------------------------------------------


def test_a_turn_is_play_face_up_or_face_down_attack_on_any_number_1_to_13() -> None:
    state = table(2, [5, 9], [[3], [8]])
    legal = GAME.legal_actions(state, 0)
    assert legal == [act("up", 3), *(act("attack", n) for n in range(1, 14))]
    assert GAME.legal_actions(state, 1) == []


def test_ruling_1_a_question_is_answered_truthfully_by_the_engine_in_public() -> None:
    state = table(2, [5, 6], [[3], [8]])
    events = do(state, 0, "up", 3)  # even? the Crypt holds 6
    assert state.moves[0].answers[0].yes is True
    assert "{p1} yes" in public_text(events)
    state = table(2, [5, 7], [[3], [8]])
    do(state, 0, "up", 3)
    assert state.moves[0].answers[0].yes is False


def test_answers_narrow_what_everyone_knows_the_crypt_can_be() -> None:
    state = table(2, [5, 7], [[5], [8]], piles=[[1, 2, 3, 4, 6, 9]])
    do(state, 0, "up", 5)  # 4 or lower? no
    assert seen(state, None).seats[1].possible == (5, 6, 7, 8, 9, 10, 11, 12, 13)


def test_after_the_card_the_player_draws_the_top_card_and_the_turn_passes() -> None:
    state = table(2, [5, 9], [[3], [8]], piles=[[11, 1, 2]])
    do(state, 0, "up", 3)
    assert hand_numbers(state, 0) == [11]
    assert pile_numbers(state) == [1, 2]
    assert GAME.to_act(state) == frozenset({1})


def test_a_face_down_attack_card_is_never_shown_to_anyone_else() -> None:
    state = table(2, [5, 9], [[13], [8]], piles=[[1, 2, 3]])
    events = do(state, 0, "attack", 7)
    assert all("13" not in e.text for e in events if e.visible_to(1))
    assert state.moves[0].card is None
    assert state.moves[0].face_down
    # Put another unseen card face down instead: nobody but {p0} can tell the difference.
    other = GAME.copy_state(state)
    other.face_down[0], other.pile[0][0] = [other.pile[0][0]], other.face_down[0][0]
    for viewer in (1, None):
        assert GAME.view(other, viewer) == GAME.view(state, viewer)
    assert GAME.view(other, 0) != GAME.view(state, 0)
    assert seen(state, 0).my_face_down == (13,), "the owner still knows what they put down"


def test_a_miss_lets_play_go_on_and_rules_that_number_out_publicly() -> None:
    state = table(2, [5, 9], [[3], [8]])
    events = do(state, 0, "attack", 7)
    assert "miss" in public_text(events).lower()
    assert 7 not in seen(state, None).seats[1].possible
    assert GAME.to_act(state) == frozenset({1})
    assert state.wins == [0, 0]


def test_a_hit_wins_the_round_with_two_players() -> None:
    state = table(2, [5, 9], [[3], [8]], first=0)
    do(state, 0, "attack", 9)
    assert state.wins == [1, 0]
    assert state.round == 2
    assert state.phase == "choose"


def test_each_new_round_alternates_the_first_player() -> None:
    state = table(2, [5, 9], [[3], [8]], first=0)
    do(state, 0, "attack", 9)
    assert state.first == 1
    for seat in (0, 1):
        do(state, seat, "crypt", hand_numbers(state, seat)[0])
    assert GAME.to_act(state) == frozenset({1})


def test_the_first_player_to_win_three_rounds_wins_the_game() -> None:
    state = table(2, [5, 9], [[3], [8]], turn=1)
    state.wins = [1, 2]
    do(state, 1, "attack", 5)
    result = GAME.result(state)
    assert result is not None
    assert result.places == (2, 1)
    assert result.scores == (1, 3)
    assert GAME.to_act(state) == frozenset()


def test_two_rounds_won_do_not_end_the_game() -> None:
    state = table(2, [5, 9], [[3], [8]])
    state.wins = [1, 1]
    do(state, 0, "attack", 9)
    assert GAME.result(state) is None


def test_with_the_pile_used_up_every_turn_is_an_attack() -> None:
    state = table(2, [5, 9], [[3], [8]], piles=[[]])
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["attack"] * 13
    do(state, 0, "attack", 1)
    assert state.hand[0] == [], "nothing left to draw"


def test_with_the_pile_used_up_a_red_card_may_still_attack_face_up() -> None:
    state = table(2, [5, 9], [[10], [8]], piles=[[]])
    assert act("up", 10) in GAME.legal_actions(state, 0)
    state = table(2, [5, 9], [[13], [8]], piles=[[]])
    assert act("up", 13) not in GAME.legal_actions(state, 0)


def test_ruling_4_with_no_card_in_hand_you_still_attack() -> None:
    state = table(2, [5, 9], [[], [8]], piles=[[]])
    events = do(state, 0, "attack", 9)
    assert "no card" in public_text(events)
    assert state.wins == [1, 0]


def test_ruling_4_rounds_always_end_once_the_pile_is_gone() -> None:
    state = table(2, [5, 9], [[3], [8]], piles=[[]])
    seat = 0
    for guess in range(1, 14):
        if state.round > 1:
            break
        do(state, seat, "attack", guess)
        seat = 1 - seat
    assert state.round == 2


# ---- abilities ------------------------------------------------------------------------------


def test_two_copies_a_card_played_face_up_this_round() -> None:
    state = table(2, [5, 6], [[3], [2]], piles=[[1, 4, 7, 8]])
    do(state, 0, "up", 3)
    assert GAME.legal_actions(state, 1) == [act("up", 2), *(act("attack", n) for n in range(1, 14))]
    do(state, 1, "up", 2)
    assert GAME.legal_actions(state, 1) == [act("copy", 3)]
    events = do(state, 1, "copy", 3)  # even? asked of {p0}, whose Crypt is 5
    assert state.moves[-1].copied == 3
    assert state.moves[-1].answers[0].yes is False
    assert "{p0} no" in public_text(events)
    assert GAME.to_act(state) == frozenset({0})


def test_two_may_copy_an_opponents_card_or_your_own() -> None:
    state = table(2, [5, 6], [[11], [7]], piles=[[2, 1, 4]])
    do(state, 0, "up", 11)
    do(state, 1, "up", 7)
    do(state, 0, "up", 2)
    assert GAME.legal_actions(state, 0) == [act("copy", 7), act("copy", 11)]


def test_two_cannot_copy_a_revealed_crypt_or_a_face_down_card() -> None:
    state = table(3, [5, 6, 7], [[12], [3], [13]], piles=[[2, 1, 4, 8, 9]])
    do(state, 0, "up", 12)
    do(state, 1, "attack", 7)  # {p1} puts 3 face down and finds {p2}'s Crypt, 7
    assert state.out[2]
    do(state, 0, "up", 2)
    assert GAME.legal_actions(state, 0) == [act("copy", 12)]


def test_two_with_nothing_to_copy_does_nothing_and_the_turn_ends() -> None:
    state = table(2, [5, 6], [[2], [3]], piles=[[1, 4]])
    events = do(state, 0, "up", 2)
    assert "nothing" in public_text(events)
    assert hand_numbers(state, 0) == [1]
    assert GAME.to_act(state) == frozenset({1})


def test_two_cannot_copy_a_card_from_an_earlier_round() -> None:
    state = table(2, [5, 6], [[3], [8]], first=1, turn=1)
    do(state, 1, "attack", 6)  # misses ({p0} hides 5)
    do(state, 0, "up", 3)
    do(state, 1, "attack", 5)  # hit: new round
    assert state.round == 2
    assert state.face_up == [[], []]
    assert state.moves == []


def test_two_copying_thirteen_gives_an_extra_turn() -> None:
    state = table(2, [5, 6], [[13], [3]], piles=[[11, 2, 1, 4, 7, 8]])
    do(state, 0, "up", 13)  # 13: {p0} plays again
    do(state, 0, "up", 11)
    do(state, 1, "up", 3)
    do(state, 0, "up", 2)
    assert GAME.legal_actions(state, 0) == [act("copy", 3), act("copy", 11), act("copy", 13)]
    do(state, 0, "copy", 13)
    assert hand_numbers(state, 0) == [4]
    assert GAME.to_act(state) == frozenset({0})
    assert not state.extra_turn, "the extra turn has begun"


def test_four_attacks_and_shields_its_player_from_questions_until_their_next_turn() -> None:
    state = table(2, [5, 6], [[4], [3]], piles=[[12, 1, 7, 8]])
    do(state, 0, "up", 4)
    assert GAME.legal_actions(state, 0) == [act("attack", n) for n in range(1, 14)]
    do(state, 0, "attack", 11)
    assert state.moves[0].attack == 11
    assert state.moves[0].card == 4
    assert seen(state, None).seats[0].shielded
    events = do(state, 1, "up", 3)
    assert state.moves[-1].answers[0].yes is None
    assert "shielded" in public_text(events)
    assert seen(state, None).seats[0].possible == tuple(range(1, 14)), "no answer, nothing learnt"
    assert not state.shield[0], "the shield drops when {p0}'s turn starts"
    do(state, 0, "up", 12)
    do(state, 1, "up", 1)
    assert state.moves[-1].answers[0].yes is False, "{p0} answers again"


def test_a_two_copying_a_question_counts_as_blue_against_a_shield() -> None:
    state = table(2, [5, 6], [[3], [8]], piles=[[4, 2, 1, 7, 9]])
    do(state, 0, "up", 3)
    do(state, 1, "attack", 1)
    do(state, 0, "up", 4)
    do(state, 0, "attack", 12)
    do(state, 1, "up", 2)
    do(state, 1, "copy", 3)
    assert state.moves[-1].asked == 3
    assert state.moves[-1].answers[0].yes is None


def test_the_attack_of_a_red_card_played_face_up_can_win_the_round() -> None:
    state = table(2, [5, 6], [[10], [3]], piles=[[1, 2, 7, 8]])
    do(state, 0, "up", 10)
    do(state, 0, "attack", 6)
    assert state.wins == [1, 0]


def test_eight_shows_the_two_top_cards_only_to_its_player_then_attacks() -> None:
    state = table(2, [5, 6], [[8], [3]], piles=[[12, 1, 7, 9]])
    events = do(state, 0, "up", 8)
    secret = [e for e in events if e.seats is not None]
    assert secret
    assert all(e.seats == (0,) for e in secret)
    assert "12, 1" in secret[0].text
    assert "12, 1" not in public_text(events)
    assert "top 2" in public_text(events)
    assert [(s.number, s.depth) for s in seen(state, 0).sightings] == [(1, 1), (12, 0)]
    assert seen(state, 1).sightings == ()
    assert GAME.legal_actions(state, 0) == [act("order", "keep"), act("order", "swap")]
    do(state, 0, "order", "swap")
    assert pile_numbers(state) == [1, 12, 7, 9]
    assert GAME.legal_actions(state, 0) == [act("attack", n) for n in range(1, 14)]
    do(state, 0, "attack", 2)
    assert hand_numbers(state, 0) == [1]


def test_eight_may_put_the_cards_back_unchanged() -> None:
    state = table(2, [5, 6], [[8], [3]], piles=[[12, 1, 7, 9]])
    do(state, 0, "up", 8)
    do(state, 0, "order", "keep")
    assert pile_numbers(state) == [12, 1, 7, 9]


def test_ten_shows_the_two_bottom_cards_and_leaves_them_in_place() -> None:
    state = table(2, [5, 6], [[10], [3]], piles=[[12, 1, 7, 9]])
    events = do(state, 0, "up", 10)
    secret = [e for e in events if e.seats is not None]
    assert "7, 9" in secret[0].text
    assert GAME.legal_actions(state, 0) == [act("attack", n) for n in range(1, 14)]
    assert pile_numbers(state) == [12, 1, 7, 9]
    assert sorted((s.number, s.depth) for s in seen(state, 0).sightings) == [(7, 2), (9, 3)]


def test_thirteen_gives_another_whole_turn_after_the_draw() -> None:
    state = table(2, [5, 6], [[13], [3]], piles=[[11, 1, 7, 9]])
    events = do(state, 0, "up", 13)
    assert hand_numbers(state, 0) == [11], "drew first"
    assert GAME.to_act(state) == frozenset({0})
    assert "another turn" in public_text(events)
    do(state, 0, "up", 11)
    assert GAME.to_act(state) == frozenset({1}), "only one extra turn"


# ---- words ---------------------------------------------------------------------------------


def test_labels_speak_the_games_words() -> None:
    state = table(2, [5, 6], [[8], [3]], piles=[[12, 1, 7, 9]])
    assert GAME.label(state, 0, act("attack", 7)) == "Attack: 7"
    assert GAME.label(state, 0, act("up", 8)) == "Play 8 face up (Peek top 2 + attack)"
    do(state, 0, "up", 8)
    assert GAME.label(state, 0, act("order", "swap")) == "Put them back with 1 on top"
    fresh = GAME.new_game(2, {}, 1)
    number = hand_numbers(fresh, 0)[0]
    assert GAME.label(fresh, 0, act("crypt", number)) == f"Hide {number} in your Crypt"


def test_illegal_moves_get_a_specific_reason() -> None:
    state = table(2, [5, 6], [[3], [8]], piles=[[]])
    with pytest.raises(RuleError, match="pile is empty"):
        do(state, 0, "up", 3)
    with pytest.raises(RuleError, match="do not hold"):
        do(state, 0, "up", 9)
    with pytest.raises(RuleError, match="1 to 13"):
        do(state, 0, "attack", 14)
    with pytest.raises(RuleError, match="already chosen"):
        do(state, 0, "crypt", 3)
    state = table(2, [5, 6], [[10], [8]])
    do(state, 0, "up", 10)
    with pytest.raises(RuleError, match="attack"):
        GAME.apply(state, 0, Action(kind="copy", args=(3,)))


def test_help_says_the_card_texts_are_our_own() -> None:
    assert GAME.house_card_set
    assert any("our own card texts" in page for page in GAME.help_pages)
    assert all(len(page) < 3500 for page in GAME.help_pages)


def test_ruling_2_the_card_behind_a_winning_face_down_attack_stays_hidden_in_the_result() -> None:
    state = table(2, [5, 9], [[11], [8]])
    state.wins = [2, 0]
    events = do(state, 0, "attack", 9)
    result = GAME.result(state)
    assert result is not None
    assert "11" not in result.summary
    assert all("11" not in e.text for e in events if e.visible_to(1))
    assert state.moves[-1].card is None


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("13-ghosts") == set()
    names = ("Ana", "Bob")
    state = table(2, [5, 6], [[3], [8]])
    played, answer, *_ = do(state, 0, "up", 3)
    assert played.in_words(names, 0) == "You play 3 face up: " + GHOSTS[3].short
    assert answer.in_words(names, 1) == f'Asked "{GHOSTS[3].short}": You yes.'
    assert answer.said is not None
    state = table(2, [5, 6], [[3], [8]])
    state.shield[1] = True
    answer = do(state, 0, "up", 3)[1]
    assert answer.in_words(names, 0) == f'Asked "{GHOSTS[3].short}": Bob is shielded.'
    assert answer.in_words(names, 1) == f'Asked "{GHOSTS[3].short}": You are shielded.'
    state = table(2, [5, 7], [[9], [8]], piles=[[1, 2]])
    won = next(e for e in do(state, 0, "attack", 7) if e.kind == "round")
    assert won.in_words(names, 1) == "Ana wins round 1."
    assert won.in_words(names, 0) == "You win round 1."
