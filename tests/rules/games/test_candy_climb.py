"""Candy Climb: one test per rule sentence and ruling of §15 of the variant rulings (and the
shared rulings it uses: G1, G10, G12), plus the meld builder the digital notes ask for."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from rules.candy_kit.candy_deck import CANDY_CORN, CARD_TEXT
from rules.candy_kit.cards import DECK
from rules.contract import Action, act
from rules.games.candy_climb import GAME
from rules.games.candy_climb.game import DEAL
from rules.games.candy_climb.melds import (
    CLIMB_DECK,
    FLUSH,
    FOUR,
    PAIR,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    kinds_of,
    need_of,
    playable_kinds,
)
from rules.games.candy_climb.state import ClimbState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def cards(*names: str) -> list[int]:
    """`cards("black 2", "orange 10")`."""
    return [card(name.split()[0], int(name.split()[1])) for name in names]


def fresh(players: int = 3, seed: int = 1, **options: bool) -> ClimbState:
    return GAME.new_game(players, options, seed)


def rigged(
    hands: list[list[int]],
    turn: int = 0,
    table: list[int] | None = None,
    kind: str | None = None,
    named: str | None = None,
    last_player: int | None = None,
    auto_pass: bool = False,
) -> ClimbState:
    state = fresh(len(hands))
    state.hands = [sorted(h) for h in hands]
    state.unused = []
    state.turn, state.first_lead, state.auto_pass = turn, False, auto_pass
    state.table, state.kind, state.named = list(table or []), kind, named
    state.last_player = last_player
    state.passed = [False] * len(hands)
    state.selection = []
    return state


def build(state: ClimbState, seat: int, chosen: list[int], play: Action | None = None) -> None:
    """Pick `chosen` one by one, then play (the given play, else the only play offered)."""
    for c in chosen:
        GAME.apply(state, seat, act("pick", c))
    plays = [a for a in GAME.legal_actions(state, seat) if a.kind == "play"]
    GAME.apply(state, seat, play or plays[0])


def picks(state: ClimbState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == "pick"}


def plays(state: ClimbState, seat: int) -> list[str]:
    return [a.token() for a in GAME.legal_actions(state, seat) if a.kind == "play"]


def test_rulings_15_players_2_to_4_on_the_candy_cards_shelf() -> None:
    assert get("candy-climb") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    with pytest.raises(RuleError):
        GAME.new_game(5, {}, 1)


def test_rulings_15_deck_is_the_48_treats_ranked_1_to_12_of_the_four_colours() -> None:
    assert len(CLIMB_DECK) == 48
    assert sorted({DECK[c].rank for c in CLIMB_DECK}) == list(range(1, 13))
    assert {DECK[c].colour for c in CLIMB_DECK} == {"black", "orange", "green", "purple"}


@pytest.mark.parametrize(("players", "each"), [(2, 16), (3, 16), (4, 12)])
def test_rulings_15_deal_16_each_with_2_or_3_players_and_12_with_4(players: int, each: int) -> None:
    state = fresh(players)
    assert [len(h) for h in state.hands] == [each] * players == [DEAL[players]] * players
    everything = [c for h in state.hands for c in h] + state.unused
    assert sorted(everything) == sorted(CLIMB_DECK)
    assert len(state.unused) == (16 if players == 2 else 0)


def test_rulings_15_with_2_players_the_unused_cards_stay_hidden_from_everyone() -> None:
    state = fresh(2)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view.unused == 16
        shown = set(view.hand or ()) | set(view.table)
        assert not shown & set(state.unused)


def test_rulings_15_the_hand_ends_the_moment_a_player_empties_their_hand_and_others_score_one_per_card() -> None:
    state = rigged([cards("black 8"), cards("orange 2", "orange 6", "green 1"), cards("purple 2", "purple 3")])
    build(state, 0, cards("black 8"), act("play", SINGLE, "candy"))
    assert state.last_out == 0
    assert state.last_points == [0, 3, 2]
    assert state.scores == [0, 3, 2]
    assert state.hand_number == 2, "the next hand is dealt at once"


def test_rulings_15_the_game_is_one_deal_per_player_and_the_fewest_points_win() -> None:
    state = rigged([cards("black 8"), cards("orange 2", "orange 6")])
    state.hand_number, state.scores = 2, [5, 1]
    build(state, 0, cards("black 8"), act("play", SINGLE, "candy"))
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (5, 3)
    assert result.places == (2, 1)


def test_ruling_15_1_the_dealer_is_drawn_at_random_and_the_deal_passes_one_seat_left() -> None:
    dealers = {fresh(4, seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    state = rigged([cards("black 8"), cards("orange 2", "orange 6"), cards("green 1")])
    state.dealer = 2
    build(state, 0, cards("black 8"), act("play", SINGLE, "candy"))
    assert state.dealer == 0


def test_ruling_15_2_the_candy_corn_holder_leads_the_first_round_with_a_meld_holding_it() -> None:
    for seed in range(10):
        state = fresh(3, seed)
        holder = next(s for s, hand in enumerate(state.hands) if CANDY_CORN in hand)
        assert state.turn == holder
        assert GAME.legal_actions(state, holder) == [act("pick", CANDY_CORN)]
        GAME.apply(state, holder, act("pick", CANDY_CORN))
        assert act("clear") not in GAME.legal_actions(state, holder), "the Candy Corn cannot be put back"
        assert any(a.kind == "play" for a in GAME.legal_actions(state, holder))


def test_ruling_15_2_the_first_meld_may_be_more_than_the_candy_corn() -> None:
    state = fresh(3, 2)
    holder = state.turn
    GAME.apply(state, holder, act("pick", CANDY_CORN))
    others = picks(state, holder)
    assert others, "the Candy Corn may go in a flush or a pair"
    for other in others:
        assert DECK[other].rank == 1 or set(DECK[other].suits) & {"candy", "halloween"}


def test_ruling_15_2_with_2_players_and_the_candy_corn_undealt_the_non_dealer_leads_any_meld() -> None:
    seeds = [seed for seed in range(60) if CANDY_CORN in fresh(2, seed).unused]
    assert seeds, "a third of 2-player deals leave the Candy Corn out"
    state = fresh(2, seeds[0])
    assert state.turn == 1 - state.dealer
    assert not state.first_lead
    assert picks(state, state.turn) == set(state.hands[state.turn])


def test_ruling_15_3_the_meld_types() -> None:
    assert kinds_of(cards("orange 10")) == [SINGLE]
    assert kinds_of(cards("black 5", "orange 5")) == [PAIR]
    assert kinds_of(cards("black 5", "orange 5", "purple 5")) == [TRIPLE]
    assert kinds_of(cards("black 5", "orange 5", "purple 5", "green 5")) == [FOUR]
    assert kinds_of(cards("orange 2", "orange 4", "orange 8")) == [FLUSH], "three Chocolate cards"
    assert kinds_of(cards("orange 2", "orange 3", "orange 4", "orange 5", "orange 6")) == [FLUSH, STRAIGHT]
    assert kinds_of(cards("orange 2", "orange 4")) == [], "two cards of different ranks are no meld"
    six = cards("orange 2", "orange 3", "orange 4", "orange 5", "orange 6", "orange 8")
    assert kinds_of(six) == [], "flushes hold 3 to 5 cards"
    assert kinds_of(cards("black 2", "black 3", "orange 4")) == [], "no suit shared"


def test_ruling_15_4_a_group_that_is_both_flush_and_straight_flush_is_played_as_the_type_its_player_picks() -> None:
    run = cards("orange 2", "orange 3", "orange 4")
    state = rigged([[*run, *cards("green 1")], cards("black 8")])
    for c in run:
        GAME.apply(state, 0, act("pick", c))
    assert plays(state, 0) == ["play.flush", "play.straight"]
    GAME.apply(state, 0, act("play", STRAIGHT))
    assert state.kind == STRAIGHT


def test_decision_a_triple_that_shares_a_suit_is_a_triple_or_a_flush_as_its_player_picks() -> None:
    tens = cards("black 10", "orange 10", "green 10")  # all three show Caramel
    state = rigged([[*tens, *cards("green 1")], cards("black 8")])
    for c in tens:
        GAME.apply(state, 0, act("pick", c))
    assert plays(state, 0) == ["play.triple", "play.flush"]


def test_ruling_15_4_every_answer_must_be_the_same_type_with_the_same_number_of_cards() -> None:
    table = cards("orange 2", "orange 3", "orange 4")
    hand = cards("black 5", "black 6", "black 7", "black 9", "green 5")
    state = rigged([cards("green 1"), hand], turn=1, table=table, kind=FLUSH, last_player=0)
    for c in cards("black 5", "black 6", "black 7"):
        GAME.apply(state, 1, act("pick", c))
    assert plays(state, 1) == ["play.flush"], "a straight flush does not answer a flush"
    assert picks(state, 1) == set(), "four cards would not match a flush of three"


def test_ruling_15_4_nothing_beats_a_different_type() -> None:
    table = cards("black 2", "orange 2")
    hand = cards("black 5", "black 6", "black 7", "green 3")
    state = rigged([cards("green 1"), hand], turn=1, table=table, kind=PAIR, last_player=0)
    assert picks(state, 1) == set(), "no pair: a straight flush does not beat a pair"
    assert [a.kind for a in GAME.legal_actions(state, 1)] == ["pass"]


def test_ruling_15_5_a_single_beats_with_a_higher_rank_carrying_the_named_suit() -> None:
    hand = cards("orange 3", "orange 9", "green 9", "purple 12")
    state = rigged([cards("green 1"), hand], turn=1, table=cards("orange 4"), kind=SINGLE, named="chocolate")
    state.last_player = 0
    assert picks(state, 1) == set(cards("orange 9")), "higher and Chocolate; 12 is Nuts/Caramel, 3 is lower"


def test_ruling_15_5_the_leader_of_a_single_names_one_of_its_suits() -> None:
    state = rigged([cards("black 4", "green 1"), cards("black 8")])
    GAME.apply(state, 0, act("pick", card("black", 4)))
    assert plays(state, 0) == ["play.single.candy", "play.single.halloween", "play.single.marshmallow"]
    GAME.apply(state, 0, act("play", SINGLE, "marshmallow"))
    assert state.named == "marshmallow"


def test_ruling_15_5_pairs_triples_and_four_of_a_kind_beat_with_a_higher_rank() -> None:
    hand = cards("black 3", "orange 3", "black 9", "green 9", "purple 9")
    state = rigged([cards("green 1"), hand], turn=1, table=cards("black 5", "orange 5"), kind=PAIR, last_player=0)
    assert picks(state, 1) == set(cards("black 9", "green 9", "purple 9"))


def test_ruling_15_5_a_flush_beats_when_its_highest_card_is_higher_whatever_its_suit() -> None:
    table = cards("orange 2", "orange 4", "orange 8")  # Chocolate, highest 8
    low = cards("black 2", "black 3", "black 5")  # Halloween, highest 5
    state = rigged([cards("green 1"), [*low, *cards("black 9")]], turn=1, table=table, kind=FLUSH, last_player=0)
    assert picks(state, 1) == {*low, card("black", 9)}, "any two low Halloween cards go with the 9"
    GAME.apply(state, 1, act("pick", card("black", 2)))
    GAME.apply(state, 1, act("pick", card("black", 3)))
    assert picks(state, 1) == set(cards("black 9")), "the third card must lift it above 8"


def test_ruling_15_5_a_straight_flush_beats_when_it_ends_higher_whatever_its_suit() -> None:
    table = cards("orange 2", "orange 3", "orange 4")
    hand = cards("black 2", "black 3", "black 4", "black 5")
    state = rigged([cards("green 1"), hand], turn=1, table=table, kind=STRAIGHT, last_player=0)
    assert picks(state, 1) == set(cards("black 3", "black 4", "black 5")), "only 3-4-5 ends higher than 4"


def test_ruling_15_5_equal_never_beats() -> None:
    state = rigged([cards("green 1"), cards("green 5", "purple 5")], turn=1, kind=PAIR, last_player=0)
    state.table = cards("black 5", "orange 5")
    assert picks(state, 1) == set()
    single = rigged([cards("green 1"), cards("black 8")], turn=1, table=cards("purple 8"), kind=SINGLE, named="candy")
    single.last_player = 0
    assert picks(single, 1) == set()


def test_ruling_15_6_the_leader_must_play() -> None:
    state = rigged([cards("black 8", "green 1"), cards("orange 2")])
    assert act("pass") not in GAME.legal_actions(state, 0)
    with pytest.raises(RuleError, match="must play"):
        GAME.apply(state, 0, act("pass"))


def test_ruling_15_6_each_player_in_turn_beats_or_passes_and_a_pass_is_final_for_the_round() -> None:
    state = rigged([cards("orange 2", "green 1"), cards("orange 3", "orange 6"), cards("orange 4", "orange 12")])
    build(state, 0, cards("orange 2"), act("play", SINGLE, "chocolate"))
    assert state.turn == 1
    GAME.apply(state, 1, act("pass"))
    build(state, 2, cards("orange 4"))
    assert state.turn == 0, "seat 1 passed, so it is skipped"
    assert picks(state, 0) == set()
    GAME.apply(state, 0, act("pass"))
    assert state.turn == 2, "seat 1 already passed: the round ends"


def test_ruling_15_6_when_all_others_have_passed_the_last_player_leads_a_new_round_with_any_meld() -> None:
    state = rigged([cards("orange 2", "green 1"), cards("orange 3", "black 8"), cards("black 4", "green 4", "black 9")])
    build(state, 0, cards("orange 2"), act("play", SINGLE, "chocolate"))
    build(state, 1, cards("orange 3"))
    GAME.apply(state, 2, act("pass"))
    GAME.apply(state, 0, act("pass"))
    assert state.turn == 1
    assert state.table == []
    assert state.kind is None
    assert picks(state, 1) == set(cards("black 8")), "any meld: a single is fine"
    assert state.passed == [False, False, False]


def test_ruling_15_7_a_tie_for_the_fewest_points_is_a_shared_win() -> None:
    state = rigged([cards("black 8"), cards("orange 2", "orange 6"), cards("green 6")])
    state.hand_number, state.scores = 3, [3, 2, 4]
    build(state, 0, cards("black 8"), act("play", SINGLE, "candy"))
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (3, 4, 5)
    state2 = rigged([cards("black 8"), cards("orange 2", "orange 6"), cards("green 6")])
    state2.hand_number, state2.scores = 3, [3, 1, 4]
    build(state2, 0, cards("black 8"), act("play", SINGLE, "candy"))
    result2 = GAME.result(state2)
    assert result2 is not None
    assert result2.places == (1, 1, 3)
    assert "share the win" in result2.summary


def test_g10_auto_pass_passes_at_once_for_a_player_who_cannot_beat() -> None:
    state = rigged([cards("orange 2", "green 1"), cards("black 8"), cards("orange 4", "orange 12")], auto_pass=True)
    build(state, 0, cards("orange 2"), act("play", SINGLE, "chocolate"))
    assert state.passed[1], "seat 1 holds no higher Chocolate card"
    assert state.turn == 2
    assert any("cannot beat it and passes" in e.text for e in state.log)


def test_g10_with_auto_pass_off_a_player_who_cannot_beat_passes_themselves() -> None:
    state = rigged([cards("orange 2", "green 1"), cards("black 8"), cards("orange 4")], auto_pass=False)
    build(state, 0, cards("orange 2"), act("play", SINGLE, "chocolate"))
    assert state.turn == 1
    assert GAME.legal_actions(state, 1) == [act("pass")]


def test_g10_auto_pass_is_a_host_option_on_by_default() -> None:
    assert fresh(3).auto_pass
    assert not fresh(3, auto_pass=False).auto_pass


def test_meld_builder_offers_exactly_the_cards_that_can_still_make_a_meld_playable_now() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(20):
        state = fresh(rng.choice([2, 3, 4]), seed, auto_pass=bool(seed % 2))
        while GAME.result(state) is None and checked < 300:
            seat = state.turn
            legal = GAME.legal_actions(state, seat)
            if not state.first_lead and len(state.hands[seat]) <= 10:
                need = need_of(state.table, state.kind, state.named)
                chosen = set(state.selection)
                fits = set()
                for size in range(max(1, len(chosen)), 6):
                    for group in combinations(state.hands[seat], size):
                        if chosen <= set(group) and playable_kinds(sorted(group), need):
                            fits |= set(group) - chosen
                assert picks(state, seat) == fits
                checked += 1
            GAME.apply(state, seat, rng.choice(legal))
    assert checked >= 300


def test_meld_builder_a_selection_holds_at_most_five_cards_and_always_leads_to_a_play() -> None:
    state = rigged([cards("orange 2", "orange 3", "orange 4", "orange 5", "orange 6", "orange 8"), cards("black 8")])
    for c in cards("orange 2", "orange 3", "orange 4", "orange 5", "orange 6"):
        GAME.apply(state, 0, act("pick", c))
    assert picks(state, 0) == set()
    assert plays(state, 0) == ["play.flush", "play.straight"]


def test_meld_builder_a_pick_is_undone_only_by_starting_again() -> None:
    state = rigged([cards("orange 2", "orange 3", "orange 4"), cards("black 8")])
    GAME.apply(state, 0, act("pick", card("orange", 2)))
    assert card("orange", 2) not in picks(state, 0)
    GAME.apply(state, 0, act("clear"))
    assert state.selection == []
    assert card("orange", 2) in picks(state, 0)


def test_meld_builder_the_selection_is_seen_by_its_owner_only() -> None:
    state = rigged([cards("orange 2", "orange 3", "orange 4"), cards("black 8"), cards("green 8")])
    GAME.apply(state, 0, act("pick", card("orange", 2)))
    assert GAME.view(state, 0).selection == (card("orange", 2),)
    assert GAME.view(state, 1).selection == ()
    assert GAME.view(state, None).selection == ()
    assert state.log[-1].text.startswith("Hand"), "a pick is not logged"


def test_a_play_and_a_pass_are_logged_for_everyone() -> None:
    state = rigged([cards("orange 2", "green 1"), cards("orange 3", "black 8")])
    build(state, 0, cards("orange 2"), act("play", SINGLE, "chocolate"))
    GAME.apply(state, 1, act("pass"))
    texts = [e.text for e in state.log if e.seats is None]
    assert any("leads" in t and "names Chocolate" in t for t in texts)
    assert "{p1} passes." in texts


def test_a_played_meld_leaves_the_hand_and_goes_on_the_table() -> None:
    state = rigged([cards("orange 2", "orange 3", "orange 4", "green 1"), cards("black 8")])
    build(state, 0, cards("orange 2", "orange 3", "orange 4"), act("play", STRAIGHT))
    assert state.hands[0] == cards("green 1")
    assert sorted(state.table) == sorted(cards("orange 2", "orange 3", "orange 4"))
    assert state.last_player == 0


def test_determinize_keeps_what_everyone_knows_about_the_candy_corn() -> None:
    state = fresh(3, 4)
    leader = state.turn
    watcher = (leader + 1) % 3
    for draw in range(5):
        world = GAME.determinize(state, watcher, random.Random(draw))
        assert CANDY_CORN in world.hands[leader]
        assert GAME.view(world, watcher) == GAME.view(state, watcher)
    seed = next(seed for seed in range(60) if CANDY_CORN in fresh(2, seed).unused)
    two = fresh(2, seed)
    for draw in range(5):
        assert CANDY_CORN in GAME.determinize(two, 0, random.Random(draw)).unused


def test_bad_moves_get_a_clear_message_and_change_nothing() -> None:
    state = fresh(3, 1)
    holder = state.turn
    other = next(c for c in state.hands[holder] if c != CANDY_CORN)
    before = GAME.dump_state(state)
    with pytest.raises(RuleError, match="Candy Corn"):
        GAME.apply(state, holder, act("pick", other))
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, (holder + 1) % 3, act("pass"))
    assert GAME.dump_state(state) == before


def test_labels_say_the_moves_in_words() -> None:
    state = rigged([cards("black 4", "green 1"), cards("black 8")])
    assert GAME.label(state, 0, act("pick", card("black", 4))) == "Add 4 Halloween/Candy/Marshmallow"
    GAME.apply(state, 0, act("pick", card("black", 4)))
    assert GAME.label(state, 0, act("play", SINGLE, "candy")) == "Lead it, naming Candy"
    assert GAME.label(state, 0, act("play", STRAIGHT)) == "Play it as a straight flush"
    assert GAME.label(state, 0, act("clear")) == "Start my meld again"


def test_the_help_states_the_decisions_where_the_rulings_are_silent() -> None:
    text = " ".join(GAME.help_pages).replace("\\\n", "")
    assert "you say which kind you play" in text, "several types at once: the player picks"
    assert "it stays in if you start again" in text, "the Candy Corn stays in a first meld"
    assert "share the win" in text, "G12"
    assert "Pass for me when I cannot beat" in text, "G10's host option"


NAMES = ("Ana", "Bob")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("candy-climb") == set()
    # A dealer dealt the Candy Corn is told both in their own words.
    state = next(s for s in (GAME.new_game(2, {}, seed) for seed in range(40)) if CANDY_CORN in s.hands[s.dealer])
    deal = state.log[-1]
    assert deal.in_words(NAMES, state.dealer) == (
        f"Hand 1 of 2: You deal 16 cards each. You hold the Candy Corn ({CARD_TEXT[CANDY_CORN]}) "
        "and must lead a meld with it."
    )
    other = 1 - state.dealer
    assert deal.in_words(NAMES, other).startswith(f"Hand 1 of 2: {NAMES[state.dealer]} deals 16 cards each. ")
