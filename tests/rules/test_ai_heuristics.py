"""The normal heuristics' key decisions, on states built by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ai.levels import EasyLevel, NormalLevel
from rules.candy_kit.cards import DECK
from rules.contract import Action, Game, GameState, act
from rules.games.appetite.state import AppetiteState
from rules.games.best_candy.state import BestCandyState, Phase
from rules.games.closest_ghost.board import BY_NAME
from rules.games.closest_ghost.state import ClosestGhostState
from rules.games.closest_ghost.state import Phase as GhostPhase
from rules.games.ghosts_love_candy.cards import DINOSAUR, MUMMY, ZOMBIE
from rules.games.ghosts_love_candy.state import Ghost, GlcState, Spot
from rules.games.ghosts_of_christmas.ai import _play_out, _round_deals, win_chance
from rules.games.ghosts_of_christmas.cards import CARD_BY_TOKEN, SUIT_OF, card_id, deck
from rules.games.ghosts_of_christmas.state import GhostsState, GhostsView
from rules.games.match_candy_go.state import MatchState
from rules.games.thirteen_ghosts.ai import CRYPT_ODDS, duel_prior
from rules.games.thirteen_ghosts.cards import ALL_NUMBERS
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from rules.registry import games

NORMAL = NormalLevel()


def normal_moves(game: Game[Any], state: GameState, seat: int, tries: int = 6) -> set[Action]:
    """Every move the normal level makes here over several seeds (ties are broken at random)."""
    return {NORMAL.choose(game, state, seat, random.Random(k)) for k in range(tries)}


# ---- The Closest Ghost ------------------------------------------------------------


def closest_ghost(
    avatars: list[str], ghosts: list[str], candy: list[str], phase: GhostPhase = "step"
) -> ClosestGhostState:
    return ClosestGhostState(
        players=2,
        seed=0,
        first=0,
        mover=0,
        phase=phase,
        avatars=[BY_NAME[a] for a in avatars],
        ghosts=[BY_NAME[g] for g in ghosts],
        candy=sorted(BY_NAME[c] for c in candy),
    )


def test_closest_ghost_normal_steps_toward_the_nearest_own_candy() -> None:
    # From B2 the only own candy, C1, is two steps away going down (C2 then C1).
    state = closest_ghost(avatars=["B2", "B5"], ghosts=["A4", "C4", "A6"], candy=["C1", "B4", "B6"])
    assert normal_moves(games()["closest-ghost"], state, 0) == {act("step", "down")}


def test_closest_ghost_normal_does_not_pick_up_the_rivals_candy_when_it_need_not() -> None:
    # Right from B3 lands on the rival's candy at B4; down heads for our own candy at C1.
    state = closest_ghost(avatars=["B3", "B5"], ghosts=["A4", "C5", "A6"], candy=["C1", "B4", "B6"])
    moves = normal_moves(games()["closest-ghost"], state, 0)
    assert act("step", "right") not in moves


def test_closest_ghost_easy_never_picks_up_the_rivals_candy_when_another_step_exists() -> None:
    state = closest_ghost(avatars=["B3", "B5"], ghosts=["A4", "C5", "A6"], candy=["C1", "B4", "B6"])
    game = games()["closest-ghost"]
    moves = {EasyLevel().choose(game, state, 0, random.Random(k)) for k in range(40)}
    assert act("step", "right") not in moves
    assert len(moves) > 1, "easy still picks at random among the other steps"


def test_closest_ghost_normal_moves_the_ghost_onto_the_rivals_candy_to_hide_it() -> None:
    # The ghost on B3 is the one nearest our avatar (B2); one step right it covers the rival's B4.
    state = closest_ghost(avatars=["B2", "C4"], ghosts=["B3", "C6", "A6"], candy=["A1", "B4", "B6"], phase="ghost")
    assert normal_moves(games()["closest-ghost"], state, 0) == {act("ghost", "B3", "right")}


def test_closest_ghost_normal_puts_the_third_ghost_on_a_rival_candy() -> None:
    state = closest_ghost(avatars=["B2", "B5"], ghosts=["A1", "C6"], candy=["B1", "A4", "C3"], phase="place")
    state.mover = 1
    state.first = 0
    moves = normal_moves(games()["closest-ghost"], state, 1)
    assert moves == {act("place", "C3")}, "seat 1's rival owns columns 1-3: C3 holds the only rival candy"


# ---- Ghosts Love Candy -------------------------------------------------------------


def love_candy_turn(row: list[Spot], ghost: int = 5) -> GlcState:
    """Seat 0 (Love card 1: Candy Corn 5, Licorice 0, Gummies 2) haunts first with `ghost`."""
    game = games()["ghosts-love-candy"]
    state = game.new_game(3, {}, 1)
    assert isinstance(state, GlcState)
    state.love = [1, 2, 3]
    state.row = row
    state.phase = "haunt"
    state.revealed = [ghost, 3, 2]
    state.order = [0, 1, 2]
    state.turn = 0
    for seat, value in enumerate(state.revealed):
        assert value is not None
        state.hands[seat].remove(value)
    return state


def candies(corn: int = 0, licorice: int = 0, gummies: int = 0) -> list[int]:
    return [corn, licorice, 0, gummies, 0, 0]


def test_love_candy_normal_haunts_the_kid_whose_candy_its_love_card_values_most() -> None:
    row = [
        Spot(kid=ZOMBIE, candies=candies(licorice=2)),
        Spot(kid=MUMMY, candies=candies(corn=1)),
        Spot(kid=DINOSAUR, candies=candies(gummies=1)),
    ]
    state = love_candy_turn(row)
    assert normal_moves(games()["ghosts-love-candy"], state, 0) == {act("haunt", 1)}


def test_love_candy_normal_stays_off_a_kid_its_ghost_would_scare_into_its_stash() -> None:
    # Same candy on both; the Zombie (courage 12) already carries 8, and our 5 would scare him.
    row = [
        Spot(kid=ZOMBIE, candies=candies(corn=1), ghosts=[Ghost(value=8, owner=1)]),
        Spot(kid=MUMMY, candies=candies(corn=1)),
    ]
    state = love_candy_turn(row)
    assert normal_moves(games()["ghosts-love-candy"], state, 0) == {act("haunt", 1)}


def test_love_candy_normal_sends_its_highest_ghost_for_a_rich_kid_in_the_last_round() -> None:
    game = games()["ghosts-love-candy"]
    state = game.new_game(3, {}, 2)
    assert isinstance(state, GlcState)
    state.love = [1, 2, 3]
    state.row = [Spot(kid=MUMMY, candies=candies(corn=3)), Spot(kid=DINOSAUR, candies=candies(licorice=1))]
    state.hands = [[2, 9], [8, 9], [8, 9]]
    state.last_round = True
    assert normal_moves(game, state, 0) == {act("send", 9)}


# ---- Best Candy ------------------------------------------------------------------


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def best_candy_trick(hand: list[int], led: int, trick_suit: str, trump: str = "sour") -> BestCandyState:
    """Two players, tricks phase: seat 1 led `led`, seat 0 plays last."""
    game = games()["best-candy"]
    state = game.new_game(2, {}, 3)
    assert isinstance(state, BestCandyState)
    state.phase = Phase.TRICKS
    state.favourites = [["nuts"], ["gummy"]]
    state.drafters = []
    state.trump = trump
    state.leader = 1
    state.trick = [led]
    state.trick_suit = trick_suit
    state.hands = [hand, [card("black", 3)]]
    return state


def played_cards(moves: set[Action]) -> set[int]:
    return {int(m.args[0]) for m in moves}


def test_best_candy_normal_wins_a_trick_with_its_cheapest_winning_card() -> None:
    # Chocolate 4 led; the chocolate 5 and the chocolate 12 both win it, the 5 is cheaper.
    hand = [card("orange", 5), card("orange", 12), card("purple", 11)]
    state = best_candy_trick(hand, led=card("orange", 4), trick_suit="chocolate")
    assert played_cards(normal_moves(games()["best-candy"], state, 0)) == {card("orange", 5)}


def test_best_candy_normal_dumps_a_prank_on_a_trick_it_cannot_win() -> None:
    # Chocolate 12 led and no chocolate in hand: the Prank goes to the rival's trick.
    hand = [card("black", -1), card("purple", 11), card("green", 10)]
    state = best_candy_trick(hand, led=card("orange", 12), trick_suit="chocolate")
    assert played_cards(normal_moves(games()["best-candy"], state, 0)) == {card("black", -1)}


def test_best_candy_normal_keeps_the_suit_it_holds_most_of() -> None:
    game = games()["best-candy"]
    state = game.new_game(2, {}, 4)
    assert isinstance(state, BestCandyState)
    state.offers[0] = ["fruit", "chocolate"]
    state.hands[0] = [card("orange", r) for r in (2, 3, 5, 6, 8)] + [card("green", 1)]
    assert normal_moves(game, state, 0) == {act("keep", "chocolate")}


# ---- Appetite ----------------------------------------------------------------------


def appetite_trick(won: list[int]) -> AppetiteState:
    """Seat 0 plays last to a trick of three Chocolates worth 6 points, holding a Chocolate 8
    that wins it and a Chocolate 2 that loses it; seat 0 has taken `won` this hand, the others nothing."""
    game = games()["appetite"]
    state = game.new_game(4, {}, 7)
    assert isinstance(state, AppetiteState)
    state.phase = "play"
    state.leader = 1
    state.turn = 0
    state.trick = [card("orange", 3), card("orange", 4), card("orange", 5)]
    state.trick_suit = "chocolate"
    state.hands = [[card("orange", 8), card("orange", 2)], [card("purple", 2)], [card("green", 1)], [card("black", 2)]]
    state.won = [won, [], [], []]
    return state


def test_appetite_normal_past_its_aim_ducks_a_trick_worth_points() -> None:
    # 25 points taken: enough to score, so more would only risk the tummy ache of the most.
    won = [card("green", 10), card("green", 3), card("green", 4), card("black", 4), card("orange", 1), card("black", 1)]
    moves = normal_moves(games()["appetite"], appetite_trick(won), 0)
    assert played_cards(moves) == {card("orange", 2)}


def test_appetite_normal_leading_the_table_by_far_goes_for_stuffed() -> None:
    # 44 points taken and the others at 0: it will be the most anyway, and 75 is within reach.
    won = [card("black", 11), card("orange", 11), card("orange", 12), card("green", 10)]
    moves = normal_moves(games()["appetite"], appetite_trick(won), 0)
    assert played_cards(moves) == {card("orange", 8)}


# ---- Match Candy-Go ----------------------------------------------------------------


def test_match_candy_go_normal_takes_the_card_that_completes_its_set_over_more_junk() -> None:
    # Stack 1 was just added to; the deck card (a Nuts card) captures it with stack 2 (two cards
    # in no set) or with stack 3 (the last of the Twist candies, whose other two we hold).
    game = games()["match-candy-go"]
    state = MatchState(
        players=2,
        seed=0,
        phase="deck",
        pile=[card("black", 9)],
        hands=[[card("green", 3)], [card("black", 4)]],
        stacks=[
            [card("green", 12), card("green", 7)],
            [card("orange", 3), card("orange", 9)],
            [card("purple", 4)],
        ],
        added=[0],
        turned=card("purple", 12),
        captures=[[card("purple", 2), card("purple", 3)], [card("black", 8)]],
        dealer=1,
        turn=0,
        scores=[0, 0],
    )
    assert normal_moves(game, state, 0) == {act("put", 3)}


def test_match_candy_go_normal_plays_the_card_with_fewer_suits_when_both_do_as_well() -> None:
    # Both hand cards join the Caramel stack alike (neither is in a set); the one carrying Nuts
    # and Candy too may join a stack later where the plain Caramel card could not.
    game = games()["match-candy-go"]
    plain, many = card("orange", 10), card("purple", 9)
    state = MatchState(
        players=2,
        seed=0,
        phase="hand",
        pile=[card("green", 2), card("black", 8)],
        hands=[[plain, many], [card("green", 6), card("green", 7)]],
        stacks=[[card("purple", 11)], [card("orange", 2)]],
        captures=[[], []],
        dealer=1,
        turn=0,
        scores=[0, 0],
    )
    assert normal_moves(game, state, 0) == {act("join", plain, 1)}


def test_match_candy_go_normal_leaves_the_bigger_stack_where_the_rival_can_hardly_add_to_it() -> None:
    # The deck card makes a stack of 2 of Caramel or of Candy. Of the cards still unseen many
    # carry Candy and only the King Size Caramel, so the rival (one card in hand) is far less
    # likely to add to the Caramel stack.
    game = games()["match-candy-go"]
    caramel = [("black", 10), ("orange", 8), ("orange", 11), ("green", 7)]
    more_caramel = [("green", 10), ("purple", 3), ("purple", 4), ("purple", 11), ("purple", 12)]
    state = MatchState(
        players=2,
        seed=0,
        phase="deck",
        pile=[card("green", 4)],
        hands=[[card("green", 1)], [card("green", 3)]],
        stacks=[[card("orange", 10)], [card("black", 8)]],
        added=[],
        turned=card("purple", 9),
        captures=[[card(*c) for c in caramel], [card(*c) for c in more_caramel]],
        dealer=1,
        turn=0,
        scores=[0, 0],
    )
    assert normal_moves(game, state, 0) == {act("put", 1)}


# ---- Ghosts of Christmas ---------------------------------------------------------


def christmas_bid(hand: list[int]) -> GhostsState:
    game = games()["ghosts-of-christmas"]
    state = game.new_game(3, {}, 5)
    assert isinstance(state, GhostsState)
    state.start_player = 0
    state.turn = 0
    state.phase = "bid"
    others = [c for c in range(48) if c not in hand and (c % 12) + 1 >= 4]
    state.hands = [sorted(hand), others[:12], others[12:24]]
    return state


def bid_purple(state: GhostsState) -> int:
    moves = normal_moves(games()["ghosts-of-christmas"], state, 0)
    assert len(moves) == 1
    return int(next(iter(moves)).args[0])


def test_christmas_normal_bids_more_doors_with_a_stronger_hand() -> None:
    strong = [card_id("hearts", r) for r in range(6, 13)] + [card_id("holly", r) for r in (10, 11, 12, 9, 8)]
    weak = [card_id(suit, r) for suit in ("holly", "bells", "stars") for r in (4, 5, 6, 7)]
    assert bid_purple(christmas_bid(strong)) > bid_purple(christmas_bid(weak))


def test_christmas_normal_bids_at_most_one_purple_door_with_a_hand_of_low_cards() -> None:
    weak = [card_id(suit, r) for suit in ("holly", "bells", "stars") for r in (4, 5, 6, 7)]
    assert bid_purple(christmas_bid(weak)) <= 1


@pytest.mark.parametrize("options", [{"tiny_tim": True}, {}])
def test_christmas_normal_guesses_the_others_hands_from_the_cards_they_can_still_hold(options: dict[str, Any]) -> None:
    """Its look-ahead deals the others exactly the cards they hold between them, each seat as many
    as it holds and none of a suit it has shown it lacks: not cards played earlier in the hand, nor
    the last hand's final round (whose cards are dealt again)."""
    game = games()["ghosts-of-christmas"]
    rng = random.Random(0)
    hands_seen = set()
    for seed in range(3):
        state = game.new_game(3, options, seed)
        assert isinstance(state, GhostsState)
        while game.result(state) is None:
            seat = min(game.to_act(state))
            view = game.view(state, seat)
            assert isinstance(view, GhostsView)
            assert view.my_hand is not None
            if state.phase == "play":
                hands_seen.add((view.hand, view.round))
                mine = [CARD_BY_TOKEN[t] for t in view.my_hand]
                for dealt in _round_deals(view, seat, mine, 2, rng):
                    assert {s: len(cards) for s, cards in dealt.items()} == {
                        s: len(state.hands[s]) for s in range(3) if s != seat
                    }
                    assert sorted(c for cards in dealt.values() for c in cards) == sorted(
                        c for s in range(3) if s != seat for c in state.hands[s]
                    )
                    assert not [c for s, cards in dealt.items() for c in cards if SUIT_OF[c] in state.voids[s]]
            game.apply(state, seat, random.Random(rng.random()).choice(game.legal_actions(state, seat)))
    assert {(hand, rnd) for hand in (1, 2, 3) for rnd in (1, 2, 3, 4)} <= hands_seen


