"""Ghosts Love Candy: one test per rule sentence of the rulebook and per ruling of the data file.

The kid abilities have their own file (test_ghosts_love_candy_kids.py); the
helpers here build exact tables by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules.contract import Event, act
from rules.games.ghosts_love_candy import GAME
from rules.games.ghosts_love_candy.cards import (
    BLACK_CAT,
    BUMBLEBEE,
    CANDY_TYPES,
    CHEF,
    CHOCOLATE,
    CORN,
    COWBOY,
    DINOSAUR,
    FAIRY,
    GUMMIES,
    KIDS,
    LICORICE,
    LOLLIPOPS,
    LOVE_CARDS,
    MAD_SCIENTIST,
    MAGICIAN,
    MUMMY,
    NINJA,
    PEPPERMINT,
    PIRATE,
    PRINCESS,
    PUMPKIN,
    VAMPIRE,
)
from rules.games.ghosts_love_candy.state import Ghost, GlcState, Spot, Stash
from rules.kit.errors import RuleError

# Kids with no blue choice, used as quiet filler in hand-built rows.
QUIET = (MUMMY, BLACK_CAT, PUMPKIN, FAIRY, PRINCESS, MAD_SCIENTIST, DINOSAUR)
FILLER_DECK = [MUMMY, BLACK_CAT, PUMPKIN, FAIRY, PRINCESS]


def make(
    row: Sequence[int | None],
    revealed: Sequence[int],
    *,
    players: int | None = None,
    order: Sequence[int] | None = None,
    kid_deck: Sequence[int] = (),
    candy_deck: Sequence[int] | None = None,
    love: Sequence[int] | None = None,
) -> GlcState:
    """A table in the haunt step of round 1: `revealed[seat]` is each seat's ghost this round."""
    players = players or len(revealed)
    hands = [[v for v in range(1, 10) if v != revealed[seat]] for seat in range(players)]
    if order is None:
        order = sorted(range(players), key=lambda s: -revealed[s])
    return GlcState(
        players=players,
        seed=1,
        rounds=8,
        round=1,
        phase="haunt",
        hands=hands,
        chosen=[None] * players,
        revealed=list(revealed),
        love=list(love) if love is not None else list(range(1, players + 1)),
        love_known=[[] for _ in range(players)],
        kid_deck=list(kid_deck),
        candy_deck=list(candy_deck) if candy_deck is not None else [t % CANDY_TYPES for t in range(30)],
        candy_known=[0] * players,
        row=[Spot(kid=k) for k in row],
        stashes=[Stash() for _ in range(players)],
        order=list(order),
        turn=0,
    )


def put_ghosts(state: GlcState, pos: int, *ghosts: tuple[int, int]) -> None:
    """Pile ghosts (value, owner) on the kid at `pos`, bottom first."""
    state.row[pos].ghosts = [Ghost(value=v, owner=o) for v, o in ghosts]


def put_candy(state: GlcState, pos: int, *types: int) -> None:
    for t in types:
        state.row[pos].candies[t] += 1


def give(state: GlcState, seat: int, *types: int) -> None:
    for t in types:
        state.stashes[seat].candies[t] += 1


def play(state: GlcState, seat: int, kind: str, *args: int | str) -> None:
    GAME.apply(state, seat, act(kind, *args))


def choose_all(state: GlcState, ghosts: Sequence[int]) -> None:
    for seat, value in enumerate(ghosts):
        play(state, seat, "send", value)


def total_candy(state: GlcState) -> int:
    return (
        len(state.candy_deck)
        + sum(state.candy_discard)
        + sum(sum(s.candies) for s in state.row)
        + sum(sum(s.candies) for s in state.stashes)
    )


# ---- the data -------------------------------------------------------------------------------------


def test_there_are_24_kids_with_card_numbers_1_to_24() -> None:
    assert sorted(KIDS) == list(range(1, 25))
    assert all(kid.number == n for n, kid in KIDS.items())


def test_love_cards_rate_the_six_candies_five_down_to_zero_and_form_a_latin_square() -> None:
    assert len(LOVE_CARDS) == 6
    for values in LOVE_CARDS.values():
        assert sorted(values) == [0, 1, 2, 3, 4, 5]
    for t in range(CANDY_TYPES):
        assert sorted(values[t] for values in LOVE_CARDS.values()) == [0, 1, 2, 3, 4, 5]


