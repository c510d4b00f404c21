"""Team play with the green combo suit cards (rulings §17.7, T1-T9)."""

from __future__ import annotations

import pytest

from rules.candy_kit.cards import COMBO_CARDS, KING_OF, Effect, suit_name
from rules.contract import act
from rules.games.best_candy import GAME, teams
from rules.games.best_candy.scoring import score_hand
from rules.games.best_candy.state import BestCandyState, HandScore, Phase
from rules.kit.errors import RuleError
from tests.rules.games.test_best_candy_support import answer, asked, card, play

TEAMS4: dict[str, object] = {"teams": True}
TEAMS6: dict[str, object] = {"teams": True, "king_cards": True}


def vote_all(state: BestCandyState, choice: list[int]) -> None:
    """Every seat votes for the `choice[seat]`-th card its team was offered."""
    for seat in range(state.players):
        GAME.apply(state, seat, act("vote", state.offers[seat][choice[seat]]))


def test_with_4_players_partners_sit_opposite_and_with_6_every_other_seat() -> None:
    assert teams.members(4, 0) == [0, 2]
    assert teams.members(4, 1) == [1, 3]
    assert teams.members(6, 0) == [0, 2, 4]
    assert teams.members(6, 1) == [1, 3, 5]


def test_team_play_is_for_4_or_6_players_and_6_play_with_king_cards() -> None:
    with pytest.raises(RuleError, match="4 or 6"):
        GAME.new_game(5, TEAMS6, 1)
    assert len(GAME.new_game(6, TEAMS4, 1).kings) == 15
    assert GAME.new_game(4, TEAMS4, 1).players == 4
    assert GAME.new_game(4, TEAMS6, 1).kings
    assert GAME.new_game(6, TEAMS6, 1).players == 6


def test_each_team_is_dealt_two_combo_cards_seen_by_its_members_only_and_no_suit_cards() -> None:
    state = GAME.new_game(4, TEAMS4, 3)
    assert state.offers[0] == state.offers[2]
    assert len(state.offers[0]) == 2
    assert not set(state.offers[0]) & set(state.offers[1])
    assert set(state.offers[0]) <= set(COMBO_CARDS)
    assert GAME.view(state, 1).offers == tuple(state.offers[1])
    assert len(state.suit_deck) == 10  # every suit card stays in the suit deck, for trump


def test_each_member_votes_in_secret_and_the_majority_keeps_the_card() -> None:
    state = GAME.new_game(6, TEAMS6, 3)
    first, second = state.offers[0]
    GAME.apply(state, 0, act("vote", second))
    assert GAME.view(state, 2).vote == ""  # a partner does not see the vote
    assert all(second not in e.text for e in state.visible_log(2))
    GAME.apply(state, 2, act("vote", first))
    GAME.apply(state, 4, act("vote", second))
    for seat in (1, 3, 5):
        GAME.apply(state, seat, act("vote", state.offers[seat][0]))
    assert state.team_cards[0] == second
    assert state.favourites[2] == list(COMBO_CARDS[second])
    assert first in state.combo_deck  # the other card goes back face down
    assert GAME.view(state, 4).team_card == second
    assert GAME.view(state, 1).team_card == state.team_cards[1]
    assert state.phase is Phase.DRAFT


def test_ruling_g9_a_vote_may_be_taken_back_until_the_last_player_has_voted() -> None:
    state = GAME.new_game(4, TEAMS4, 3)
    before = GAME.dump_state(state)
    first, second = state.offers[0]
    GAME.apply(state, 0, act("vote", second))
    assert GAME.may_change(state) == frozenset({0})
    assert GAME.label(state, 0, act("take-back")) == f"Take back your vote for {suit_name(second)}"
    events = GAME.apply(state, 0, act("take-back"))
    assert all(suit_name(second) not in e.text for e in events)
    # Exactly the hand as before the vote, but for the lines saying what happened.
    after = GAME.load_state(GAME.dump_state(state))
    after.log = GAME.load_state(before).log
    assert GAME.dump_state(after) == before
    with pytest.raises(RuleError, match="no vote to take back"):
        GAME.apply(state, 1, act("take-back"))
    # A changed vote counts: both members of team 0 now vote for the first card.
    vote_all(state, [0, 0, 0, 0])
    assert state.team_cards[0] == first
    assert GAME.may_change(state) == frozenset()
    for seat in range(4):
        with pytest.raises(RuleError):
            GAME.apply(state, seat, act("take-back"))


def test_a_tied_vote_is_drawn_at_random_between_the_two_cards() -> None:
    kept = set()
    for seed in range(8):
        state = GAME.new_game(4, TEAMS4, seed)
        offered = set(state.offers[0])
        vote_all(state, [0, 0, 1, 0])
        assert state.team_cards[0] in offered
        kept.add(state.offers[0].index(state.team_cards[0]))
    assert kept == {0, 1}  # with these seeds both cards were drawn