def test_christmas_normal_that_has_met_its_bid_plays_a_card_that_loses() -> None:
    game = games()["ghosts-of-christmas"]
    state = game.new_game(3, {}, 6)
    assert isinstance(state, GhostsState)
    state.phase = "play"
    state.start_player = 1
    state.turn = 0
    state.purple = [2, 1, 1]
    state.red = [False, False, False]
    state.wreaths = [2, 0, 1]
    state.round_number = 3
    holly4, holly5, holly12 = card_id("holly", 4), card_id("holly", 5), card_id("holly", 12)
    state.hands = [
        [holly4, holly12, card_id("bells", 4)],
        [card_id("bells", 6), card_id("bells", 7)],
        [card_id("stars", 9), card_id("stars", 10)],
    ]
    state.played = [[None, holly5, None], [None, None, None], [None, None, card_id("hearts", 9)]]
    state.dials = ["holly", None, "hearts"]
    # The last round: the start player (seat 1) set the Past to Holly with a 5, and in the Future
    # a Heart (trump) already beats any of our cards. The Holly 12 in the Past would win it; the
    # Holly 4 or the Bells 4 in the Future would leave the Holly 12 to follow Holly in the Past.
    moves = normal_moves(game, state, 0, tries=12)
    winning = {act("play", "holly12", "past"), act("play", "holly4", "future"), act("play", "bells4", "future")}
    assert moves
    assert not moves & winning