# ---- set-up ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_hold_ghosts_one_to_nine_six_kids_and_eight_rounds(players: int) -> None:
    state = GAME.new_game(players, {}, 1)
    assert state.hands == [list(range(1, 10))] * players
    assert len(state.row) == 6
    assert state.rounds == 8


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_drop_ghosts_four_and_six_deal_eight_kids_and_play_six_rounds(players: int) -> None:
    state = GAME.new_game(players, {}, 1)
    assert state.hands == [[1, 2, 3, 5, 7, 8, 9]] * players
    assert len(state.row) == 8
    assert state.rounds == 6


@pytest.mark.parametrize("players", [3, 6])
def test_each_player_is_dealt_one_different_love_card(players: int) -> None:
    state = GAME.new_game(players, {}, 4)
    assert len(state.love) == players
    assert len(set(state.love)) == players
    assert set(state.love) <= set(LOVE_CARDS)


def test_love_card_is_seen_only_by_its_owner() -> None:
    state = GAME.new_game(4, {}, 2)
    assert GAME.view(state, 1).love == (None, state.love[1], None, None)
    assert GAME.view(state, None).love == (None,) * 4


def test_kid_deck_holds_the_24_kids_less_the_neighborhood() -> None:
    state = GAME.new_game(3, {}, 2)
    kids = state.kid_deck + [spot.kid for spot in state.row]
    assert sorted(k for k in kids if k is not None) == list(range(1, 25))


def test_candy_deck_holds_six_types_of_eight_cards() -> None:
    state = GAME.new_game(3, {}, 2)
    cards = list(state.candy_deck)
    for spot in state.row:
        for t, n in enumerate(spot.candies):
            cards.extend([t] * n)
    assert sorted(cards) == sorted(t for t in range(CANDY_TYPES) for _ in range(8))


def test_decks_and_love_cards_are_shuffled_by_the_seed() -> None:
    a, b, a_again = GAME.new_game(4, {}, 1), GAME.new_game(4, {}, 2), GAME.new_game(4, {}, 1)
    assert (a.kid_deck, a.candy_deck, a.love) == (a_again.kid_deck, a_again.candy_deck, a_again.love)
    assert (a.kid_deck, a.candy_deck) != (b.kid_deck, b.candy_deck)


# ---- 1. place candy -------------------------------------------------------------------------------


def test_each_kid_gets_one_candy_from_the_top_of_the_deck_when_a_round_starts() -> None:
    state = GAME.new_game(3, {}, 5)
    assert [sum(spot.candies) for spot in state.row] == [1 if s.kid != BUMBLEBEE else 2 for s in state.row]
    assert len(state.candy_deck) == 48 - sum(sum(s.candies) for s in state.row)


def test_candy_on_the_kids_is_visible_to_everyone() -> None:
    state = GAME.new_game(3, {}, 5)
    spectator = GAME.view(state, None)
    assert [spot.candies for spot in spectator.row] == [tuple(s.candies) for s in state.row]


def test_new_round_places_candy_along_the_row_from_the_deck_top() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[CORN, CHOCOLATE, LICORICE, GUMMIES])
    for seat in (0, 1, 2):
        play(state, seat, "haunt", seat)
    assert state.round == 2
    # The top card is the last of the list: the kid nearest the Kid deck gets Gummies.
    assert [spot.candies[t] for spot, t in zip(state.row, (GUMMIES, LICORICE, CHOCOLATE), strict=True)] == [1, 1, 1]
    assert state.candy_deck == [CORN]


# ---- 2. choose a ghost ----------------------------------------------------------------------------


def test_every_seat_that_has_not_chosen_a_ghost_is_to_act() -> None:
    state = GAME.new_game(4, {}, 3)
    assert GAME.to_act(state) == frozenset({0, 1, 2, 3})
    play(state, 2, "send", 7)
    assert GAME.to_act(state) == frozenset({0, 1, 3})
    assert GAME.legal_actions(state, 2) == [act("take-back")]


def test_a_player_may_send_only_a_ghost_from_their_hand() -> None:
    state = GAME.new_game(5, {}, 3)
    assert [a.args[0] for a in GAME.legal_actions(state, 0)] == [1, 2, 3, 5, 7, 8, 9]
    with pytest.raises(RuleError, match="no ghost 4"):
        play(state, 0, "send", 4)


