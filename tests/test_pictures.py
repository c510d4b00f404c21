"""Table and hand pictures: drawn from the public view only, valid PNGs of a sane size, changing
with what is public, drawn once per picture however many ask."""

from __future__ import annotations

import asyncio
import io
import itertools
import os
import random
import threading
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.pictures import (
    DRAWING_NICENESS,
    LATELY_HALF_LIFE,
    MAX_ALT_TEXT,
    Drawing,
    PictureCache,
    Superseded,
    alt_text,
    drawing_for,
    drawing_process,
    picture_for,
    sight_of,
)
from bot.pictures.base import WIDTH, Sight, fit_line, plain, text_width
from bot.pictures.best_candy import PICTURE as BEST_CANDY_PICTURE
from bot.pictures.best_candy import face
from bot.pictures.samples import NAMES, random_play, setup_for
from bot.screens import seen_of
from rules.contract import Game, GameState
from rules.registry import games
from tests.sessions.toy import TOY
from tests.test_player_words import DEVELOPMENT_WORDS

#: The five base games each have a picture of their own; the Best Candy deck's variant games share
#: one (bot/pictures/candy_table.py). The tests below hold every game that has a picture.
BASE_GAMES = ["13-ghosts", "best-candy", "closest-ghost", "ghosts-love-candy", "ghosts-of-christmas"]
GAME_IDS = sorted(game_id for game_id, game in games().items() if picture_for(game) is not None)
#: Every game with something secret, and the seat whose cards the test hides.
SECRET_GAMES = [game_id for game_id in GAME_IDS if games()[game_id].hidden_information]


def png_of(game: Game[Any], state: GameState, seat: int | None, players: int) -> bytes:
    drawing = drawing_for(seen_of(game, state, seat, NAMES[:players]), "table" if seat is None else "hand")
    assert drawing is not None, f"{game.id} has no picture"
    png = drawing.png()
    assert png is not None
    return png


def assert_sane_png(png: bytes) -> None:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    width, height = image.size
    assert width == WIDTH
    assert 100 <= height <= 1000, f"a picture {height} px high"
    assert len(png) < 200_000, f"a picture of {len(png)} bytes"


@cache
def played(game_id: str, players: int) -> tuple[GameState, ...]:
    """Every state of one seeded random game at this many seats, played once for all the tests here
    (playing is most of their time). The tests read these states and never change them."""
    game = games()[game_id]
    _, options = setup_for(game, players)
    return tuple(random_play(game, players, options, seed=players))


def twin_with_other_secrets(game: Game[Any], players: int, options: dict[str, Any]) -> tuple[GameState, GameState]:
    """A state from random play, and one that differs from it only in cards seat 0 cannot see
    (the other seats' secrets dealt again as seat 0 might imagine them)."""
    for state in played(game.id, players):
        other = game.determinize(state, 0, random.Random(1))
        if any(game.view(state, seat) != game.view(other, seat) for seat in range(1, players)):
            assert game.view(state, 0) == game.view(other, 0)
            return state, other
    raise AssertionError(f"{game.id}: no state with a secret seat 0 cannot see")


def description_of(game: Game[Any], state: GameState, seat: int | None, players: int) -> str:
    drawing = drawing_for(seen_of(game, state, seat, NAMES[:players]), "table" if seat is None else "hand")
    assert drawing is not None, f"{game.id} has no picture"
    return drawing.description


@pytest.mark.parametrize("game_id", SECRET_GAMES)
def test_two_states_differing_only_in_a_hidden_card_give_the_same_table_picture(game_id: str) -> None:
    game = games()[game_id]
    players, options = setup_for(game)
    state, other = twin_with_other_secrets(game, players, options)
    assert png_of(game, state, None, players) == png_of(game, other, None, players)
    assert description_of(game, state, None, players) == description_of(game, other, None, players), (
        "the table's description tells no secret either"
    )
    changed = [seat for seat in range(1, players) if game.view(state, seat) != game.view(other, seat)]
    assert description_of(game, state, 0, players) == description_of(game, other, 0, players)
    assert any(
        description_of(game, state, seat, players) != description_of(game, other, seat, players) for seat in changed
    ), "a hand's description tells that player's own cards"