def test_christmas_tiny_tim_normal_at_five_wreaths_takes_exactly_one_more() -> None:
    # The last round, 5 wreaths: a sixth scores 6, a seventh nothing. The others have filled
    # every era with Stars, which we lack. Our Heart 12 wins wherever it goes; only in the Future
    # does winning with it not make us lead a later era, which our Holly 4 or Bells 4 would win.
    game = games()["ghosts-of-christmas"]
    state = game.new_game(3, {"tiny_tim": True}, 8)
    assert isinstance(state, GhostsState)
    state.phase = "play"
    state.start_player = 1
    state.turn = 0
    state.wreaths = [5, 3, 4]
    state.round_number = 3
    state.hands = [[card_id("hearts", 12), card_id("holly", 4), card_id("bells", 4)], [], []]
    state.played = [
        [None, card_id("stars", 10), card_id("stars", 11)],
        [None, card_id("stars", 8), card_id("stars", 9)],
        [None, card_id("stars", 6), card_id("stars", 7)],
    ]
    state.dials = ["stars", "stars", "stars"]
    assert normal_moves(game, state, 0, tries=12) == {act("play", "hearts12", "future")}


def test_christmas_normal_looks_ahead_with_its_own_later_cards_played_to_its_aim() -> None:
    """Its look-ahead plays its own later cards of the round to the count it wants, not at random.
    Tiny Tim, last round, 6 wreaths (a seventh scores nothing): after the Bells 4 into the Past,
    the Stars 12 surely loses in the Present (a Heart is there) and would win the Future (Stars
    led there, no Heart); it goes into the Present every time, and the Stars 4 into the Future."""
    game = games()["ghosts-of-christmas"]
    state = game.new_game(3, {"tiny_tim": True}, 8)
    assert isinstance(state, GhostsState)
    state.phase = "play"
    state.start_player = 1
    state.turn = 0
    state.wreaths = [6, 1, 2]
    state.round_number = 3
    bells4, stars12, stars4 = card_id("bells", 4), card_id("stars", 12), card_id("stars", 4)
    state.hands = [sorted([bells4, stars12, stars4]), [], []]
    state.played = [
        [None, card_id("bells", 10), card_id("bells", 11)],
        [None, card_id("stars", 10), card_id("hearts", 6)],
        [None, card_id("stars", 5), card_id("stars", 6)],
    ]
    state.dials = ["bells", "stars", "stars"]
    view = game.view(state, 0)
    assert isinstance(view, GhostsView)
    chance = {c: win_chance(c, 3) for c in deck(3)}
    hand = [bells4, stars12, stars4]
    for seed in range(12):
        assert _play_out(view, 0, hand, bells4, 0, {1: [], 2: []}, random.Random(seed), 6, chance, False) == (0, [])
    # The Stars 12 into the Future wins it: the danger the play-outs avoid.
    assert _play_out(view, 0, hand, stars12, 2, {1: [], 2: []}, random.Random(0), 6, chance, False)[0] == 1