def test_a_chosen_ghost_stays_secret_until_everyone_has_chosen() -> None:
    state = GAME.new_game(3, {}, 3)
    play(state, 0, "send", 8)
    mine, theirs, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert mine.my_choice == 8
    assert theirs.my_choice is None
    assert spectator.my_choice is None
    assert theirs.has_chosen == (True, False, False)
    assert theirs.revealed == (None, None, None)
    assert 8 in theirs.hands[0]  # still counted among the unrevealed ghosts
    assert "8" not in " ".join(e.text for e in state.log if e.visible_to(1) and e.kind != "round")


def test_ghosts_are_revealed_all_at_once_when_the_last_player_chooses() -> None:
    state = GAME.new_game(3, {}, 3)
    play(state, 0, "send", 8)
    play(state, 1, "send", 2)
    assert GAME.view(state, None).revealed == (None, None, None)
    play(state, 2, "send", 5)
    assert GAME.view(state, None).revealed == (8, 2, 5)
    assert state.hands[0] == [1, 2, 3, 4, 5, 6, 7, 9]


def test_ruling_g9_a_chosen_ghost_may_be_taken_back_until_the_last_player_has_chosen() -> None:
    state = GAME.new_game(3, {}, 3)
    before = GAME.dump_state(state)
    play(state, 0, "send", 8)
    # Nobody waits for a seat that has chosen, but it may still take its ghost back.
    assert 0 not in GAME.to_act(state)
    assert GAME.may_change(state) == frozenset({0})
    assert GAME.label(state, 0, act("take-back")) == "Take back ghost 8"
    play(state, 0, "take-back")
    assert state.chosen == [None, None, None]
    assert 0 in GAME.to_act(state)
    # Exactly the round as before the choice, but for the two lines saying what happened.
    after = GAME.load_state(GAME.dump_state(state))
    after.log = GAME.load_state(before).log
    assert GAME.dump_state(after) == before
    assert "8" not in " ".join(e.text for e in state.log if e.visible_to(1))
    play(state, 0, "send", 2)
    play(state, 1, "send", 5)
    play(state, 2, "send", 9)
    # The last choice reveals every ghost at once: from then on nobody takes anything back.
    assert GAME.view(state, None).revealed == (2, 5, 9)
    assert GAME.may_change(state) == frozenset()
    with pytest.raises(RuleError):
        play(state, 0, "take-back")


def test_a_seat_that_has_not_chosen_has_no_ghost_to_take_back() -> None:
    state = GAME.new_game(3, {}, 3)
    play(state, 0, "send", 8)
    with pytest.raises(RuleError, match="no ghost chosen to take back"):
        play(state, 1, "take-back")


# ---- 3. turn order --------------------------------------------------------------------------------


def test_highest_ghost_goes_first_then_the_next_highest() -> None:
    state = GAME.new_game(4, {}, 3)
    choose_all(state, [3, 9, 1, 6])
    assert state.order == [1, 3, 0, 2]
    assert GAME.to_act(state) == frozenset({1})


def test_ties_in_ghost_value_are_broken_by_kid_card_number() -> None:
    state = GAME.new_game(3, {}, 3)
    state.kid_deck[-2:] = [2, 20]  # seat 0 reveals the top kid (20), seat 1 the next (2)
    choose_all(state, [5, 5, 7])
    assert state.order == [2, 0, 1]
    state = GAME.new_game(3, {}, 3)
    state.kid_deck[-2:] = [20, 2]  # now seat 1 reveals 20
    choose_all(state, [5, 5, 7])
    assert state.order == [2, 1, 0]


def test_kids_revealed_for_a_tie_are_discarded() -> None:
    state = GAME.new_game(3, {}, 3)
    before = len(state.kid_deck)
    state.kid_deck[-2:] = [2, 20]
    choose_all(state, [4, 4, 4])
    assert len(state.kid_deck) == before - 3
    assert 2 in state.kid_discard
    assert 20 in state.kid_discard
    assert len(state.kid_discard) == 3