def team_state() -> BestCandyState:
    state = GAME.new_game(4, TEAMS4, 1)
    vote_all(state, [0, 0, 0, 0])
    teams.set_team_card(state, 0, "chocolate_nuts")
    return state


def test_a_members_bonus_counts_taken_cards_with_either_suit_of_the_team_card_once() -> None:
    state = team_state()
    state.taken[0] = [card("orange", 3), card("orange", 6), card("purple", 12), card("green", 1)]
    state.tricks_won = [2, 0, 0, 0]
    sheet = score_hand(state, 0)
    assert sheet.favourite_cards == 3  # chocolate+nuts counts once; the apple has neither
    assert sheet.points == 2 + 3


def test_a_members_belly_ache_cancels_only_their_own_bonus() -> None:
    state = team_state()
    state.taken[0] = [card("orange", 6)]
    state.taken[2] = [card("orange", 6)]
    state.tricks_won = [8, 0, 1, 0]
    assert score_hand(state, 0).bonus == 0
    assert score_hand(state, 2).bonus == 1


def test_a_teams_score_is_its_members_and_the_target_is_31_per_member_unless_set() -> None:
    state = team_state()
    state.scores = [10, 3, 20, 4]
    assert teams.team_scores(state) == [30, 7]
    assert teams.target(state) == 62
    assert teams.target(GAME.new_game(6, TEAMS6, 1)) == 93
    assert teams.target(GAME.new_game(4, {**TEAMS4, "team_target": 40}, 1)) == 40


def test_a_team_win_gives_both_partners_first_place() -> None:
    state = team_state()
    state.scores = [40, 10, 30, 10]
    state.phase = Phase.OVER
    result = GAME.result(state)
    assert result is not None
    assert result.places == (1, 3, 1, 3)
    assert result.winners == (0, 2)


def sheet(bonus: int, king_size: bool = False) -> HandScore:
    return HandScore(
        tricks=1, pranks=0, favourite_cards=bonus, belly_ache=False, bonus=bonus, points=1, king_size=king_size,
        favourites=(),
    )  # fmt: skip


def test_a_team_tie_goes_to_the_last_hands_team_bonus_then_the_king_size() -> None:
    state = team_state()
    state.scores = [31, 31, 31, 31]
    state.last_hand = [sheet(2), sheet(1), sheet(0), sheet(0)]
    assert teams.places(state) == [1, 3, 1, 3]
    state.last_hand = [sheet(1), sheet(1), sheet(0), sheet(0, king_size=True)]
    assert teams.places(state) == [3, 1, 3, 1]
    state.last_hand = [sheet(1), sheet(1), sheet(0), sheet(0)]
    assert teams.places(state) == [1, 1, 1, 1]


def test_in_team_play_the_8_of_kings_swaps_the_teams_card_from_the_combo_deck() -> None:
    state = GAME.new_game(4, TEAMS6, 2)
    vote_all(state, [0, 0, 0, 0])
    k8 = KING_OF[Effect.FAVOURITE]
    spare = [card("orange", -1), card("green", -1), card("purple", -1), card("black", -1)]
    state.phase = Phase.TRICKS
    state.hands = [[card("orange", 6), spare[0]], [k8, spare[1]], [card("purple", 2), spare[2]], [NT, spare[3]]]
    state.trump = "fruit"
    state.leader = 0
    state.taken = [[] for _ in range(4)]
    state.tricks_won = [0] * 4
    play(state, 0, card("orange", 6), "chocolate")
    play(state, 1, k8)
    play(state, 2, card("purple", 2))
    play(state, 3, NT)
    assert asked(state) == ("favourite", 1)
    top = GAME.view(state, 1).peek
    assert top == tuple(state.combo_deck[:3])
    assert GAME.view(state, 3).peek == ()
    answer(state, 1, "favourite", top[0])
    assert state.team_cards[1] == top[0]
    assert state.favourites[3] == list(COMBO_CARDS[top[0]])
    assert GAME.view(state, 3).team_card == top[0]  # the partner sees the new card


NT = card("black", 0)


def test_a_wrong_vote_is_refused_with_the_reason() -> None:
    state = GAME.new_game(4, TEAMS4, 3)
    theirs = state.offers[1][0]
    with pytest.raises(RuleError, match="Vote for one of your team's cards: "):
        GAME.apply(state, 0, act("vote", theirs))
    GAME.apply(state, 0, act("vote", state.offers[0][0]))
    with pytest.raises(RuleError):
        GAME.apply(state, 0, act("vote", state.offers[0][1]))
    plain = GAME.new_game(4, {}, 3)
    with pytest.raises(RuleError, match="Votes are for team play only"):
        GAME.apply(plain, 0, act("vote", "candy_fruit"))
