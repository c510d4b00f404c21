"""The Best Candy renderer, fed with `Seen`s built from real states."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import MAX_SELECT_OPTIONS, Screen, Seen
from bot.renderers.best_candy import RENDERER, SUIT_EMOJI, card_line, suit_text
from rules.candy_kit.cards import KING_OF, SUITS, Effect, suit_name
from rules.contract import act, seats_text
from rules.games.best_candy import GAME
from rules.games.best_candy.state import BestCandyState, Phase
from tests.rules import screen_limits
from tests.rules.games.test_best_candy_support import KING, answer, card, king_state, play, trick_state
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def seen_of(state: BestCandyState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, tuple(NAMES[: state.players]))


def within_limits(screen: Screen) -> None:
    screen_limits.within_limits(screen)
    screen_limits.selects_within_limits(screen)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_every_suit_has_an_emoji() -> None:
    assert set(SUIT_EMOJI) == set(SUITS)


def test_table_shows_the_trick_in_progress_with_trick_suit_and_trump() -> None:
    state = trick_state([[card("orange", 8), card("green", 1)], [card("orange", 2)], [card("black", 8)]], trump="nuts")
    play(state, 0, card("orange", 8), "caramel")
    screen = RENDERER.table(seen_of(state))
    assert "Trump 🥜 Nuts · trick suit 🍮 Caramel" in screen.description
    assert "Ana: `8` 🍫🍮 Chocolate/Caramel" in screen.description
    assert "Turn: Bo" in screen.description
    assert screen.controls == ()
    within_limits(screen)


def test_table_shows_tricks_pranks_and_scores_toward_31() -> None:
    state = trick_state([[card("orange", 2)], [card("green", 1)]], trump="sour", scores=[12, 7])
    state.tricks_won = [3, 1]
    state.taken[1] = [card("black", -1), card("green", -1)]
    players = field(RENDERER.table(seen_of(state)), "Players")
    assert "**Ana**: **12**/31 · 3 tricks · 0 🧻" in players
    assert "**Bo**: **7**/31 · 1 trick · 2 🧻" in players


def test_table_shows_the_last_trick_and_who_won_it() -> None:
    state = trick_state([[card("orange", 2), card("green", 2)], [card("orange", 6), card("green", 3)]], trump="sour")
    play(state, 0, card("orange", 2), "chocolate")
    play(state, 1, card("orange", 6))
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert "Ana `2` 🍫 Chocolate · Bo `6` 🍫 Chocolate" in last
    assert "Won by **Bo**" in last


def test_table_shows_the_stash_while_drafting() -> None:
    state = GAME.new_game(4, {}, 2)
    for seat in range(4):
        GAME.apply(state, seat, act("keep", state.offers[seat][0]))
    assert state.phase is Phase.DRAFT
    stash = field(RENDERER.table(seen_of(state)), "Stash")
    assert all(card_line(c) in stash for c in state.stash)
    assert "Still to take: " + " → ".join(NAMES[h] for h in state.drafters) in stash


def test_the_hand_lists_cards_sorted_by_suit_with_every_suit_and_the_favourite() -> None:
    state = trick_state([[card("orange", 9), card("black", 8), KING, card("purple", 2)], [card("green", 1)]], "sour")
    screen = RENDERER.hand(seen_of(state, 0))
    hand = field(screen, "Your hand")
    assert hand.splitlines()[0] == "**Chocolate**: `9` 🍫🥥🥜 Chocolate/Coconut/Nuts"
    assert hand.splitlines()[1] == "**Candy**: `2` 🍬 Candy · `8` 🍬 Candy"
    assert "👑 13 King Size" in hand
    assert field(screen, "Favourite suit") == "🎃 Halloween"


def test_the_hand_offers_only_legal_cards() -> None:
    state = trick_state([[card("orange", 2)], [card("orange", 6), card("green", 1), card("black", 0)]], "sour")
    play(state, 0, card("orange", 2), "chocolate")
    screen = RENDERER.hand(seen_of(state, 1))
    assert {c.action for c in screen.controls} == {act("play", card("orange", 6)), act("play", card("black", 0))}
    assert "follow 🍫 Chocolate" in screen.description
    assert RENDERER.hand(seen_of(state, 0)).controls == ()


def test_many_choices_become_selects_of_at_most_25() -> None:
    state = trick_state([[KING, *[card("orange", r) for r in range(1, 13)]], [card("green", 1)]], "sour")
    screen = RENDERER.hand(seen_of(state, 0))
    assert len(screen.controls) == len(GAME.legal_actions(state, 0)) > MAX_SELECT_OPTIONS
    assert all(c.group for c in screen.controls)
    within_limits(screen)


def test_favourite_choice_is_offered_as_buttons() -> None:
    state = GAME.new_game(3, {}, 1)
    screen = RENDERER.hand(seen_of(state, 0))
    assert [c.label for c in screen.controls] == [f"Keep {s.capitalize()} as favourite" for s in state.offers[0]]
    assert all(c.group is None for c in screen.controls)


def test_a_solo_game_names_the_opponent() -> None:
    state = GAME.new_game(1, {}, 3)
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    while state.phase is Phase.DRAFT:
        GAME.apply(state, 0, act("take", state.stash[0]))
    screen = RENDERER.table(seen_of(state))
    assert "🤖 Opponent" in field(screen, "Players")
    assert "🤖 Opponent: " in screen.description  # it has led


def random_games_stay_within_discord_limits(setups: list[tuple[int, dict[str, bool]]]) -> None:
    """Plays a random game (seeded by its player count) of each setup to its end, checking every
    screen at every move; the last table says the game is over."""
    for players, options in setups:
        state = GAME.new_game(players, options, players)
        rng = random.Random(players)
        while GAME.result(state) is None:
            for seat in [None, *range(players)]:
                within_limits(RENDERER.table(seen_of(state, seat)))
                if seat is not None:
                    within_limits(RENDERER.hand(seen_of(state, seat)))
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert "Game over" in RENDERER.table(seen_of(state)).description


def test_every_screen_of_random_games_stays_within_discord_limits() -> None:
    random_games_stay_within_discord_limits([(1, {}), (2, {}), (5, {})])


def test_card_controls_follow_the_hand_order() -> None:
    hand = [card("green", 12), card("orange", 2), card("black", -1), card("black", 8)]
    state = trick_state([hand, [card("green", 1)]], "nuts")
    screen = RENDERER.hand(seen_of(state, 0))
    assert [c.action.args for c in screen.controls] == [
        (card("orange", 2), "chocolate"),
        (card("black", 8), "candy"),
        (card("green", 12), "fruit"),  # 12 Sour/Fruit sorts under its top suit, Sour, after Candy
        (card("green", 12), "sour"),
        (card("black", -1),),  # no suit: last
    ]


# ---- the King-Sized expansion ---------------------------------------------------------------

K5 = KING_OF[Effect.FACE_DOWN]
VETO = KING_OF[Effect.VETO]
K8 = KING_OF[Effect.FAVOURITE]
K12 = KING_OF[Effect.PRANK]
SPARE = [card("orange", 0), card("green", 0), card("purple", 0)]


def log_text(state: BestCandyState, seat: int | None = None) -> str:
    return "\n".join(seats_text(e.text, NAMES[: state.players]) for e in state.visible_log(seat))


def test_a_face_down_card_shows_as_a_back_on_the_table_and_to_the_others_until_revealed() -> None:
    state = king_state([[K5, SPARE[0]], [card("orange", 6), SPARE[1]], [card("orange", 8), SPARE[2]]], "fruit")
    play(state, 0, K5, "chocolate")
    play(state, 1, card("orange", 6))
    table = RENDERER.table(seen_of(state))
    assert "Bo: 🂠 face down" in table.description
    assert "6 Chocolate" not in table.description + "".join(f.value for f in table.fields)
    assert "You: `6` 🍫 Chocolate" in field(RENDERER.hand(seen_of(state, 1)), "Trick")
    assert (
        "Play a card face down (the 5 of Kings): follow 🍫 Chocolate if you can."
        in RENDERER.hand(seen_of(state, 2)).description
    )
    assert "Bo plays a card, face down." in log_text(state)
    assert "Bo plays 6 Chocolate, face down." not in log_text(state)
    assert "Bo plays 6 Chocolate, face down." in log_text(state, 1)
    play(state, 2, card("orange", 8))
    assert "The face-down cards are turned up: Bo 6 Chocolate, Cy 8 Chocolate/Caramel." in log_text(state)


def test_the_mom_veto_is_told_in_plain_words_and_its_player_is_asked_privately() -> None:
    state = king_state([[card("orange", 9), SPARE[0]], [VETO, SPARE[1]], [card("orange", 8), SPARE[2]]], "fruit")
    play(state, 0, card("orange", 9), "chocolate")
    play(state, 1, VETO)
    hand = RENDERER.hand(seen_of(state, 1))
    assert "Mom Veto: Remove one card from the trick (it goes to the stash)." in hand.description
    assert [c.label for c in hand.controls] == ["Remove 9 Chocolate/Coconut/Nuts"]
    assert RENDERER.hand(seen_of(state, 0)).controls == ()
    assert "Waiting for Bo: choosing a card for the Mom Veto to remove." in RENDERER.table(seen_of(state)).description
    answer(state, 1, "veto", card("orange", 9))
    assert "Bo's Mom Veto removes Ana's 9 Chocolate/Coconut/Nuts from the trick; it goes to the stash." in log_text(
        state
    )


def test_the_8_of_kings_shows_the_top_suit_cards_to_its_winner_only() -> None:
    state = king_state([[card("orange", 6), SPARE[0]], [K8, SPARE[1]], [card("black", 0), SPARE[2]]], "fruit")
    play(state, 0, card("orange", 6), "chocolate")
    play(state, 1, K8)
    play(state, 2, card("black", 0))
    hand = RENDERER.hand(seen_of(state, 1))
    assert field(hand, "Top suit cards (only you see them)") == "🍬 Candy 🍋 Sour 🥜 Nuts"
    assert "Favourite Swap: You may swap your favourite for one of the top suit cards of the deck." in hand.description
    assert [c.label for c in hand.controls][-1] == "Keep your favourite"
    table = RENDERER.table(seen_of(state))
    assert "Waiting for Bo: looking at the top cards of a deck." in table.description
    assert "Sour" not in table.description + "".join(f.value for f in table.fields)
    answer(state, 1, "favourite", "sour")
    assert "Bo swaps favourites with a suit card from the deck." in log_text(state)
    assert "You swap Halloween for Sour: Sour is your favourite now." in log_text(state, 1)
    assert "Halloween for Sour" not in log_text(state)


def test_the_12_of_kings_trump_swap_is_told_to_everyone() -> None:
    state = king_state([[card("orange", 6), SPARE[0]], [K12, SPARE[1]], [card("black", 0), SPARE[2]]], "fruit")
    play(state, 0, card("orange", 6), "chocolate")
    play(state, 1, K12)
    play(state, 2, card("black", 0))
    assert [c.label for c in RENDERER.hand(seen_of(state, 1)).controls] == [
        "Make Candy trump",
        "Make Sour trump",
        "Make Nuts trump",
        "Leave trump as it is",
    ]
    assert "Waiting for Bo: looking at the top cards of the suit deck." in RENDERER.table(seen_of(state)).description
    answer(state, 1, "trump", "nuts")
    assert "Bo's Royal Prank makes Nuts trump from the next trick; Fruit goes into the suit deck." in log_text(state)


def test_king_cards_read_as_king_and_name_in_the_hand() -> None:
    state = king_state([[K5, card("orange", 6)], [card("green", 1)]], "fruit")
    hand = field(RENDERER.hand(seen_of(state, 0)), "Your hand")
    assert "🤴 King 5 (Face Down)" in hand


def test_team_play_shows_team_scores_votes_and_the_teams_card_to_its_members() -> None:
    state = GAME.new_game(4, {"teams": True}, 3)
    hand = RENDERER.hand(seen_of(state, 0))
    assert "Vote in secret for your team's card; the most votes keeps it." in hand.description
    first = state.offers[0][0]
    GAME.apply(state, 0, act("vote", first))
    assert field(RENDERER.hand(seen_of(state, 0)), "Your vote") == suit_text(first)
    players = field(RENDERER.table(seen_of(state)), "Players")
    assert "🤝 Ana & Cy: **0**/62" in players
    assert "Bo**: **0** · 0 tricks · 0 🧻 · 12 cards · voting for the team card" in players
    for seat in (1, 2, 3):
        GAME.apply(state, seat, act("vote", state.offers[seat][0]))
    assert field(RENDERER.hand(seen_of(state, 2)), "Your team's card") == suit_text(state.team_cards[0])
    assert "Team Ana & Cy has kept its team card." in log_text(state)
    assert "First team to 62 wins." in RENDERER.table(seen_of(state)).footer


def test_every_screen_of_random_expansion_and_team_games_stays_within_discord_limits() -> None:
    random_games_stay_within_discord_limits([(2, {"king_cards": True}), (6, {"king_cards": True, "teams": True})])


def three_hands(a: int, b: int, c: int) -> list[list[int]]:
    return [[a, SPARE[0]], [b, SPARE[1]], [c, SPARE[2]]]


def test_every_king_effect_reads_in_plain_words_in_the_log() -> None:
    crispy, cookie, vanilla = card("orange", 6), card("orange", 8), card("orange", 10)
    tax, trade, k1, k2 = (KING_OF[e] for e in (Effect.TAX, Effect.TRADE, Effect.RENAME, Effect.LEAD))
    k3, k9, k10, k11 = (KING_OF[e] for e in (Effect.LOWEST, Effect.STASH, Effect.ONE_CARD, Effect.ROTATE))

    state = king_state(three_hands(crispy, tax, cookie), "fruit")
    play(state, 0, crispy, "chocolate")
    play(state, 1, tax)
    play(state, 2, cookie)
    hand = RENDERER.hand(seen_of(state, 1))
    assert "Dad Tax: Take one card from the trick into your take, or nothing." in hand.description
    assert [c.label for c in hand.controls] == ["Take 6 Chocolate", "Take 8 Chocolate/Caramel", "Take nothing"]
    answer(state, 1, "tax", cookie)
    assert "Bo's Dad Tax takes Cy's 8 Chocolate/Caramel from the trick." in log_text(state)

    state = king_state(three_hands(crispy, trade, cookie), "fruit", taken=[[], [vanilla], []])
    play(state, 0, crispy, "chocolate")
    play(state, 1, trade)
    hand = RENDERER.hand(seen_of(state, 1))
    assert "Trade: Put up to two cards from your take under the Trade (their ranks add to its value)." in (
        hand.description
    )
    assert [c.label for c in hand.controls] == ["Put 10 Caramel under the Trade", "Put no more cards under the Trade"]
    answer(state, 1, "pair", vanilla)
    assert "Bo puts 10 Caramel under the Trade." in log_text(state)
    assert "Under the Trade: `10` 🍮 Caramel" in RENDERER.table(seen_of(state)).description

    state = king_state(three_hands(crispy, k1, k2), "fruit")
    play(state, 0, crispy, "chocolate")
    play(state, 1, k1, "caramel")
    play(state, 2, k2)
    assert "Bo plays King 1 (New Suit) and names Caramel as the new trick suit." in log_text(state)
    assert "Next Lead: Cy leads the next trick." in log_text(state)

    state = king_state(three_hands(crispy, k3, k9), "fruit", stash=[vanilla])
    play(state, 0, crispy, "chocolate")
    play(state, 1, k3)
    play(state, 2, k9)
    assert "Stash Raid: the stash joins the trick (1 card)." in log_text(state)
    assert "Lowest Wins: the lowest card of the trick suit takes this trick." in log_text(state)

    state = king_state(three_hands(crispy, k11, k10), "fruit")
    play(state, 0, crispy, "chocolate")
    play(state, 1, k11)
    play(state, 2, k10)
    assert "Pass Left: every card moves one seat left. Now: Bo 6 Chocolate, Cy King 11 (Pass Left), Ana King 10" in (
        log_text(state)
    )
    hand = RENDERER.hand(seen_of(state, 2))
    assert "Take One: Keep one card of the trick; the others go to the stash." in hand.description
    answer(state, 2, "keep-one", k10)
    assert "Take One: Cy keeps only King 10 (Take One); the other 2 cards go to the stash." in log_text(state)


def test_declining_a_king_cards_offer_reads_in_plain_words() -> None:
    state = king_state(three_hands(card("orange", 6), K8, card("black", 0)), "fruit")
    play(state, 0, card("orange", 6), "chocolate")
    play(state, 1, K8)
    play(state, 2, card("black", 0))
    answer(state, 1, "favourite-keep")
    assert "Bo keeps the same favourite." in log_text(state)
    state = king_state(three_hands(card("orange", 6), K12, card("black", 0)), "fruit")
    play(state, 0, card("orange", 6), "chocolate")
    play(state, 1, K12)
    play(state, 2, card("black", 0))
    answer(state, 1, "trump-keep")
    assert "Bo leaves trump as it is." in log_text(state)


def test_a_team_vote_is_told_to_the_voter_only() -> None:
    state = GAME.new_game(4, {"teams": True}, 3)
    choice = state.offers[0][0]
    GAME.apply(state, 0, act("vote", choice))
    assert f"Ana votes for {suit_text(choice).split(' ', 1)[1]} as" not in log_text(state)
    assert "Ana has voted for a team card." in log_text(state)
    assert f"You vote for {suit_text(choice).split(' ', 1)[1]} as your team's card." in log_text(state, 0)


def test_a_player_who_has_kept_a_favourite_sees_it_and_a_way_to_take_it_back() -> None:
    state = GAME.new_game(3, {}, 5)
    kept = state.offers[0][0]
    GAME.apply(state, 0, act("keep", kept))
    screen = RENDERER.hand(seen_of(state, 0))
    favourite = next(f for f in screen.fields if f.name == "Favourite suit")
    assert suit_text(kept) in favourite.value
    assert "You may take it back and keep another until the last player has kept one." in screen.description
    assert [(c.label, c.style) for c in screen.controls] == [(f"Take back {suit_name(kept)} as favourite", "danger")]
    # Bo, still choosing, is offered his own suit cards only and sees nothing of Ana's.
    other = RENDERER.hand(seen_of(state, 1))
    assert all(c.action.kind == "keep" for c in other.controls)
    assert all(f.name != "Favourite suit" for f in other.fields)
    within_limits(screen)


def test_a_player_who_has_voted_sees_the_vote_and_a_way_to_take_it_back() -> None:
    state = GAME.new_game(4, {"teams": True}, 3)
    vote = state.offers[0][1]
    GAME.apply(state, 0, act("vote", vote))
    screen = RENDERER.hand(seen_of(state, 0))
    assert suit_text(vote) in next(f for f in screen.fields if f.name == "Your vote").value
    assert "You may take it back and vote again until the last player has voted." in screen.description
    assert [(c.label, c.style) for c in screen.controls] == [(f"Take back your vote for {suit_name(vote)}", "danger")]
    within_limits(screen)
