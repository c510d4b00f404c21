"""The Ghosts of Christmas renderer, fed with `Seen`s built from real states."""

from __future__ import annotations

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Screen, Seen
from bot.renderers.ghosts_of_christmas import RENDERER
from rules.contract import act
from rules.games.ghosts_of_christmas import GAME
from rules.games.ghosts_of_christmas.state import GhostsState
from tests.rules import screen_limits
from tests.rules.games.test_ghosts_of_christmas import play, table

NAMES = ("Ana", "Bo", "Cy", "Di")


def seen_of(state: GhostsState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, tuple(NAMES[: state.players]))


def within_limits(screen: Screen) -> None:
    screen_limits.within_limits(screen)
    screen_limits.selects_within_limits(screen)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_each_era_with_its_dial_and_the_cards_played_into_it() -> None:
    state = table([["holly9", "bells4", "stars4"], ["holly5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]])
    play(state, 0, "holly9", "past")
    play(state, 1, "bells6", "future")
    screen = RENDERER.table(seen_of(state))
    assert "**🕰️ Past** (dial 🌿 Holly)\nAna: 🌿 9 of Holly · Bo: — · Cy: —" in screen.description
    assert "**🎁 Present** (dial ▫️ face down)" in screen.description
    assert "Bo: 🔔 6 of Bells" in screen.description
    assert screen.controls == ()
    within_limits(screen)


def test_table_shows_the_start_marker_doors_wreaths_and_points_per_player() -> None:
    state = GAME.new_game(4, {}, 7)
    start = state.start_player
    GAME.apply(state, start, act("bid", 3, 1))
    state.hand_scores = [[6, 0, 3, 2]]
    state.wreaths = [1, 0, 0, 2]
    players = next(f for f in RENDERER.table(seen_of(state)).fields if f.name == "Players").value
    lines = players.splitlines()
    assert lines[2 * start].startswith(f"🕯️ **{NAMES[start]}**")
    assert "🟪🟪🟪🟥 (3 purple + red)" in lines[2 * start]
    assert "no bid yet" in lines[2 * ((start + 1) % 4)]
    assert "🎄×2" in lines[6]
    assert lines[1] == "Points: 6 = **6**"


def test_the_hand_lists_my_cards_by_suit_and_no_one_elses() -> None:
    state = table([["holly9", "bells4", "hearts12"], ["holly5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]])
    screen = RENDERER.hand(seen_of(state, 0))
    hand = next(f for f in screen.fields if f.name == "Your hand").value
    assert hand == "❤️ Hearts: 12\n🌿 Holly: 9\n🔔 Bells: 4"
    assert "6 of Stars" not in str(screen)


def test_the_hand_offers_only_legal_card_and_era_pairs_as_one_select_per_era() -> None:
    state = table([["holly9", "bells4", "stars4"], ["holly5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]])
    play(state, 0, "holly9", "past")
    screen = RENDERER.hand(seen_of(state, 1))
    by_group: dict[str | None, list[str]] = {}
    for control in screen.controls:
        by_group.setdefault(control.group, []).append(control.action.token())
    assert by_group == {
        "Play into the Past…": ["play.holly5.past"],
        "Play into the Present…": ["play.holly5.present", "play.bells6.present", "play.stars6.present"],
        "Play into the Future…": ["play.holly5.future", "play.bells6.future", "play.stars6.future"],
    }
    within_limits(screen)


def test_a_few_legal_plays_become_buttons_with_the_games_labels() -> None:
    state = table([["holly9", "bells4"], ["holly5", "bells6"], ["holly7", "bells8"]])
    play(state, 0, "holly9", "past")
    play(state, 1, "holly5", "past")
    play(state, 2, "holly7", "past")
    play(state, 0, "bells4", "present")
    screen = RENDERER.hand(seen_of(state, 1))
    assert [(c.label, c.group) for c in screen.controls] == [
        ("Play 6 of Bells into the Present", None),
        ("Play 6 of Bells into the Future", None),
    ]


def test_the_bid_is_offered_as_two_selects_without_and_with_the_red_door() -> None:
    state = GAME.new_game(3, {}, 4)
    screen = RENDERER.hand(seen_of(state, state.turn))
    groups: dict[str | None, list[str]] = {}
    for control in screen.controls:
        groups.setdefault(control.group, []).append(control.label)
    assert groups["Bid purple doors only…"] == [f"{n} purple" for n in range(13)]
    assert groups["Bid with the red door…"] == [f"{n} purple + red door" for n in range(13)]
    within_limits(screen)
    assert RENDERER.hand(seen_of(state, (state.turn + 1) % 3)).controls == ()


def test_a_finished_game_shows_the_result_and_no_controls() -> None:
    state = GAME.new_game(4, {"tiny_tim": True, "beyond": True}, 5)
    while GAME.result(state) is None:
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    screen = RENDERER.table(seen_of(state))
    assert "**Game over.**" in screen.description
    assert "Tiny Tim, Beyond" in screen.description
    assert any(f.name == "Last round" and "🌌 Beyond" in f.value for f in screen.fields)
    assert RENDERER.hand(seen_of(state, 0)).controls == ()
    within_limits(screen)


def test_the_table_explains_the_doors_of_a_bid_and_tiny_tim_needs_none() -> None:
    bidding = RENDERER.table(seen_of(GAME.new_game(3, {}, 1)))
    assert "🟪 a purple door for each wreath you mean to win" in (bidding.footer or "")
    assert "🟥 the red door lets one wreath more count too, at 1 point a wreath instead of 2" in (bidding.footer or "")
    tiny_tim = RENDERER.table(seen_of(GAME.new_game(3, {"tiny_tim": True}, 1)))
    assert "door" not in (tiny_tim.footer or "")