# ---- 13 Ghosts -----------------------------------------------------------------------


def thirteen_ghosts(
    my_crypt: int, my_hand: int, their_crypt: int, their_hand: int, possible: list[int], face_up: tuple[int, ...] = ()
) -> ThirteenGhostsState:
    """Two players, seat 0 to play; numbers are cards of the single set (id = number - 1)."""
    placed = {my_crypt, my_hand, their_crypt, their_hand, *face_up}
    pile = [n - 1 for n in range(1, 14) if n not in placed]
    return ThirteenGhostsState(
        players=2,
        seed=0,
        phase="play",
        duelists=[0, 1],
        crypt=[my_crypt - 1, their_crypt - 1],
        hand=[[my_hand - 1], [their_hand - 1]],
        pile=[pile],
        face_up=[[], [n - 1 for n in face_up]],
        face_down=[[], []],
        out=[False, False],
        shield=[False, False],
        possible=[ALL_NUMBERS, sum(1 << n for n in possible)],
        known=[sorted([my_crypt - 1, my_hand - 1]), sorted([their_crypt - 1, their_hand - 1])],
        wins=[0, 0],
        points=[0, 0],
    )


def test_thirteen_ghosts_normal_attacks_the_only_number_consistent_with_the_answers() -> None:
    # The answers leave 7 or 9, and our own hand card is the 9.
    state = thirteen_ghosts(my_crypt=3, my_hand=9, their_crypt=7, their_hand=1, possible=[7, 9])
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("attack", 7)}


