"""Setting up a hand of Best Candy: the deal, the secret favourite, the stash draft, trump and the first lead."""

from __future__ import annotations

import pytest

from rules.candy_kit.cards import BY_COLOUR, COLOURS, KING_SIZE, MAIN_DECK, SUITS, suit_name
from rules.contract import act
from rules.games.best_candy import GAME
from rules.games.best_candy.deal import start_hand
from rules.games.best_candy.state import BestCandyState, Phase
from rules.kit.errors import RuleError


def keep_first(state: BestCandyState) -> None:
    """Everyone keeps their first suit card."""
    for seat in range(state.players):
        GAME.apply(state, seat, act("keep", state.offers[seat][0]))


def draft_first(state: BestCandyState) -> None:
    """Each drafter in turn takes the first stash card."""
    while state.phase is Phase.DRAFT:
        seat = state.drafters[0]
        GAME.apply(state, seat, act("take", state.stash[0]))


def all_cards(state: BestCandyState) -> list[int]:
    return sorted([c for h in state.hands for c in h] + state.stash)


# ---- the deal ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_four_and_five_players_use_the_whole_deck(players: int) -> None:
    state = GAME.new_game(players, {}, 3)
    assert all_cards(state) == list(range(len(MAIN_DECK)))
    assert state.colours == list(COLOURS)


def test_four_players_are_dealt_twelve_cards_each() -> None:
    state = GAME.new_game(4, {}, 3)
    assert [len(h) for h in state.hands] == [12] * 4
    assert len(state.stash) == 57 - 48


def test_five_players_are_dealt_only_ten_cards_each() -> None:
    state = GAME.new_game(5, {}, 3)
    assert [len(h) for h in state.hands] == [10] * 5
    assert len(state.stash) == 57 - 50


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_players_use_the_king_size_and_one_random_colour_per_player(players: int) -> None:
    seen: set[tuple[str, ...]] = set()
    for seed in range(20):
        state = GAME.new_game(players, {}, seed)
        assert len(state.colours) == players
        expected = sorted([KING_SIZE, *(c for colour in state.colours for c in BY_COLOUR[colour])])
        assert all_cards(state) == expected
        assert [len(h) for h in state.hands] == [12] * players
        seen.add(tuple(state.colours))
    assert len(seen) > 1, "the colours are chosen at random"


def test_the_colours_of_a_small_game_are_chosen_again_for_each_hand() -> None:
    state = GAME.new_game(2, {}, 0)
    colours = {tuple(state.colours)}
    for _ in range(12):
        start_hand(state)
        colours.add(tuple(state.colours))
    assert len(colours) > 1


@pytest.mark.parametrize(("players", "dealt"), [(2, 3), (3, 3), (4, 2), (5, 2)])
def test_suit_cards_dealt_are_two_each_or_three_with_two_or_three_players(players: int, dealt: int) -> None:
    state = GAME.new_game(players, {}, 4)
    assert [len(o) for o in state.offers] == [dealt] * players
    given = [s for o in state.offers for s in o]
    assert len(set(given)) == len(given)
    assert sorted(given + state.suit_deck) == sorted(SUITS)


# ---- the favourite suit -------------------------------------------------------------


def test_everyone_keeps_a_favourite_at_the_same_time() -> None:
    state = GAME.new_game(4, {}, 5)
    assert GAME.to_act(state) == frozenset(range(4))
    GAME.apply(state, 2, act("keep", state.offers[2][1]))
    assert GAME.to_act(state) == frozenset({0, 1, 3})
    assert GAME.legal_actions(state, 2) == [act("take-back")]


def test_a_player_keeps_one_of_the_suit_cards_dealt_to_them() -> None:
    state = GAME.new_game(4, {}, 5)
    assert GAME.legal_actions(state, 0) == [act("keep", s) for s in state.offers[0]]
    stranger = next(s for s in SUITS if s not in state.offers[0])
    with pytest.raises(RuleError, match="Keep one of the suit cards you were dealt"):
        GAME.apply(state, 0, act("keep", stranger))


def test_the_other_suit_cards_go_back_into_the_suit_deck_once_everyone_has_kept() -> None:
    state = GAME.new_game(3, {}, 5)
    dealt = list(state.offers[1])
    GAME.apply(state, 1, act("keep", dealt[0]))
    assert state.favourites[1] == [dealt[0]]
    # Until the last keep a keep can be taken back (ruling G9): nothing has moved yet.
    assert not set(dealt) & set(state.suit_deck)
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    GAME.apply(state, 2, act("keep", state.offers[2][0]))
    assert set(dealt[1:]) <= set(state.suit_deck)
    assert dealt[0] not in state.suit_deck