def test_an_empty_kid_deck_is_rebuilt_from_the_discard_for_a_tie() -> None:
    state = GAME.new_game(3, {}, 3)
    state.kid_discard = state.kid_deck[:-1]
    state.kid_deck = state.kid_deck[-1:]
    choose_all(state, [6, 6, 1])
    assert len(state.kid_discard) == 2  # the two tie-break kids, from the old and the rebuilt deck
    assert len(state.kid_deck) == 24 - 6 - 2
    assert any(e.kind == "reshuffle" for e in state.log)


def test_kids_revealed_for_ties_are_discarded_only_after_every_tie_is_resolved() -> None:
    # Two ties in one round (5-5 and 2-2) with two kids left: the second tie rebuilds the deck
    # from the discard, which must not yet hold the two kids revealed for the first tie.
    state = GAME.new_game(4, {}, 3)
    state.kid_discard = state.kid_deck[:-2]
    state.kid_deck = state.kid_deck[-2:]
    first_tie = set(state.kid_deck)
    choose_all(state, [5, 5, 2, 2])
    shown = [e.text for e in state.log if e.kind == "tie"]
    assert len(shown) == 2
    assert not first_tie & set(state.kid_deck), "no kid revealed for the first tie is back in the deck"
    assert len(state.kid_discard) == 4, "the four revealed kids, discarded together at the end"
    assert set(state.kid_discard[:2]) == first_tie
    assert len(set(state.kid_discard)) == 4, "nobody revealed the same kid twice"


# ---- on your turn ---------------------------------------------------------------------------------


def test_haunting_puts_the_ghost_on_top_of_the_kids_pile() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1])
    put_ghosts(state, 1, (5, 2))
    play(state, 0, "haunt", 1)
    assert [(g.value, g.owner) for g in state.row[1].ghosts] == [(5, 2), (3, 0)]


def test_a_kid_with_no_ghosts_gets_the_ghost_as_a_new_pile() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 2)
    assert [(g.value, g.owner) for g in state.row[2].ghosts] == [(3, 0)]


def test_haunting_takes_all_the_candy_of_the_kid() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 0, CORN, CORN, GUMMIES)
    play(state, 0, "haunt", 0)
    assert state.stashes[0].candies == [2, 0, 0, 1, 0, 0]
    assert sum(state.row[0].candies) == 0


def test_a_kid_with_no_candy_can_still_be_haunted_and_its_ability_used() -> None:
    state = make([VAMPIRE, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 1, LICORICE)
    assert act("haunt", 0) in GAME.legal_actions(state, 0)
    play(state, 0, "haunt", 0)
    assert state.stashes[0].candies[LICORICE] == 1  # the Vampire's bite still happened


def test_only_the_player_whose_turn_it_is_may_haunt() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1])
    assert GAME.to_act(state) == frozenset({0})
    with pytest.raises(RuleError, match="not your turn"):
        play(state, 1, "haunt", 0)


# ---- scare kids -----------------------------------------------------------------------------------


def test_kid_is_scared_when_its_ghosts_add_up_to_exactly_its_courage() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (6, 2))  # Pumpkin's courage is 18: 15 + 3 = 18
    play(state, 0, "haunt", 1)
    assert state.stashes[0].kids == [PUMPKIN]


def test_kid_below_its_courage_is_not_scared() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [2, 3, 1], kid_deck=[PRINCESS], order=[0, 1, 2])
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)  # 17 < 18
    assert state.row[1].kid == PUMPKIN
    assert state.stashes[0].kids == []


def test_scared_kid_goes_to_the_stash_of_the_last_player_who_haunted_it() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 0), (6, 2))
    play(state, 0, "haunt", 1)
    assert state.stashes[0].kids == [PUMPKIN]
    assert state.stashes[2].kids == []


def test_scared_kids_ghosts_and_candy_are_discarded() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (6, 2))
    put_candy(state, 1, CORN, CORN)
    play(state, 0, "haunt", 1)  # 18: scared, after seat 0 took its candy
    assert sorted((g.value, g.owner) for g in state.ghost_discard) == [(3, 0), (6, 2), (9, 1)]
    assert state.row[1].ghosts == []
    assert state.stashes[0].candies[CORN] == 2