def test_thirteen_ghosts_normal_rules_out_numbers_played_face_up() -> None:
    # 5 or 6 by the answers, but the 5 lies face up on the table.
    state = thirteen_ghosts(my_crypt=3, my_hand=12, their_crypt=6, their_hand=1, possible=[5, 6], face_up=(5,))
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("attack", 6)}


def test_thirteen_ghosts_normal_asks_its_question_while_it_knows_little() -> None:
    everything = list(range(1, 14))
    state = thirteen_ghosts(my_crypt=3, my_hand=7, their_crypt=10, their_hand=1, possible=everything)
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("up", 7)}


def test_thirteen_ghosts_normal_plays_a_red_card_face_up_for_its_bonus() -> None:
    everything = list(range(1, 14))
    state = thirteen_ghosts(my_crypt=3, my_hand=8, their_crypt=10, their_hand=1, possible=everything)
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("up", 8)}


def duel_prior_moves(state: ThirteenGhostsState) -> set[Action]:
    """Every move hard's first guess (its search's prior) makes here over several seeds."""
    game = games()["13-ghosts"]
    view = game.view(state, 0)
    legal = game.legal_actions(state, 0)
    return {duel_prior(game, view, legal, random.Random(k)) for k in range(6)}


def test_thirteen_ghosts_hard_guesses_an_attack_at_one_chance_in_three_where_normal_asks() -> None:
    # 5, 9 or 11 by the answers; our 7 asks "8 or higher?", which normal plays first.
    state = thirteen_ghosts(my_crypt=3, my_hand=7, their_crypt=9, their_hand=1, possible=[5, 9, 11])
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("up", 7)}
    assert duel_prior_moves(state) == {act("attack", 5), act("attack", 9), act("attack", 11)}


