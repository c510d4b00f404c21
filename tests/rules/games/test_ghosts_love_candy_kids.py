"""Ghosts Love Candy: every kid's ability, what it does, when it is skipped, and how it meets the scare check."""

from __future__ import annotations

import pytest

from rules.contract import act
from rules.games.ghosts_love_candy import GAME
from rules.games.ghosts_love_candy.cards import (
    ASTRONAUT,
    BLACK_CAT,
    BUMBLEBEE,
    CHEERLEADER,
    CHEF,
    CHOCOLATE,
    CLOWN,
    CORN,
    COWBOY,
    DETECTIVE,
    DINOSAUR,
    FAIRY,
    GUMMIES,
    LICORICE,
    LOLLIPOPS,
    MAD_SCIENTIST,
    MAGICIAN,
    MUMMY,
    NINJA,
    PEPPERMINT,
    PIRATE,
    PRINCESS,
    PUMPKIN,
    ROBOT,
    SKELETON,
    SUPERHERO,
    VAMPIRE,
    WEREWOLF,
    WITCH,
    ZOMBIE,
    candy_counts,
)
from rules.games.ghosts_love_candy.state import Ghost, GlcState
from rules.kit.errors import RuleError
from tests.rules.games.test_ghosts_love_candy import finish, give, make, play, put_candy, put_ghosts
from tests.rules.games.worded import unworded_lines


def skipped(state: GlcState) -> bool:
    return any("cannot be done" in e.text for e in state.log)


def score(state: GlcState, seat: int) -> int:
    result = GAME.result(state)
    assert result is not None
    return result.scores[seat]


# ---- 01 Skeleton -------------------------------------------------------------------------------------


def test_skeleton_moves_a_scared_kid_from_any_stash_to_another_players_stash() -> None:
    state = make([SKELETON, PUMPKIN, FAIRY], [3, 2, 1])
    state.stashes[0].kids = [MUMMY]
    state.stashes[2].kids = [NINJA]
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [
        act("movekid", MUMMY, 0, 1),
        act("movekid", MUMMY, 0, 2),
        act("movekid", NINJA, 2, 0),
        act("movekid", NINJA, 2, 1),
        act("decline"),
    ]
    play(state, 0, "movekid", MUMMY, 0, 1)
    assert state.stashes[0].kids == []
    assert state.stashes[1].kids == [MUMMY]


def test_skeleton_may_be_declined() -> None:
    state = make([SKELETON, PUMPKIN, FAIRY], [3, 2, 1])
    state.stashes[0].kids = [MUMMY]
    play(state, 0, "haunt", 0)
    play(state, 0, "decline")
    assert state.stashes[0].kids == [MUMMY]
    assert GAME.to_act(state) == frozenset({1})