def test_candy_left_on_a_kid_scared_by_another_move_is_discarded() -> None:
    state = make([MAGICIAN, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (5, 2))
    put_ghosts(state, 2, (4, 1))
    put_candy(state, 1, CORN, LOLLIPOPS)
    play(state, 0, "haunt", 0)
    play(state, 0, "moveghost", 2, 1)  # 9 + 5 + 4 = 18: the Pumpkin is scared still holding its candy
    assert state.stashes[1].kids == [PUMPKIN]
    assert state.candy_discard == [1, 0, 0, 0, 1, 0]
    # The log says why: the ghosts against its courage, and whose ghost came last.
    scared = next(e.text for e in state.log if "is scared" in e.text)
    assert "is scared (18 ghost points against courage 18) and goes to {p1}'s stash ({p1} haunted it last)" in scared


def test_scared_kid_is_replaced_in_its_spot_by_the_top_of_the_kid_deck() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[BLACK_CAT, PRINCESS])
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert [s.kid for s in state.row] == [MUMMY, PRINCESS, FAIRY]
    assert state.row[1].ghosts == []
    assert state.kid_deck == [BLACK_CAT]


def test_scare_check_starts_at_the_kid_nearest_the_kid_deck() -> None:
    # The Mummy already carries its courage in ghosts; the haunt brings the Fairy to hers too.
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[BLACK_CAT, PRINCESS])
    put_ghosts(state, 0, (9, 1), (9, 2), (2, 1))  # Mummy 20: 20, already at courage
    put_ghosts(state, 2, (9, 1), (6, 2))  # Fairy 18: 15 + 3 = 18 after the haunt
    play(state, 0, "haunt", 2)
    # Position 0 was checked first, so it drew the top kid (Princess); the Fairy got the Black Cat.
    assert [s.kid for s in state.row] == [PRINCESS, PUMPKIN, BLACK_CAT]
    assert state.stashes[1].kids == [MUMMY]
    assert state.stashes[0].kids == [FAIRY]


def test_each_kid_is_checked_once_so_a_replacement_is_not_checked_again() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 0, (9, 1), (9, 2), (2, 1))
    play(state, 0, "haunt", 0)
    assert [s.kid for s in state.row] == [PRINCESS, PUMPKIN, FAIRY]
    assert GAME.to_act(state) == frozenset({1})


def test_empty_kid_deck_is_rebuilt_from_the_discarded_kids_for_a_replacement() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[])
    state.kid_discard = [PRINCESS]
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert state.row[1].kid == PRINCESS
    assert state.kid_discard == []


def test_a_spot_stays_empty_when_no_kid_is_left_anywhere() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[])
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert state.row[1].kid is None
    assert act("haunt", 1) not in GAME.legal_actions(state, 1)


def test_turn_passes_to_the_next_player_after_the_scare_check() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert GAME.to_act(state) == frozenset({1})
    play(state, 1, "haunt", 0)
    assert GAME.to_act(state) == frozenset({2})


# ---- end of round and of the game -----------------------------------------------------------------


def test_kids_candy_and_ghosts_stay_in_the_neighborhood_into_the_next_round() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[CORN] * 9)
    put_candy(state, 2, LICORICE)
    for seat in (0, 1):
        play(state, seat, "haunt", 0)
    play(state, 2, "haunt", 1)
    assert state.round == 2
    assert state.phase == "choose"
    assert [s.kid for s in state.row] == [MUMMY, PUMPKIN, FAIRY]
    assert [g.value for g in state.row[0].ghosts] == [3, 2]
    assert state.row[2].candies[LICORICE] == 1


def test_the_round_in_which_the_last_candy_is_placed_is_played_to_its_end() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[CORN] * 3)
    for seat in (0, 1, 2):
        play(state, seat, "haunt", 0)
    assert state.last_round
    assert GAME.result(state) is None
    choose_all(state, [5, 6, 7])
    for seat in (2, 1):
        play(state, seat, "haunt", 2)
        assert GAME.result(state) is None
    play(state, 0, "haunt", 1)
    assert GAME.result(state) is not None
    assert GAME.to_act(state) == frozenset()


def test_every_love_card_is_revealed_at_the_end() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[], love=[4, 2, 6])
    state.last_round = True
    for seat in (0, 1, 2):
        play(state, seat, "haunt", 0)
    assert GAME.view(state, None).love == (4, 2, 6)
    assert GAME.view(state, 1).love == (4, 2, 6)