def test_thirteen_ghosts_hard_guesses_a_rival_rarely_hides_a_card_it_would_rather_hold() -> None:
    # 5, 10 or 11 by the answers: the 10 (a red card) is hidden only by a player dealt two such cards.
    state = thirteen_ghosts(my_crypt=3, my_hand=7, their_crypt=10, their_hand=1, possible=[5, 10, 11])
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("up", 7)}
    assert duel_prior_moves(state) == {act("attack", 5), act("attack", 11)}


def test_thirteen_ghosts_crypt_odds_count_how_often_normal_hides_each_number() -> None:
    game = games()["13-ghosts"]
    hidden = dict.fromkeys(range(1, 14), 0.0)
    for first in range(1, 14):
        for second in range(first + 1, 14):
            state = game.new_game(2, {}, 8)
            assert isinstance(state, ThirteenGhostsState)
            state.hand[0] = [first - 1, second - 1]
            chosen = normal_moves(game, state, 0, tries=12)
            for move in chosen:
                hidden[int(move.args[0])] += 1 / len(chosen)
    assert hidden == CRYPT_ODDS


def test_thirteen_ghosts_hard_guesses_an_attack_at_any_chance_once_the_rival_nearly_has_our_crypt() -> None:
    everything = list(range(1, 14))
    state = thirteen_ghosts(my_crypt=3, my_hand=7, their_crypt=10, their_hand=1, possible=everything)
    # The public answers leave only 3 or 4 for our Crypt: the rival's next attack may well hit.
    state.possible[0] = (1 << 3) | (1 << 4)
    assert normal_moves(games()["13-ghosts"], state, 0) == {act("up", 7)}
    assert {move.kind for move in duel_prior_moves(state)} == {"attack"}


def test_thirteen_ghosts_normal_hides_the_card_least_useful_in_hand() -> None:
    game = games()["13-ghosts"]
    state = game.new_game(2, {}, 8)
    assert isinstance(state, ThirteenGhostsState)
    state.hand[0] = [1, 12]  # the 2 (copy) and the 13 (extra turn), by card id
    assert normal_moves(game, state, 0) == {act("crypt", 2)}


def test_thirteen_ghosts_easy_never_attacks_a_number_it_can_rule_out() -> None:
    state = thirteen_ghosts(my_crypt=3, my_hand=9, their_crypt=7, their_hand=1, possible=[3, 7, 9, 11])
    game = games()["13-ghosts"]
    attacked = {
        int(move.args[0])
        for k in range(60)
        if (move := EasyLevel().choose(game, state, 0, random.Random(k))).kind == "attack"
    }
    assert attacked <= {7, 11}, "3 is our Crypt and 9 our hand card"
    assert attacked == {7, 11}, "easy still picks at random among the rest"