@pytest.mark.parametrize("game_id", SECRET_GAMES)
def test_a_hand_picture_shows_only_its_own_seats_view(game_id: str) -> None:
    game = games()[game_id]
    players, options = setup_for(game)
    state, other = twin_with_other_secrets(game, players, options)
    assert png_of(game, state, 0, players) == png_of(game, other, 0, players), "seat 0 sees the same: same picture"
    changed = [seat for seat in range(1, players) if game.view(state, seat) != game.view(other, seat)]
    assert any(png_of(game, state, seat, players) != png_of(game, other, seat, players) for seat in changed), (
        "a seat whose own cards differ gets another picture"
    )


def test_the_closest_ghost_picture_is_the_board_whatever_the_seed() -> None:
    # Nothing is secret in this game: what no picture may show is the seed behind future draws.
    game = games()["closest-ghost"]
    state = game.new_game(2, {}, 1)
    other = game.copy_state(state)
    other.seed += 1
    assert png_of(game, state, None, 2) == png_of(game, other, None, 2)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_table_picture_changes_when_the_public_table_does(game_id: str) -> None:
    game = games()[game_id]
    players, _options = setup_for(game)
    states = played(game_id, players)
    first, last = states[0], states[-1]
    # The first move the table sees (a secret pick in a pass is not one).
    second = next(state for state in states if game.view(state, None) != game.view(first, None))
    assert png_of(game, first, None, players) != png_of(game, second, None, players), "the first public move shows"
    assert png_of(game, first, None, players) != png_of(game, last, None, players), "the end shows"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pictures_from_random_play_are_valid_pngs_of_a_sane_size(game_id: str) -> None:
    # Sampled positions (the suit's time counts): the table at each, one seat's hand at each, the
    # seats taken in turn so that every seat's hand is drawn at the largest table.
    game = games()[game_id]
    counts = sorted({players for players, _options in game.configurations()})
    for players in (counts[0], counts[-1]):
        states = played(game_id, players)
        sampled = [*states[:: max(1, len(states) // max(5, players))], states[-1]]
        for k, state in enumerate(sampled):
            assert_sane_png(png_of(game, state, None, players))
            if game.hidden_information:
                assert_sane_png(png_of(game, state, k % players, players))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_games_page_shows_a_committed_picture_of_its_table(game_id: str) -> None:
    # Made by `make pictures` (bot/pictures/samples.py); the game's page in docs/games shows it.
    docs = Path(__file__).parent.parent / "docs"
    assert_sane_png((docs / "pictures" / f"{game_id}.png").read_bytes())
    assert f"](../pictures/{game_id}.png)" in (docs / "games" / f"{game_id}.md").read_text(encoding="utf-8")


def test_the_readme_shows_one_committed_table_picture() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    shown = [game_id for game_id in GAME_IDS if f"](docs/pictures/{game_id}.png)" in readme]
    assert len(shown) == 1, f"the README shows one table picture, not {shown}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_picture_carries_a_description_a_player_can_read(game_id: str) -> None:
    # Discord's attachment description is the picture's alt text, "max 1024 characters".
    game = games()[game_id]
    players, _options = setup_for(game)
    states = played(game_id, players)
    for k, state in enumerate([*states[1 :: max(1, len(states) // 4)], states[-1]]):
        seats: list[int | None] = [None, k % players] if game.hidden_information else [None]
        for seat in seats:
            text = description_of(game, state, seat, players)
            assert 20 <= len(text) <= MAX_ALT_TEXT, text
            assert not DEVELOPMENT_WORDS.search(text), text
            assert "{p" not in text, text
            assert "None" not in text, text
            assert any(name in text for name in NAMES[:players]), f"the description names the players: {text}"


def test_a_long_description_is_cut_at_a_sentence_within_discords_limit() -> None:
    text = alt_text("A sentence of some length here. " * 60)
    assert len(text) <= MAX_ALT_TEXT
    assert text.endswith("here.")
    assert alt_text("short  and\nplain") == "short and plain"


def test_long_words_on_a_card_shrink_then_shorten_but_are_never_cut_mid_word() -> None:
    # A small card (48 px) once showed "Chocol..." for Chocolate.
    for word in ("Chocolate", "Marshmallow", "Halloween", "Coconut"):
        shown, size = fit_line(word, 42)
        assert text_width(shown, size) <= 42
        assert "..." not in shown, shown
        assert word.startswith(shown.rstrip(".")), shown
    assert fit_line("Candy", 42) == ("Candy", 12), "a word that fits keeps its size"
    assert fit_line("Halloween", 58) == ("Halloween", 11), "a smaller size before any shortening"


def test_a_players_name_shrinks_before_it_is_shortened() -> None:
    # Ghosts in Ghosts Love Candy's kid cards once read "9 Compute..."
    shown, size = fit_line("9 Computer 1", 66, (11, 10, 9))
    assert shown == "9 Computer 1"
    assert size < 11
    assert "..." not in fit_line("9 Computer 1", 50, (11, 10, 9))[0]


def colour_near(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    counted = image.convert("RGB").crop(box).getcolors(maxcolors=1 << 20) or []
    pixels = [pixel for _count, pixel in counted if isinstance(pixel, tuple)]
    return any(sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40 for pixel in pixels)


def test_ghosts_of_christmas_says_what_its_rings_and_bars_are() -> None:
    from bot.pictures.ghosts_of_christmas import LEGEND, PURPLE, RED

    game = games()["ghosts-of-christmas"]
    state = game.new_game(4, {}, 1)
    png = png_of(game, state, None, 4)
    image = Image.open(io.BytesIO(png))
    legend = (0, image.height - LEGEND - 8, image.width, image.height)
    assert colour_near(image, legend, PURPLE), "the legend shows a purple door"
    assert colour_near(image, legend, RED), "the legend shows the red door"
    assert "wreath" in description_of(game, state, None, 4)


def test_13_ghosts_an_out_players_card_says_it_is_their_crypt() -> None:
    from bot.pictures.base import HIGHLIGHT
    from bot.pictures.thirteen_ghosts import BAND

    game = games()["13-ghosts"]
    state = next(
        s
        for s in random_play(game, 3, {}, 1)
        if any(info.out and info.crypt is not None for info in game.view(s, None).seats)  # type: ignore[attr-defined]
    )
    view = game.view(state, None)
    out = next(seat for seat, info in enumerate(view.seats) if info.out)  # type: ignore[attr-defined]
    image = Image.open(io.BytesIO(png_of(game, state, None, 3)))
    top = 40 + out * BAND
    under_card = (14, top + 104, 90, top + BAND - 6)
    assert colour_near(image, under_card, HIGHLIGHT), "a caption under the card: the Crypt that was hit"
    assert f"{NAMES[out]}: played" in description_of(game, state, None, 3)
    assert "Crypt found" in description_of(game, state, None, 3)


def test_every_game_has_a_table_picture() -> None:
    assert set(BASE_GAMES) <= set(GAME_IDS)
    assert sorted(games()) == GAME_IDS, "the Best Candy deck's variant games are drawn too"


def test_a_variant_game_is_drawn_by_its_shelfs_picture() -> None:
    # A game without a picture module of its own is drawn by its shelf's (the shared candy-deck table).
    from bot.pictures.candy_table import PICTURE as CANDY_TABLE

    shelved = [game for game in games().values() if game.family is not None]
    assert len(shelved) == 16
    assert all(picture_for(game) is CANDY_TABLE for game in shelved)


def test_a_game_without_a_picture_module_has_no_picture() -> None:
    state = TOY.new_game(2, {}, 1)
    assert picture_for(TOY) is None
    assert drawing_for(seen_of(TOY, state, None, ("a", "b")), "table") is None


def test_best_candy_draws_cards_it_does_not_know_as_plain_cards_and_hidden_ones_as_backs() -> None:
    assert face(None) is None
    assert face(-1) is None
    unknown = face(10_000)
    assert unknown is not None
    assert unknown.corner == "10000"
    game = games()["best-candy"]
    players, options = setup_for(game)
    state = next(s for s in random_play(game, players, options, seed=3) if game.view(s, None).trick)  # type: ignore[attr-defined]
    view = game.view(state, None)
    strange = view.model_copy(update={"trick": (10_000, -1, *view.trick[2:])})  # type: ignore[attr-defined]
    png = BEST_CANDY_PICTURE.table(Sight(view=strange, names=NAMES[:players], to_act=()))
    assert_sane_png(png)
    assert png != BEST_CANDY_PICTURE.table(Sight(view=view, names=NAMES[:players], to_act=()))


def test_names_keep_only_what_the_font_can_draw() -> None:
    assert plain("🎃 Bob ✨") == "Bob"
    assert plain("Zoë") == "Zoë"
    assert plain("🎃") == "?"


class Counting:
    """A drawing function that counts its calls and can be made to fail."""

    def __init__(self) -> None:
        self.calls = 0
        self.fail = False

    def draw(self, key: str) -> bytes:
        self.calls += 1
        if self.fail:
            raise RuntimeError("no ink")
        return f"png of {key}".encode()


def drawing(picture: Counting, key: str) -> Drawing:
    return Drawing(key=key, kind="table", draw=lambda: picture.draw(key))


async def test_the_cache_draws_a_picture_once_however_many_ask_at_once() -> None:
    cache, picture = PictureCache(), Counting()
    pngs = await asyncio.gather(*(cache.png(drawing(picture, "same")) for _ in range(5)))
    assert pngs == [b"png of same"] * 5
    assert await cache.png(drawing(picture, "same")) == pngs[0]
    assert (picture.calls, cache.draws) == (1, 1)
    await cache.png(drawing(picture, "other"))
    assert (picture.calls, cache.draws) == (2, 2)


async def test_a_picture_that_failed_is_drawn_again_next_time() -> None:
    cache, picture = PictureCache(), Counting()
    picture.fail = True
    with pytest.raises(RuntimeError):
        await cache.png(drawing(picture, "k"))
    picture.fail = False
    assert await cache.png(drawing(picture, "k")) == b"png of k"
    assert picture.calls == 2


async def test_the_cache_keeps_only_the_latest_pictures() -> None:
    cache, picture = PictureCache(keep=2), Counting()
    for key in ("a", "b", "c", "a"):
        await cache.png(drawing(picture, key))
    assert picture.calls == 4, "a was dropped when c came, so it is drawn again"


async def test_a_picture_drawn_in_the_drawing_process_equals_the_one_drawn_here() -> None:
    # DRAW_IN_PROCESS: the drawing process gets the picture's own draw (it pickles) and sends the PNG back.
    game = games()["closest-ghost"]
    state = list(random_play(game, 2, {}, 3))[4]
    drawing = drawing_for(seen_of(game, state, None, NAMES[:2]), "table")
    assert drawing is not None
    cache = PictureCache(processes=True)
    assert await cache.png(drawing) == drawing.png()
    assert (cache.has(drawing.key), cache.draws) == (True, 1)


def test_the_drawing_process_gives_way_to_the_bot() -> None:
    # A click's answer must not wait behind a picture: the drawing process runs at a lower CPU priority.
    if not hasattr(os, "nice"):
        pytest.skip("this platform has no nice levels (Windows): the process keeps the bot's priority")
    mine = os.nice(0)
    theirs = drawing_process().submit(os.nice, 0).result(timeout=60)
    assert theirs == min(19, mine + DRAWING_NICENESS)


class Blocked:
    """Holds the one drawing worker busy until released, so the draws asked meanwhile wait in line."""

    def __init__(self) -> None:
        self.begun, self.release = threading.Event(), threading.Event()

    def draw(self) -> bytes:
        self.begun.set()
        self.release.wait(timeout=60)
        return b"png of the busy one"


async def test_a_messages_waiting_picture_is_dropped_when_a_newer_one_is_asked_for() -> None:
    # Moves faster than pictures: only the newest picture of a message is worth drawing.
    cache, picture, busy = PictureCache(), Counting(), Blocked()
    worker = cache.start(Drawing("busy", "table", busy.draw))
    older = asyncio.ensure_future(cache.png(drawing(picture, "move 1"), slot="table of game 1"))
    other = asyncio.ensure_future(cache.png(drawing(picture, "game 2"), slot="table of game 2"))
    await asyncio.sleep(0)  # both asks are in line behind the busy draw
    newer = asyncio.ensure_future(cache.png(drawing(picture, "move 2"), slot="table of game 1"))
    await asyncio.sleep(0)  # asked (and move 1 dropped) before the worker is free to take move 1
    busy.release.set()
    with pytest.raises(Superseded):
        await older
    assert (await newer, await other) == (b"png of move 2", b"png of game 2")
    assert worker is not None
    assert await worker == b"png of the busy one"
    assert (picture.calls, cache.draws, cache.dropped) == (2, 3, 1), "move 1 was never drawn"
    assert await cache.png(drawing(picture, "move 1")) == b"png of move 1", "asked again, it is drawn"


async def test_a_picture_someone_waits_for_without_a_slot_is_never_dropped() -> None:
    # A table being posted or a private answer needs exactly its picture, however the game moved on.
    cache, picture, busy = PictureCache(), Counting(), Blocked()
    cache.start(Drawing("busy", "table", busy.draw))
    posting = asyncio.ensure_future(cache.png(drawing(picture, "move 1")))
    await asyncio.sleep(0)
    cache.start(drawing(picture, "move 1"), slot="table of game 1")
    newer = asyncio.ensure_future(cache.png(drawing(picture, "move 2"), slot="table of game 1"))
    await asyncio.sleep(0)  # asked while move 1 still waits in line: it would be dropped but for the poster
    busy.release.set()
    assert (await posting, await newer) == (b"png of move 1", b"png of move 2")
    assert cache.dropped == 0


async def test_a_draw_that_has_begun_is_not_dropped() -> None:
    cache, busy = PictureCache(), Blocked()
    begun = cache.start(Drawing("move 1", "table", busy.draw), slot="table of game 1")
    assert await asyncio.to_thread(busy.begun.wait, 60), "the worker has taken it"
    newer = asyncio.ensure_future(cache.png(Drawing("move 2", "table", lambda: b"two"), slot="table of game 1"))
    busy.release.set()
    assert begun is not None
    assert await begun == b"png of the busy one"
    assert await newer == b"two"
    assert cache.dropped == 0


def test_a_picture_drawn_over_the_shared_board_is_not_changed_by_the_pictures_before_it() -> None:
    """The Closest Ghost's empty board is drawn once and each picture starts from a copy: what one
    picture draws on it must not show in the next."""
    game = games()["closest-ghost"]
    states = list(random_play(game, 2, {}, 3))
    first, later = states[len(states) // 2], states[-1]
    pictures = []
    for state in (first, later, first):
        drawing = drawing_for(seen_of(game, state, None, NAMES[:2]), "table")
        assert drawing is not None
        pictures.append(drawing.png())
    assert pictures[0] != pictures[1]
    assert pictures[0] == pictures[2]


async def test_the_cache_knows_how_long_its_pictures_take_lately() -> None:
    # From the ask to the PNG, waiting in line included: what a click's answer would wait for.
    now = [0.0]
    cache, busy = PictureCache(clock=lambda: now[0]), Blocked()
    first = cache.start(Drawing("first", "table", lambda: b"png"))  # it starts the worker: not counted
    now[0] = 5.0
    assert first is not None
    await first
    assert cache.drawing_time == 0.0
    slow = cache.start(Drawing("slow", "table", busy.draw))
    now[0] = 7.0
    busy.release.set()
    assert slow is not None
    await slow
    assert cache.drawing_time == 2.0
    for n in range(12):
        await cache.png(Drawing(f"quick {n}", "table", lambda: b"png"))  # drawn at once: the clock stands still
    assert cache.drawing_time < 0.05, "quick pictures bring it down"


def test_a_pictures_description_is_worded_only_when_it_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # Most pictures a refresh names are never drawn (a newer move's overtakes them): nor are their words.
    game = games()["closest-ghost"]
    picture = picture_for(game)
    assert picture is not None
    worded: list[Sight] = []
    describe = picture.describe_table

    def counted(sight: Sight) -> str:
        worded.append(sight)
        return describe(sight)

    monkeypatch.setattr(picture, "describe_table", counted)
    players, _options = setup_for(game)
    state = played(game.id, players)[3]
    drawing = drawing_for(seen_of(game, state, None, NAMES[:players]), "table")
    assert drawing is not None
    assert not worded, "naming the picture words nothing"
    assert drawing.description == alt_text(describe(worded[0]))
    assert len(worded) == 1, "worded once, however often it is read"


def test_a_slow_spell_counts_for_less_and_less_while_nothing_is_drawn() -> None:
    now = [100.0]
    cache = PictureCache(clock=lambda: now[0])
    assert cache.lately() == 0.0
    cache.drawing_time = 2.0
    assert cache.lately() == 2.0
    now[0] += LATELY_HALF_LIFE
    assert cache.lately() == pytest.approx(1.0)
    now[0] += 5 * LATELY_HALF_LIFE
    assert cache.lately() < 0.05, "pictures are asked to come with the answers again"
    assert cache.drawing_time == 2.0, "the last measure itself stays what it was"


@pytest.mark.parametrize("game_id", ["closest-ghost", "13-ghosts", "best-candy"])
def test_a_sights_digest_tells_apart_exactly_the_sights_that_differ(game_id: str) -> None:
    # The key a table picture is cached and compared by: a wrong equal key would show a wrong picture.
    game = games()[game_id]
    players, _options = setup_for(game)
    sights = [sight_of(seen_of(game, state, None, NAMES[:players])) for state in played(game_id, players)]
    digests = [sight.digest() for sight in sights]
    for a, b in itertools.combinations(range(len(sights)), 2):
        assert (digests[a] == digests[b]) == (sights[a] == sights[b])
    assert len(set(digests)) > 1
    renamed = replace(sights[0], names=tuple(reversed(sights[0].names)))
    assert renamed.digest() != sights[0].digest(), "the names are drawn too"


async def test_the_cache_has_room_while_fewer_pictures_are_drawn_than_it_has_workers() -> None:
    # What a click asks before it waits for its picture: a picture asked while every worker is busy
    # waits in line, and so would the click's answer.
    cache, busy = PictureCache(workers=2), [Blocked(), Blocked()]
    assert cache.workers == 2
    assert cache.has_room()
    first = cache.start(Drawing("first", "table", busy[0].draw))
    assert cache.has_room(), "one worker of two is busy"
    second = cache.start(Drawing("second", "table", busy[1].draw))
    assert not cache.has_room(), "both workers are drawing"
    assert first is not None
    assert second is not None
    busy[0].release.set()
    await first
    assert cache.has_room(), "a worker is free again"
    busy[1].release.set()
    await second