def finish(state: GlcState) -> None:
    """Play out a last round on a quiet row."""
    state.last_round = True
    for seat in list(state.order):
        play(state, seat, "haunt", 0)


def test_each_candy_scores_what_your_love_card_says() -> None:
    state = make([DINOSAUR, MUMMY, BLACK_CAT], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, CORN, CORN, LICORICE, CHOCOLATE)  # card 1: corn 5, licorice 0, chocolate 1
    give(state, 1, CORN, LOLLIPOPS)  # card 2: corn 4, lollipops 0
    give(state, 2, PEPPERMINT)  # card 3: peppermint 5
    finish(state)
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (11, 4, 5)


def test_each_kid_in_your_stash_costs_two_points() -> None:
    state = make([DINOSAUR, MUMMY, BLACK_CAT], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, CORN)
    state.stashes[0].kids = [NINJA, PIRATE]
    finish(state)
    result = GAME.result(state)
    assert result is not None
    assert result.scores[0] == 5 - 4


def test_neighborhood_kids_change_values_before_kid_penalties_are_taken() -> None:
    state = make([DINOSAUR, PUMPKIN, MAD_SCIENTIST], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, CORN, LICORICE)  # card 1: corn 5 + 1 (Pumpkin) = 6; licorice 0 -> 3 (Mad Scientist)
    state.stashes[0].kids = [NINJA]
    finish(state)
    result = GAME.result(state)
    assert result is not None
    assert result.scores[0] == 6 + 3 - 2


def test_the_highest_score_wins() -> None:
    state = make([DINOSAUR, MUMMY, BLACK_CAT], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 1, LICORICE)
    finish(state)
    result = GAME.result(state)
    assert result is not None
    assert result.places == (2, 1, 2)
    assert result.winners == (1,)


def test_players_tied_for_the_best_score_share_first_place() -> None:
    state = make([DINOSAUR, MUMMY, BLACK_CAT], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, CORN)  # 5
    give(state, 1, LICORICE)  # 5
    give(state, 2, GUMMIES)  # 4
    finish(state)
    result = GAME.result(state)
    assert result is not None
    assert result.places == (1, 1, 3)
    assert "BOO" in result.summary


# ---- rulings of the data file ---------------------------------------------------------------------