def test_ruling_g9_a_kept_favourite_may_be_taken_back_until_the_last_player_has_kept() -> None:
    state = GAME.new_game(3, {}, 5)
    before = GAME.dump_state(state)
    kept = state.offers[1][1]
    GAME.apply(state, 1, act("keep", kept))
    assert GAME.may_change(state) == frozenset({1})
    assert GAME.label(state, 1, act("take-back")) == f"Take back {suit_name(kept)} as favourite"
    events = GAME.apply(state, 1, act("take-back"))
    assert all(suit_name(kept) not in e.text for e in events)
    # Exactly the hand as before the keep, but for the lines saying what happened.
    after = GAME.load_state(GAME.dump_state(state))
    after.log = GAME.load_state(before).log
    assert GAME.dump_state(after) == before
    assert 1 in GAME.to_act(state)
    with pytest.raises(RuleError, match="nothing to take back"):
        GAME.apply(state, 0, act("take-back"))
    for seat in range(3):
        GAME.apply(state, seat, act("keep", state.offers[seat][0]))
    # The last keep: the stash is revealed and the favourites are final.
    assert GAME.may_change(state) == frozenset()
    for seat in range(3):
        with pytest.raises(RuleError):
            GAME.apply(state, seat, act("take-back"))


def test_the_suit_deck_after_the_keeps_is_the_same_whatever_order_they_came_in() -> None:
    decks = []
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        state = GAME.new_game(3, {}, 5)
        for seat in order:
            GAME.apply(state, seat, act("keep", state.offers[seat][0]))
        decks.append(state.suit_deck)
    assert decks[0] == decks[1] == decks[2]


def test_the_favourite_suit_is_secret() -> None:
    state = GAME.new_game(3, {}, 5)
    kept = state.offers[0][0]
    events = GAME.apply(state, 0, act("keep", kept))
    assert GAME.view(state, 0).favourites == (kept,)
    assert GAME.view(state, 1).favourites == ()
    assert GAME.view(state, None).favourites == ()
    for event in events:
        if kept.capitalize() in event.text:
            assert event.seats == (0,)


def test_the_stash_stays_face_down_until_every_favourite_is_kept() -> None:
    state = GAME.new_game(4, {}, 6)
    view = GAME.view(state, 0)
    assert not view.stash_revealed
    assert view.stash == ()
    assert view.stash_size == 9
    keep_first(state)
    view = GAME.view(state, 0)
    assert view.stash_revealed
    assert sorted(view.stash) == sorted(state.stash)


# ---- the draft -----------------------------------------------------------------------


def test_the_lowest_score_drafts_first_then_to_the_left() -> None:
    state = GAME.new_game(4, {}, 7)
    state.scores = [9, 12, 3, 20]
    keep_first(state)
    assert state.phase is Phase.DRAFT
    assert state.drafters == [2, 3, 0, 1]
    assert GAME.to_act(state) == frozenset({2})


def test_a_random_one_of_the_tied_lowest_scores_drafts_first() -> None:
    firsts = set()
    for seed in range(30):
        state = GAME.new_game(4, {}, seed)
        state.scores = [5, 2, 9, 2]
        keep_first(state)
        firsts.add(state.drafters[0])
    assert firsts == {1, 3}


def test_each_player_takes_one_stash_card_into_their_hand() -> None:
    state = GAME.new_game(4, {}, 8)
    keep_first(state)
    first = state.drafters[0]
    pick = state.stash[3]
    assert GAME.legal_actions(state, first) == [act("take", c) for c in state.stash]
    GAME.apply(state, first, act("take", pick))
    assert pick in state.hands[first]
    assert pick not in state.stash
    assert len(state.hands[first]) == 13
    assert GAME.legal_actions(state, first) == []
    draft_first(state)
    assert [len(h) for h in state.hands] == [13] * 4
    assert len(state.stash) == 9 - 4


def test_a_card_not_in_the_stash_cannot_be_taken() -> None:
    state = GAME.new_game(4, {}, 8)
    keep_first(state)
    first = state.drafters[0]
    with pytest.raises(RuleError, match="not in the stash"):
        GAME.apply(state, first, act("take", state.hands[first][0]))


def test_trump_is_turned_up_only_after_the_draft_from_the_reshuffled_suit_deck() -> None:
    returned_as_trump = False
    for seed in range(20):
        state = GAME.new_game(4, {}, seed)
        discards = [s for o in state.offers for s in o[1:]]
        keep_first(state)
        assert state.trump is None
        draft_first(state)
        assert state.phase is Phase.TRICKS
        assert state.trump is not None
        kept = [f[0] for f in state.favourites]
        assert state.trump not in kept
        returned_as_trump |= state.trump in discards
    assert returned_as_trump, "discarded suit cards are shuffled back in and can become trump"


def test_the_last_player_to_draft_leads_the_first_trick() -> None:
    state = GAME.new_game(4, {}, 9)
    state.scores = [4, 1, 7, 7]
    keep_first(state)
    draft_first(state)
    assert state.leader == 0  # seat 1 drafted first, so seat 0 drafted last
    assert GAME.to_act(state) == frozenset({0})


def test_a_hand_of_four_players_is_thirteen_tricks() -> None:
    state = GAME.new_game(4, {}, 10)
    keep_first(state)
    draft_first(state)
    while state.hand_number == 1:
        seat = state.turn
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert sum(state.last_hand[h].tricks for h in range(4)) == 13