def test_skeleton_is_skipped_when_no_stash_holds_a_kid() -> None:
    state = make([SKELETON, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert skipped(state)
    assert GAME.to_act(state) == frozenset({1})


def test_skeleton_acts_before_the_scare_so_a_zombie_it_hands_you_answers_that_scare() -> None:
    state = make([SKELETON, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    state.stashes[1].kids = [ZOMBIE]
    put_ghosts(state, 0, (9, 2), (3, 2))  # 12 + 3 = 15: the Skeleton is scared after its ability
    play(state, 0, "haunt", 0)
    play(state, 0, "movekid", ZOMBIE, 1, 0)
    assert state.stashes[0].kids == [SKELETON]
    assert state.row[0].kid == ZOMBIE
    assert state.kid_deck == [MUMMY]


# ---- 02 Werewolf -------------------------------------------------------------------------------------


def test_werewolf_takes_a_candy_back_when_your_ghost_is_lower_than_the_one_beneath() -> None:
    state = make([WEREWOLF, PUMPKIN, FAIRY], [3, 2, 1])
    put_ghosts(state, 0, (5, 1))
    put_candy(state, 0, CORN)
    play(state, 0, "haunt", 0)  # one candy type in the stash: given back at once
    assert state.stashes[0].candies[CORN] == 0
    assert state.row[0].candies[CORN] == 1


def test_werewolf_takes_a_candy_back_when_your_ghost_equals_the_one_beneath() -> None:
    state = make([WEREWOLF, PUMPKIN, FAIRY], [5, 2, 1])
    put_ghosts(state, 0, (5, 1))
    give(state, 0, LICORICE, CHOCOLATE)
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("feed", "licorice"), act("feed", "chocolate")]
    with pytest.raises(RuleError, match="not optional"):
        play(state, 0, "decline")
    play(state, 0, "feed", "chocolate")
    assert state.stashes[0].candies == [0, 1, 0, 0, 0, 0]
    assert state.row[0].candies[CHOCOLATE] == 1


def test_werewolf_takes_nothing_when_your_ghost_is_higher() -> None:
    state = make([WEREWOLF, PUMPKIN, FAIRY], [6, 2, 1])
    put_ghosts(state, 0, (5, 1))
    give(state, 0, LICORICE)
    play(state, 0, "haunt", 0)
    assert state.stashes[0].candies[LICORICE] == 1
    assert GAME.to_act(state) == frozenset({1})


def test_werewolf_takes_nothing_when_no_ghost_was_on_him_before() -> None:
    state = make([WEREWOLF, PUMPKIN, FAIRY], [1, 2, 3], order=[0, 1, 2])
    give(state, 0, LICORICE)
    play(state, 0, "haunt", 0)
    assert state.stashes[0].candies[LICORICE] == 1


def test_werewolf_is_skipped_when_your_stash_is_empty() -> None:
    state = make([WEREWOLF, PUMPKIN, FAIRY], [3, 2, 1])
    put_ghosts(state, 0, (5, 1))
    play(state, 0, "haunt", 0)
    assert skipped(state)
    assert sum(state.row[0].candies) == 0


def test_candy_fed_to_a_werewolf_scared_in_the_same_turn_is_discarded() -> None:
    state = make([WEREWOLF, PUMPKIN, FAIRY], [6, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 0, (9, 1))  # 9 + 6 = 15: scared after he is fed
    give(state, 0, GUMMIES)
    play(state, 0, "haunt", 0)
    assert state.candy_discard[GUMMIES] == 1
    assert state.stashes[0].kids == [WEREWOLF]


# ---- 03 Zombie -------------------------------------------------------------------------------------


def test_zombie_in_your_stash_takes_the_place_of_the_next_kid_scared_into_it() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    state.stashes[0].kids = [ZOMBIE]
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert state.row[1].kid == ZOMBIE
    assert state.row[1].ghosts == []
    assert state.stashes[0].kids == [PUMPKIN]
    assert state.kid_deck == [PRINCESS]


def test_zombie_does_nothing_for_a_scare_into_another_players_stash() -> None:
    state = make([MUMMY, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    state.stashes[1].kids = [ZOMBIE]
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert state.row[1].kid == PRINCESS
    assert state.stashes[1].kids == [ZOMBIE]


def test_zombie_that_walked_back_out_costs_no_points() -> None:
    state = make([DINOSAUR, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    state.stashes[0].kids = [ZOMBIE]
    put_ghosts(state, 1, (9, 1), (6, 2))
    state.last_round = True
    play(state, 0, "haunt", 1)
    play(state, 1, "haunt", 0)
    play(state, 2, "haunt", 0)
    assert score(state, 0) == -2  # only the Pumpkin


def test_zombie_in_the_row_changes_nothing_when_a_kid_is_scared() -> None:
    state = make([ZOMBIE, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)
    assert [s.kid for s in state.row] == [ZOMBIE, PRINCESS, FAIRY]


# ---- 04 Witch -------------------------------------------------------------------------------------


def test_witch_trades_a_ghost_in_your_hand_for_one_of_yours_in_the_discard() -> None:
    state = make([WITCH, PUMPKIN, FAIRY], [3, 2, 1])
    state.hands[0] = [1, 2]
    state.ghost_discard = [Ghost(value=7, owner=0), Ghost(value=8, owner=1)]
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("swapghost", 1, 7), act("swapghost", 2, 7), act("decline")]
    play(state, 0, "swapghost", 2, 7)
    assert state.hands[0] == [1, 7]
    assert sorted((g.value, g.owner) for g in state.ghost_discard) == [(2, 0), (8, 1)]


def test_witch_may_be_declined() -> None:
    state = make([WITCH, PUMPKIN, FAIRY], [3, 2, 1])
    state.hands[0] = [1, 2]
    state.ghost_discard = [Ghost(value=7, owner=0)]
    play(state, 0, "haunt", 0)
    play(state, 0, "decline")
    assert state.hands[0] == [1, 2]


def test_witch_is_skipped_when_only_other_players_ghosts_are_discarded() -> None:
    state = make([WITCH, PUMPKIN, FAIRY], [3, 2, 1])
    state.ghost_discard = [Ghost(value=8, owner=1)]
    play(state, 0, "haunt", 0)
    assert skipped(state)


def test_witch_acts_before_the_scare_so_ghosts_discarded_this_turn_are_out_of_reach() -> None:
    state = make([WITCH, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 0, (9, 1), (5, 0))  # 14 + 3 = 15: the Witch is scared after her ability
    play(state, 0, "haunt", 0)
    assert skipped(state)
    assert state.stashes[0].kids == [WITCH]
    assert (5, 0) in [(g.value, g.owner) for g in state.ghost_discard]


# ---- 05 Chef -------------------------------------------------------------------------------------


def test_chef_trades_one_stash_candy_for_one_on_any_kid() -> None:
    state = make([CHEF, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 0, CORN)
    put_candy(state, 2, CHOCOLATE)
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("swapcandy", "corn", 2, "chocolate"), act("decline")]
    play(state, 0, "swapcandy", "corn", 2, "chocolate")
    assert state.stashes[0].candies == [0, 0, 0, 0, 0, 1]
    assert state.row[2].candies == [1, 0, 0, 0, 0, 0]


def test_chef_is_skipped_when_no_kid_carries_candy() -> None:
    state = make([CHEF, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 0, CORN)  # taken by the haunt: the row is then bare
    play(state, 0, "haunt", 0)
    assert skipped(state)


def test_chef_is_skipped_when_your_stash_is_empty() -> None:
    state = make([CHEF, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 1, CORN)
    play(state, 0, "haunt", 0)
    assert skipped(state)


# ---- 06 Magician -------------------------------------------------------------------------------------


def test_magician_moves_a_top_ghost_onto_another_kids_pile() -> None:
    state = make([MAGICIAN, PUMPKIN, FAIRY], [3, 2, 1])
    put_ghosts(state, 1, (4, 1), (7, 2))
    play(state, 0, "haunt", 0)
    play(state, 0, "moveghost", 1, 2)
    assert [(g.value, g.owner) for g in state.row[1].ghosts] == [(4, 1)]
    assert [(g.value, g.owner) for g in state.row[2].ghosts] == [(7, 2)]


def test_magician_can_move_the_ghost_just_placed_on_him_and_can_be_declined() -> None:
    state = make([MAGICIAN, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("moveghost", 0, 1), act("moveghost", 0, 2), act("decline")]
    play(state, 0, "decline")
    assert [g.value for g in state.row[0].ghosts] == [3]


def test_magician_move_that_lowers_a_pile_saves_the_kid_from_the_scare() -> None:
    state = make([MAGICIAN, PUMPKIN, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 0, (9, 1), (3, 2))  # 12 + 3 = 15: the Magician would be scared ...
    play(state, 0, "haunt", 0)
    play(state, 0, "moveghost", 0, 2)  # ... but he sends the top 3 away
    assert state.row[0].kid == MAGICIAN
    assert state.stashes[0].kids == []


# ---- 07 Vampire -------------------------------------------------------------------------------------


def test_vampire_takes_one_candy_of_your_choice_from_another_stash() -> None:
    state = make([VAMPIRE, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 1, CORN)
    give(state, 2, LICORICE, LICORICE)
    give(state, 0, GUMMIES)
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("steal", 1, "corn"), act("steal", 2, "licorice")]
    play(state, 0, "steal", 2, "licorice")
    assert state.stashes[2].candies[LICORICE] == 1
    assert state.stashes[0].candies == [0, 1, 0, 1, 0, 0]


def test_vampire_is_skipped_when_every_other_stash_is_empty() -> None:
    state = make([VAMPIRE, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 0, CORN)
    play(state, 0, "haunt", 0)
    assert skipped(state)


# ---- 08 Pirate -------------------------------------------------------------------------------------


def test_pirate_also_takes_all_candy_of_the_neighbour_you_pick() -> None:
    state = make([PUMPKIN, PIRATE, FAIRY], [3, 2, 1])
    put_candy(state, 0, CORN, CORN)
    put_candy(state, 2, LOLLIPOPS)
    play(state, 0, "haunt", 1)
    assert GAME.legal_actions(state, 0) == [act("raid", 0), act("raid", 2)]
    play(state, 0, "raid", 0)
    assert state.stashes[0].candies[CORN] == 2
    assert state.row[2].candies[LOLLIPOPS] == 1


def test_pirate_is_skipped_when_neither_neighbour_has_candy() -> None:
    state = make([PUMPKIN, PIRATE, FAIRY, MUMMY], [3, 2, 1])
    put_candy(state, 3, CORN)
    play(state, 0, "haunt", 1)
    assert skipped(state)
    assert state.row[3].candies[CORN] == 1


# ---- 09 Ninja -------------------------------------------------------------------------------------


def test_ninja_takes_one_candy_of_your_choice_from_any_kid() -> None:
    state = make([NINJA, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 2, CORN, CHOCOLATE)
    play(state, 0, "haunt", 0)
    play(state, 0, "snatch", 2, "chocolate")
    assert state.stashes[0].candies[CHOCOLATE] == 1
    assert state.row[2].candies == [1, 0, 0, 0, 0, 0]


def test_ninja_is_skipped_when_no_kid_has_candy() -> None:
    state = make([NINJA, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert skipped(state)


# ---- 10 Robot -------------------------------------------------------------------------------------


def test_robot_trades_a_stash_candy_for_any_candy_in_the_discard() -> None:
    state = make([ROBOT, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 0, LICORICE)
    state.candy_discard[CHOCOLATE] = 2
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("recycle", "licorice", "chocolate"), act("decline")]
    play(state, 0, "recycle", "licorice", "chocolate")
    assert state.stashes[0].candies == [0, 0, 0, 0, 0, 1]
    assert state.candy_discard == [0, 1, 0, 0, 0, 1]


def test_robot_is_skipped_when_the_candy_discard_is_empty() -> None:
    state = make([ROBOT, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 0, LICORICE)
    play(state, 0, "haunt", 0)
    assert skipped(state)


def test_robot_is_skipped_when_your_stash_is_empty() -> None:
    state = make([ROBOT, PUMPKIN, FAIRY], [3, 2, 1])
    state.candy_discard[CHOCOLATE] = 1
    play(state, 0, "haunt", 0)
    assert skipped(state)


# ---- 11 Superhero -------------------------------------------------------------------------------------


def test_superhero_discards_the_top_ghost_of_another_kid() -> None:
    state = make([SUPERHERO, PUMPKIN, FAIRY], [3, 2, 1])
    put_ghosts(state, 1, (4, 1), (7, 2))
    put_ghosts(state, 2, (5, 1))
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("banish", 1), act("banish", 2)]
    play(state, 0, "banish", 1)
    assert [g.value for g in state.row[1].ghosts] == [4]
    assert [(g.value, g.owner) for g in state.ghost_discard] == [(7, 2)]


def test_superhero_is_skipped_when_no_other_kid_has_a_ghost() -> None:
    state = make([SUPERHERO, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert skipped(state)
    assert [g.value for g in state.row[0].ghosts] == [3]


def test_superhero_removing_a_top_ghost_changes_who_gets_the_kid_when_scared() -> None:
    state = make([SUPERHERO, PUMPKIN, MUMMY], [3, 2, 1], kid_deck=[FAIRY])
    put_ghosts(state, 1, (9, 1), (9, 2), (5, 1))  # 23 on the Pumpkin, seat 1's ghost on top
    play(state, 0, "haunt", 0)  # the only other pile: knocked at once
    assert state.stashes[2].kids == [PUMPKIN]  # 18 is still enough, and now seat 2's ghost is on top
    assert state.stashes[1].kids == []


# ---- 12 Clown -------------------------------------------------------------------------------------


def test_clown_swaps_two_other_kids_with_their_candy_and_ghosts() -> None:
    state = make([CLOWN, PUMPKIN, FAIRY, MUMMY], [3, 2, 1])
    put_candy(state, 1, CORN)
    put_ghosts(state, 3, (5, 2))
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("swapkids", 1, 2), act("swapkids", 1, 3), act("swapkids", 2, 3)]
    play(state, 0, "swapkids", 1, 3)
    assert [s.kid for s in state.row] == [CLOWN, MUMMY, FAIRY, PUMPKIN]
    assert state.row[3].candies[CORN] == 1
    assert [g.value for g in state.row[1].ghosts] == [5]


def test_clown_is_skipped_when_fewer_than_two_other_kids_stand_in_the_row() -> None:
    state = make([CLOWN, PUMPKIN, None], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert skipped(state)


def test_clown_swap_can_put_a_kid_next_to_the_cheerleader_before_the_scare() -> None:
    state = make([CLOWN, PUMPKIN, MUMMY, CHEERLEADER], [3, 2, 1], kid_deck=[FAIRY])
    put_ghosts(state, 1, (9, 1), (9, 2))  # the Pumpkin is at courage
    play(state, 0, "haunt", 0)
    play(state, 0, "swapkids", 1, 2)
    assert [s.kid for s in state.row] == [CLOWN, MUMMY, PUMPKIN, CHEERLEADER]
    assert state.stashes[2].kids == []


# ---- 13 Detective -------------------------------------------------------------------------------------


def test_detective_shows_you_one_other_love_card_in_secret() -> None:
    state = make([DETECTIVE, PUMPKIN, FAIRY], [3, 2, 1], love=[5, 2, 6])
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("peek", 1), act("peek", 2)]
    play(state, 0, "peek", 2)
    assert GAME.view(state, 0).love == (5, None, 6)
    assert GAME.view(state, 1).love == (None, 2, None)
    secret = [e for e in state.log if "Love card 6" in e.text]
    assert len(secret) == 1
    assert secret[0].seats == (0,)


def test_detective_is_forced_so_it_cannot_be_declined() -> None:
    state = make([DETECTIVE, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert act("decline") not in GAME.legal_actions(state, 0)


# ---- 14 Cowboy -------------------------------------------------------------------------------------


def test_cowboy_moves_one_candy_from_one_kid_to_another() -> None:
    state = make([COWBOY, PUMPKIN, FAIRY], [3, 2, 1])
    put_candy(state, 1, LICORICE)
    play(state, 0, "haunt", 0)
    assert GAME.legal_actions(state, 0) == [act("movecandy", 1, "licorice", 0), act("movecandy", 1, "licorice", 2)]
    play(state, 0, "movecandy", 1, "licorice", 2)
    assert state.row[2].candies[LICORICE] == 1
    assert state.row[1].candies[LICORICE] == 0


def test_cowboy_is_skipped_when_no_kid_has_candy() -> None:
    state = make([COWBOY, PUMPKIN, FAIRY], [3, 2, 1])
    play(state, 0, "haunt", 0)
    assert skipped(state)


# ---- 15 Cheerleader -------------------------------------------------------------------------------------


def test_cheerleader_keeps_the_kids_beside_her_from_being_scared() -> None:
    state = make([PUMPKIN, CHEERLEADER, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 2, (9, 1), (6, 2))
    play(state, 0, "haunt", 2)  # 18 on the Fairy
    assert state.row[2].kid == FAIRY
    assert state.stashes[0].kids == []


def test_cheerleader_herself_can_be_scared() -> None:
    state = make([PUMPKIN, CHEERLEADER, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 1, (7, 1))
    play(state, 0, "haunt", 1)  # 10
    assert state.stashes[0].kids == [CHEERLEADER]


def test_cheerleader_does_not_protect_kids_two_spots_away() -> None:
    state = make([PUMPKIN, CHEERLEADER, MUMMY, FAIRY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 3, (9, 1), (6, 2))
    play(state, 0, "haunt", 3)
    assert state.stashes[0].kids == [FAIRY]


def test_cheerleader_scared_earlier_in_the_check_no_longer_protects_the_next_kid() -> None:
    state = make([CHEERLEADER, PUMPKIN, MUMMY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 0, (9, 1), (1, 1))  # she is at her courage of 10
    put_ghosts(state, 1, (9, 1), (6, 2))
    play(state, 0, "haunt", 1)  # 18 on the Pumpkin
    assert state.stashes[1].kids == [CHEERLEADER]
    assert state.stashes[0].kids == [PUMPKIN]


def test_kid_checked_before_the_cheerleader_stays_protected_even_if_she_is_scared_after() -> None:
    state = make([PUMPKIN, CHEERLEADER, MUMMY], [3, 2, 1], kid_deck=[PRINCESS])
    put_ghosts(state, 1, (9, 1), (1, 1))
    put_ghosts(state, 0, (9, 1), (6, 2))
    play(state, 0, "haunt", 0)
    assert state.row[0].kid == PUMPKIN
    assert state.stashes[1].kids == [CHEERLEADER]


# ---- 16 Astronaut -------------------------------------------------------------------------------------


def test_astronaut_lets_you_restack_the_next_three_candies() -> None:
    state = make([ASTRONAUT, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[CORN, LICORICE, PEPPERMINT, GUMMIES])
    play(state, 0, "haunt", 0)
    assert GAME.view(state, 0).candy_top == (GUMMIES, PEPPERMINT, LICORICE)
    assert GAME.view(state, 1).candy_top == ()
    assert len(GAME.legal_actions(state, 0)) == 6
    play(state, 0, "stack", "licorice", "gummies", "peppermint")
    assert state.candy_deck == [CORN, PEPPERMINT, GUMMIES, LICORICE]
    play(state, 1, "haunt", 1)
    play(state, 2, "haunt", 1)
    # The new round deals from the stacked order: Licorice first, to the kid nearest the Kid deck.
    assert [s.candies.index(1) for s in state.row] == [LICORICE, GUMMIES, PEPPERMINT]


def test_astronaut_with_fewer_than_three_candies_left_shows_what_is_there() -> None:
    state = make([ASTRONAUT, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[CORN, CORN])
    play(state, 0, "haunt", 0)  # only one order possible: done at once
    assert state.candy_known[0] == 2
    assert GAME.to_act(state) == frozenset({1})


def test_astronaut_is_skipped_when_the_candy_deck_is_empty() -> None:
    state = make([ASTRONAUT, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[])
    play(state, 0, "haunt", 0)
    assert skipped(state)


# ---- 17 Bumblebee -------------------------------------------------------------------------------------


def end_round(state: GlcState) -> None:
    for seat in list(state.order):
        play(state, seat, "haunt", 2)


def test_bumblebee_gets_two_candies_when_candy_is_placed() -> None:
    deck = [CORN, LICORICE, PEPPERMINT, GUMMIES, LOLLIPOPS]
    state = make([MUMMY, BUMBLEBEE, FAIRY], [3, 2, 1], candy_deck=deck)
    end_round(state)
    assert state.row[0].candies[LOLLIPOPS] == 1
    assert state.row[1].candies == [0, 0, 1, 1, 0, 0]
    assert state.row[2].candies[LICORICE] == 1
    assert state.candy_deck == [CORN]


def test_bumblebee_gets_only_one_when_the_deck_runs_out_on_her() -> None:
    state = make([MUMMY, BUMBLEBEE, FAIRY], [3, 2, 1], candy_deck=[CORN, LICORICE])
    end_round(state)
    assert sum(state.row[1].candies) == 1
    assert sum(state.row[2].candies) == 0
    assert state.last_round


# ---- 18-23 the end-of-game kids -------------------------------------------------------------------------------


def test_mummy_in_your_stash_costs_four_points() -> None:
    state = make([DINOSAUR, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[])
    state.stashes[0].kids = [MUMMY, NINJA]
    finish(state)
    assert score(state, 0) == -4 - 2


def test_black_cat_in_your_stash_earns_two_points() -> None:
    state = make([DINOSAUR, PUMPKIN, FAIRY], [3, 2, 1], candy_deck=[])
    state.stashes[0].kids = [BLACK_CAT, NINJA]
    finish(state)
    assert score(state, 0) == 2 - 2


def test_mummy_and_black_cat_left_in_the_row_change_nothing() -> None:
    state = make([DINOSAUR, MUMMY, BLACK_CAT], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, CORN)
    finish(state)
    assert score(state, 0) == 5


@pytest.mark.parametrize(("kid", "candy"), [(PUMPKIN, CORN), (FAIRY, LOLLIPOPS), (PRINCESS, CHOCOLATE)])
def test_candy_kids_left_in_the_row_make_their_candy_worth_one_more_to_everyone(kid: int, candy: int) -> None:
    state = make([DINOSAUR, kid, MUMMY], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, candy)
    give(state, 2, candy, candy)
    finish(state)
    # Love card 1: corn 5, lollipops 3, chocolate 1; card 3: corn 2, lollipops 1, chocolate 0.
    card1 = {CORN: 5, LOLLIPOPS: 3, CHOCOLATE: 1}[candy]
    card3 = {CORN: 2, LOLLIPOPS: 1, CHOCOLATE: 0}[candy]
    assert score(state, 0) == card1 + 1
    assert score(state, 2) == 2 * (card3 + 1)


def test_candy_kid_in_a_stash_adds_nothing_and_costs_two() -> None:
    state = make([DINOSAUR, MUMMY, FAIRY], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, CORN)
    state.stashes[0].kids = [PUMPKIN]
    finish(state)
    assert score(state, 0) == 5 - 2


def test_mad_scientist_makes_the_candy_your_love_card_rates_zero_worth_three() -> None:
    state = make([DINOSAUR, MAD_SCIENTIST, MUMMY], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, LICORICE, CORN)  # card 1: licorice 0 -> 3, corn 5
    give(state, 1, LOLLIPOPS)  # card 2: lollipops 0 -> 3
    finish(state)
    assert score(state, 0) == 8
    assert score(state, 1) == 3


def test_mad_scientist_and_pumpkin_together_make_a_zero_candy_corn_worth_four() -> None:
    state = make([DINOSAUR, MAD_SCIENTIST, PUMPKIN], [3, 2, 1], candy_deck=[], love=[6, 2, 3])
    give(state, 0, CORN)  # card 6 rates Candy Corn 0
    finish(state)
    assert score(state, 0) == 4


def test_mad_scientist_in_a_stash_changes_no_values() -> None:
    state = make([DINOSAUR, MUMMY, FAIRY], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    give(state, 0, LICORICE)
    state.stashes[1].kids = [MAD_SCIENTIST]
    finish(state)
    assert score(state, 0) == 0


# ---- 24 Dinosaur -------------------------------------------------------------------------------------


def test_scared_dinosaur_clears_the_ghosts_of_both_neighbours() -> None:
    state = make([PUMPKIN, DINOSAUR, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 0, (5, 1))
    put_ghosts(state, 2, (4, 2))
    put_ghosts(state, 1, (9, 1), (8, 2))
    play(state, 0, "haunt", 1)  # 20
    assert state.stashes[0].kids == [DINOSAUR]
    assert state.row[0].ghosts == []
    assert state.row[2].ghosts == []
    assert sorted(g.value for g in state.ghost_discard) == [3, 4, 5, 8, 9]


def test_dinosaur_roar_saves_the_next_kid_in_the_check() -> None:
    state = make([PUMPKIN, DINOSAUR, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 2, (9, 1), (9, 2))  # the Fairy is at her courage of 18
    put_ghosts(state, 1, (9, 1), (8, 2))
    play(state, 0, "haunt", 1)
    assert state.row[2].kid == FAIRY
    assert state.stashes[2].kids == []


def test_dinosaur_at_the_end_of_the_row_clears_its_only_neighbour() -> None:
    state = make([PUMPKIN, FAIRY, DINOSAUR], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 0, (5, 1))
    put_ghosts(state, 1, (4, 2))
    put_ghosts(state, 2, (9, 1), (8, 2))
    play(state, 0, "haunt", 2)
    assert [g.value for g in state.row[0].ghosts] == [5]
    assert state.row[1].ghosts == []


def test_dinosaur_not_scared_clears_nothing() -> None:
    state = make([PUMPKIN, DINOSAUR, FAIRY], [3, 2, 1], kid_deck=[MUMMY])
    put_ghosts(state, 0, (5, 1))
    play(state, 0, "haunt", 1)
    assert [g.value for g in state.row[0].ghosts] == [5]


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("ghosts-love-candy") == set()
    names = ("Ana", "Bob", "Cy")
    state = make([SKELETON, PUMPKIN, FAIRY], [3, 2, 1])
    state.stashes[0].kids = [MUMMY]
    state.stashes[2].kids = [NINJA]
    play(state, 0, "haunt", 0)
    play(state, 0, "movekid", MUMMY, 0, 1)
    moved = next(e for e in state.log if e.kind == "ability")
    assert moved.in_words(names, 2) == "Ana moved the Mummy from Ana's stash to Bob's."
    assert moved.in_words(names, 1) == "Ana moved the Mummy from Ana's stash to yours."
    assert moved.in_words(names, 0) == "You moved the Mummy from your stash to Bob's."
    state = make([SKELETON, PUMPKIN, FAIRY], [3, 2, 1])
    state.stashes[2].kids = [NINJA]
    play(state, 0, "haunt", 0)
    play(state, 0, "movekid", NINJA, 2, 0)
    moved = next(e for e in state.log if e.kind == "ability")
    assert moved.in_words(names, 0) == "You moved the Ninja from Cy's stash to yours."
    assert moved.in_words(names, 2) == "Ana moved the Ninja from your stash to Ana's."
    assert moved.said is not None


def test_one_candy_is_counted_in_the_singular_in_the_log_and_the_buttons() -> None:
    assert candy_counts([0, 0, 0, 1, 1, 0]) == "1 Gummy, 1 Lollipop"
    assert candy_counts([0, 0, 0, 2, 3, 0]) == "2 Gummies, 3 Lollipops"
    assert candy_counts([0] * 6) == "no candy"
    state = make([VAMPIRE, PUMPKIN, FAIRY], [3, 2, 1])
    give(state, 1, GUMMIES, GUMMIES)
    give(state, 2, LICORICE)
    play(state, 0, "haunt", 0)
    assert GAME.label(state, 0, act("steal", 1, "gummies")) == "Take 1 Gummy from player 2"
    play(state, 0, "steal", 1, "gummies")
    took = next(e for e in state.log if e.kind == "ability")
    assert took.in_words(("Ana", "Bob", "Cy"), 1) == "Ana took 1 Gummy from your stash."