def test_ruling_the_player_who_resolves_a_card_makes_its_choice() -> None:
    state = make([NINJA, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 1, CORN)
    put_candy(state, 2, LICORICE)
    play(state, 0, "haunt", 0)
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [act("snatch", 1, "corn"), act("snatch", 2, "licorice")]


def test_ruling_an_optional_ability_can_be_declined_and_a_forced_one_cannot() -> None:
    state = make([CHEF, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 0, CORN)
    put_candy(state, 1, LICORICE)
    play(state, 0, "haunt", 0)
    assert act("decline") in GAME.legal_actions(state, 0)
    play(state, 0, "decline")
    assert state.stashes[0].candies[CORN] == 1
    state = make([COWBOY, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 1, LICORICE, CORN)
    play(state, 0, "haunt", 0)
    assert act("decline") not in GAME.legal_actions(state, 0)
    with pytest.raises(RuleError, match="not optional"):
        play(state, 0, "decline")


def test_ruling_next_to_means_row_neighbours_and_the_row_does_not_wrap() -> None:
    state = make([PIRATE, PUMPKIN, FAIRY, MUMMY], [3, 2, 1])
    put_candy(state, 1, CORN)
    put_candy(state, 3, LICORICE)  # the far end is not next to the Pirate
    play(state, 0, "haunt", 0)
    assert state.stashes[0].candies[CORN] == 1  # only one neighbour with candy: taken at once
    assert state.stashes[0].candies[LICORICE] == 0


def test_ruling_ghosts_in_the_discard_remember_their_owner() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert sorted((g.value, g.owner) for g in state.ghost_discard) == [(3, 0), (6, 2), (9, 1)]


def test_ruling_a_placed_ghost_always_goes_on_top_and_its_owner_is_the_last_haunter() -> None:
    state = make([MAGICIAN, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (6, 1))
    put_ghosts(state, 2, (3, 2))
    play(state, 0, "haunt", 0)
    play(state, 0, "moveghost", 2, 1)  # 9 + 6 + 3 = 18: the Pumpkin is scared by seat 2's ghost
    assert state.stashes[2].kids == [PUMPKIN]


def test_ruling_the_ghost_choice_is_simultaneous_and_revealed_at_once() -> None:
    state = GAME.new_game(3, {}, 8)
    play(state, 1, "send", 9)
    play(state, 0, "send", 1)
    reveal = [e for e in state.log if e.kind == "reveal"]
    assert reveal == []
    play(state, 2, "send", 4)
    reveal = [e for e in state.log if e.kind == "reveal"]
    assert len(reveal) == 1
    assert reveal[0].seats is None
    assert all(f"{{p{s}}} {v}" in reveal[0].text for s, v in ((0, 1), (1, 9), (2, 4)))


# ---- hidden information ---------------------------------------------------------------------------


def test_determinize_resamples_other_love_cards_from_those_this_seat_cannot_see() -> None:
    state = GAME.new_game(3, {}, 6)
    seen = set()
    for i in range(30):
        other = GAME.determinize(state, 0, random.Random(i))
        assert other.love[0] == state.love[0]
        assert len(set(other.love)) == 3
        seen.add(tuple(other.love[1:]))
    assert len(seen) > 1


def test_determinize_keeps_a_love_card_the_detective_saw() -> None:
    state = GAME.new_game(3, {}, 6)
    state.love_known[0] = [2]
    for i in range(10):
        assert GAME.determinize(state, 0, random.Random(i)).love[2] == state.love[2]


def test_determinize_resamples_others_unrevealed_ghosts_from_their_hands() -> None:
    state = GAME.new_game(3, {}, 6)
    play(state, 1, "send", 9)
    play(state, 0, "send", 2)
    picks = {GAME.determinize(state, 0, random.Random(i)).chosen[1] for i in range(40)}
    assert len(picks) > 1
    assert picks <= set(range(1, 10))
    assert all(GAME.determinize(state, 0, random.Random(i)).chosen[0] == 2 for i in range(5))


def test_determinize_changes_the_seed_and_hides_secret_log_lines() -> None:
    state = GAME.new_game(3, {}, 6)
    play(state, 1, "send", 9)
    # A line only seat 1 may see (a peek at a Love card, say).
    state.log.append(Event(kind="secret", text="{p2} holds Love card 3: 5 and 9.", seats=(1,)))
    other = GAME.determinize(state, 0, random.Random(1))
    assert other.seed != state.seed
    assert all(e.visible_to(0) for e in other.log)
    assert state.log[-1].seats == (1,)  # the original keeps its private line


def test_determinize_keeps_the_candy_order_the_astronaut_arranged() -> None:
    state = GAME.new_game(3, {}, 6)
    state.candy_known[0] = 3
    top = state.candy_deck[-3:]
    for i in range(10):
        other = GAME.determinize(state, 0, random.Random(i))
        assert other.candy_deck[-3:] == top
        assert sorted(other.candy_deck) == sorted(state.candy_deck)


# ---- words ----------------------------------------------------------------------------------------


def test_labels_speak_the_games_words() -> None:
    state = make([PIRATE, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 0, CORN, CORN, LICORICE)
    assert GAME.label(state, 0, act("haunt", 0)) == "Haunt the Pirate (3 candies)"
    fresh = GAME.new_game(3, {}, 1)
    assert GAME.label(fresh, 0, act("send", 5)) == "Send ghost 5"


def test_illegal_moves_are_explained() -> None:
    state = GAME.new_game(3, {}, 1)
    play(state, 0, "send", 5)
    with pytest.raises(RuleError, match="already chosen"):
        play(state, 0, "send", 6)
    state = make([PIRATE, None, FAIRY], [3, 2, 1])
    with pytest.raises(RuleError, match="no kid in that spot"):
        play(state, 0, "haunt", 1)


def test_help_says_the_card_texts_are_our_own() -> None:
    assert GAME.house_card_set
    assert any("Our own card texts" in page for page in GAME.help_pages)
    assert all(len(page) < 3500 for page in GAME.help_pages)


def test_candy_is_conserved_through_random_play() -> None:
    rng = random.Random(3)
    for seed in range(4):
        state = GAME.new_game(3 + seed, {}, seed)
        while GAME.result(state) is None:
            assert total_candy(state) == 48
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert total_candy(state) == 48
