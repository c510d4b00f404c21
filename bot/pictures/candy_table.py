"""Every game played with the Best Candy deck as a picture, from one drawing: its table and hands.

The variant games share the deck and most of their table: a trick in play, a stash, a draw pile
and a discard pile, cards laid out in stacks, bags or melds, the last trick, and each player's
score, cards in hand and tricks. A game's view names these with the same words (`trick`,
`leader`, `discard`, `pile_size`, `hand_sizes`, `scores`...), so this module reads a view by
those names into a `Scene` (rows of card piles with captions, and a panel per player) and draws
the scene. A game with a part of its own (Bobbing for Apples' stash, Bags of Fun's bags) is read
by the same names; a new game on this deck is drawn with no change here as long as it uses them.

The table scene is read from the public view, a hand scene from that seat's view: the scene is
all the picture shows, and its words are the picture's description (alt text).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.pictures.base import HIGHLIGHT, INK, MUTED, PANEL, Canvas, Sight, fit, seat_colour, text_width
from bot.pictures.best_candy import CARD, SMALL, draw_card, face
from rules.candy_kit.candy_deck import text_of, white_card_name
from rules.candy_kit.cards import SUITS, suit_name
from rules.contract import View, plural

#: How far apart the cards of one pile lie, as a share of a card's width: side by side, each
#: readable; the wider gap between piles keeps them apart.
OVERLAP = 1.05
#: A pile shows at most this many cards (the newest); its caption says how many there are.
PILE_SHOWN = 8
MARGIN = 14
GAP = 10
CAPTION = 11


@dataclass(frozen=True)
class Pile:
    """Cards lying together (None: face down), newest last, and what is written under them."""

    cards: tuple[int | None, ...]
    caption: str = ""
    seat: int | None = None
    #: How the pile is said in the description, when not by its cards ("40 cards face down").
    said: str = ""


@dataclass(frozen=True)
class Row:
    """A titled line of piles; `note` stands in for the piles when there are none."""

    title: str
    piles: tuple[Pile, ...] = ()
    note: str = ""
    small: bool = False


@dataclass(frozen=True)
class Panel:
    seat: int
    name: str
    score: str
    details: tuple[str, ...]
    turn: bool


@dataclass(frozen=True)
class Scene:
    heading: str
    corner: str
    rows: tuple[Row, ...]
    panels: tuple[Panel, ...] = ()


def suit_words(key: str | None) -> str:
    if not key:
        return ""
    return suit_name(key) if key in SUITS else white_card_name(key)


def card_words(card: int | None) -> str:
    return "a card face down" if card is None or card < 0 else text_of(card)


def shown(card: Any) -> int | None:
    return card if isinstance(card, int) and card >= 0 and face(card) is not None else None


# --- reading a view --------------------------------------------------------------------------------

#: Phase names of the games, as a player reads them in the heading.
PHASES: dict[str, str] = {
    "pass": "passing cards",
    "play": "playing",
    "pardon": "a stuffed player decides",
    "bid": "bidding",
    "auction": "auction",
    "stash": "the declarer takes the stash",
    "exchange": "exchanging cards",
    "declare": "declaring",
    "discard": "discarding",
    "call": "calling a friend",
    "draft": "taking from the stash",
    "look": "looking at two cards",
    "drawn": "a card was drawn",
    "build": "building",
    "take": "taking",
    "extra": "an extra card",
    "name": "naming a suit",
    "going-out": "last turns",
    "over": "game over",
}


def field(view: View, name: str, default: Any = None) -> Any:
    return getattr(view, name, default)


def players_of(sight: Sight) -> int:
    return len(sight.names)


def heading(view: View) -> str:
    parts = []
    for name, word in (("hand_number", "Hand"), ("round", "Round")):
        number = field(view, name)
        if isinstance(number, int) and not isinstance(number, bool):
            total = field(view, "hands_total") or field(view, "hands_in_game")
            parts.append(f"{word} {number}" + (f" of {total}" if total and name == "hand_number" else ""))
            break
    phase = field(view, "phase")
    if field(view, "over") is True or phase == "over":
        parts.append("game over")
    elif phase in PHASES and phase not in ("play", "turn"):
        parts.append(PHASES[phase])
    return " · ".join(parts) or "At the table"


def corner(view: View) -> str:
    """What decides the play this hand: trump, the wild suit, a named suit, a contract."""
    parts = []
    if "trump" in type(view).model_fields:
        parts.append(f"Trump: {suit_words(field(view, 'trump')) or 'none'}")
    if field(view, "wild"):
        parts.append(f"Wild: {suit_words(field(view, 'wild'))}")
    named = field(view, "named")
    if isinstance(named, str) and named:
        parts.append(f"Named: {suit_words(named)}")
    contract = field(view, "contract")
    if isinstance(contract, str) and contract:
        parts.append(
            f"Contract: {suit_words(contract) if contract in SUITS else contract.replace('notrump', 'no trump')}"
        )
    elif isinstance(contract, int) and contract and field(view, "phase") != "bid":
        parts.append(f"Contract: {contract}")
    called = field(view, "called")
    if isinstance(called, int):
        parts.append(f"Called: {text_of(called)}")
    return " · ".join(parts)


def played(sight: Sight, cards: Sequence[int], leader: int) -> tuple[Pile, ...]:
    """A trick's cards, each under its player's name."""
    players = players_of(sight)
    return tuple(
        Pile((card,), sight.name((leader + k) % players), (leader + k) % players) for k, card in enumerate(cards)
    )


def trick_row(sight: Sight, view: View) -> Row | None:
    """The trick in play, each card under its player's name."""
    trick = field(view, "trick")
    if not isinstance(trick, tuple) or field(view, "phase", "play") != "play" or field(view, "over") is True:
        return None
    suit = suit_words(field(view, "trick_suit"))
    title = "Trick" + (f" · suit {suit}" if suit else "")
    leader = field(view, "leader", 0)
    note = "" if trick else f"Waiting for {sight.name(leader)} to lead."
    return Row(title, played(sight, trick, leader), note)


def last_trick_row(sight: Sight, view: View) -> Row | None:
    last = field(view, "last_trick")
    winner = field(view, "last_winner")
    if not last or not isinstance(winner, int):
        return None
    cards = played(sight, last, field(view, "last_leader") or 0)
    return Row(f"Last trick, won by {sight.name(winner)}", cards, small=True)


def pile_row(view: View) -> Row | None:
    """The draw pile and the discard pile, the discard's top card last."""
    size = field(view, "pile_size")
    discard = field(view, "discard")
    piles = []
    if isinstance(size, int):
        piles.append(Pile((None,) if size else (), f"Draw pile: {size}", said=f"a draw pile of {plural(size, 'card')}"))
    if isinstance(discard, tuple):
        top = f", {text_of(discard[-1])} on top" if discard else ""
        said = f"a discard pile of {plural(len(discard), 'card')}{top}"
        piles.append(Pile(tuple(discard[-1:]), f"Discard: {len(discard)}", said=said))
    hidden = field(view, "stash_size")
    if isinstance(hidden, int) and hidden:  # a stash lying face down (Secret Stash, Scary)
        said = f"a stash of {plural(hidden, 'card')} face down"
        piles.append(Pile((None,), f"Stash: {hidden}", said=said))
    drawn = field(view, "drawn")
    if isinstance(drawn, int):
        piles.append(Pile((drawn,), "Drawn card"))
    turned = field(view, "turned")
    if isinstance(turned, int):
        piles.append(Pile((turned,), "Turned up"))
    return Row("Piles", tuple(piles), small=True) if piles else None


def stash_row(view: View) -> Row | None:
    stash = field(view, "stash")
    if not isinstance(stash, tuple) or not stash:
        return None
    if all(isinstance(card, int) for card in stash):  # a stash of cards (Best House)
        return Row("Stash", tuple(Pile((card,)) for card in stash))
    piles = []
    for item in stash:  # items with a value (Bobbing for Apples)
        kind = {"built": "built", "paired": "paired"}.get(str(field(item, "kind")), "")
        caption = f"{field(item, 'value')}" + (f" {kind}" if kind else "")
        piles.append(Pile(tuple(field(item, "cards", ())), caption))
    return Row("Stash", tuple(piles), small=True)


def table_rows(sight: Sight, view: View) -> list[Row]:
    """The middle of the table, in the order a player looks at it."""
    rows: list[Row] = []
    players = players_of(sight)
    trick = trick_row(sight, view)
    if trick is not None:
        rows.append(trick)
    table = field(view, "table")
    if isinstance(table, tuple):  # the cards to beat (Candy Climb)
        last = field(view, "last_player")
        caption = sight.name(last) if isinstance(last, int) else ""
        rows.append(
            Row("To beat", (Pile(table, caption, last),) if table else (), note="" if table else "Nothing: a new lead.")
        )
    stash = stash_row(view)
    if stash is not None:
        rows.append(stash)
    gold = field(view, "gold")
    if isinstance(gold, int):
        rows.append(Row("Gold card", (Pile((gold,), f"{field(view, 'gold_left', 0)} left"),), small=True))
    stacks = field(view, "stacks")
    if isinstance(stacks, tuple):
        rows.append(Row("Stacks", tuple(Pile(tuple(stack)) for stack in stacks), small=True))
    tops = field(view, "tops")
    if isinstance(tops, tuple):
        sizes = field(view, "pile_sizes", ())
        piles = tuple(
            Pile((top,) if top is not None else (), f"Pile {k + 1}: {size}")
            for k, (top, size) in enumerate(zip(tops, sizes, strict=True))
        )
        rows.append(Row("Piles", piles, small=True))
    bags = field(view, "bags")
    if isinstance(bags, tuple) and all(isinstance(bag, tuple) for bag in bags):  # Bags of Fun's bags
        rows.append(Row("Bags", tuple(Pile(tuple(bag), f"Bag {k + 1}") for k, bag in enumerate(bags)), small=True))
    out_melds = field(view, "out_melds")
    out = field(view, "out")
    if out_melds and isinstance(out, int):
        rows.append(Row(f"{sight.name(out)} went out", tuple(Pile(tuple(m)) for m in out_melds), small=True))
    pile = pile_row(view)
    if pile is not None:
        rows.append(pile)
    public = field(view, "public") or field(view, "known")
    if isinstance(public, tuple) and len(public) == players and any(public):
        title = "Cards in front of each player" if field(view, "public") else "Cards seen in hands"
        piles = tuple(Pile(tuple(cards), sight.name(seat), seat) for seat, cards in enumerate(public) if cards)
        rows.append(Row(title, piles, small=True))
    last_trick = last_trick_row(sight, view)
    if last_trick is not None:
        rows.append(last_trick)
    return rows


def stats(view: View, seat: int, players: int) -> tuple[str, tuple[str, ...]]:
    """A player's score and the rest of what the table shows of them."""

    def of(name: str) -> Any:
        values = field(view, name)
        return values[seat] if isinstance(values, tuple) and len(values) == players else None

    score = ""
    for name, noun in (("scores", "point"), ("courage", "courage"), ("lives", "life")):
        value = of(name)
        if isinstance(value, int):
            score = (
                f"{value} courage" if name == "courage" else plural(value, noun, "lives" if noun == "life" else None)
            )
            break
    details = []
    held = of("hand_sizes")
    if isinstance(held, int):
        details.append(plural(held, "card"))
    for name in ("tricks_won", "tricks"):
        value = of(name)
        if isinstance(value, int):
            details.append(plural(value, "trick"))
            break
    bid = of("bids")
    if isinstance(bid, int):
        details.append(f"bid {bid}")
    aches = of("aches")
    if isinstance(aches, int) and aches:
        details.append(plural(aches, "tummy ache"))
    captures = of("captures")
    if isinstance(captures, tuple):
        details.append(f"{len(captures)} captured")
    if of("passed") is True and field(view, "phase") in ("bid", "auction"):
        details.append("passed")
    # The roles a hand gives: who bid highest and plays the contract, and with whom.
    for name, role in (("ghost", "the ghost"), ("declarer", "declarer"), ("friend", "the ghost's friend")):
        if field(view, name) == seat and not (name == "friend" and field(view, "ghost") == seat):
            details.append(role)
    if field(view, "high_bidder") == seat and field(view, "phase") in ("bid", "auction"):
        details.append("highest bid")
    if field(view, "dealer") == seat:
        details.append("dealer")
    if field(view, "knocker") == seat:
        details.append("knocked")
    out = of("out_in_hand")
    if isinstance(out, int):
        details.append(f"out: kept The Rock in hand {out}")
    return score, tuple(details)


def team_line(sight: Sight, view: View) -> Row | None:
    """Scores kept per team rather than per player (How Many Candies), each team by its players."""
    scores = field(view, "scores")
    if not isinstance(scores, tuple) or len(scores) in (0, players_of(sight)):
        return None
    members = getattr(view, "members", None)
    teams = []
    for team, score in enumerate(scores):
        who = " & ".join(sight.name(seat) for seat in members(team)) if callable(members) else f"Team {team + 1}"
        teams.append(f"{who}: {plural(score, 'point')}")
    return Row("Team scores", note=" · ".join(teams))


def offer_rows(sight: Sight, view: View) -> list[Row]:
    """Who offers a card to whom, and the pairs put down (I Got a Rock)."""
    rows = []
    offerer, taker = field(view, "offerer"), field(view, "taker")
    if isinstance(offerer, int) and isinstance(taker, int):
        rows.append(Row("Offer", note=f"{sight.name(offerer)} offers a card to {sight.name(taker)}."))
    pairs = field(view, "pairs")
    if isinstance(pairs, tuple) and all(isinstance(card, int) for card in pairs):
        shown = tuple(Pile(tuple(pairs[k : k + 2])) for k in range(max(0, len(pairs) - 8), len(pairs), 2))
        title = f"Pairs put down: {len(pairs) // 2}" + (", the latest" if len(pairs) > 8 else "")
        rows.append(Row(title, shown, note="None yet.", small=True))
    return rows


def turn_of(sight: Sight, seat: int) -> bool:
    return seat in sight.to_act and sight.places is None


def table_scene(sight: Sight) -> Scene:
    view = sight.view
    players = players_of(sight)
    rows = table_rows(sight, view)
    teams = team_line(sight, view)
    if teams is not None:
        rows.insert(0, teams)
    rows[0:0] = offer_rows(sight, view)
    panels = []
    for seat in range(players):
        score, details = stats(view, seat, players)
        if sight.places is not None:
            details = (f"place {sight.places[seat]}", *details) if seat < len(sight.places) else details
        panels.append(Panel(seat, sight.name(seat), score, details, turn_of(sight, seat)))
    return Scene(heading(view), corner(view), tuple(rows), tuple(panels))


#: A player's own cards beside their hand, by the view's name for them.
HAND_PARTS: tuple[tuple[str, str], ...] = (
    ("my_received", "Received in the pass"),
    ("my_picks", "Picked"),
    ("my_passed", "Passed"),
    ("my_drawn", "Drawn"),
    ("my_discards", "Discarded"),
    ("my_stash", "Your stash"),
    ("melds", "Melds in your hand"),
)


def hand_scene(sight: Sight) -> Scene | None:
    view = sight.view
    seat = view.seat
    if seat is None:
        return None
    rows = []
    hand = field(view, "my_hand")
    if hand is None:
        hand = field(view, "hand")
    if isinstance(hand, tuple):
        rows.append(Row(f"Your hand: {plural(len(hand), 'card')}", tuple(Pile((card,)) for card in hand), "No cards."))
    slots = field(view, "slots")
    if isinstance(slots, tuple) and seat < len(slots):  # cards face down in front of you (Blind Candy Shuffle)
        rows.append(
            Row("Your cards, face down", tuple(Pile((card,), f"Card {k + 1}") for k, card in enumerate(slots[seat])))
        )
    stash = field(view, "stash")
    # A declarer's own secret stash (Secret Stash): a stash the table sees only as its size.
    if "stash_size" in type(view).model_fields and isinstance(stash, tuple) and stash:
        rows.append(Row("Your stash", tuple(Pile((card,)) for card in stash), small=True))
    for name, title in HAND_PARTS:
        cards = field(view, name)
        if isinstance(cards, tuple) and cards and all(isinstance(card, tuple) for card in cards):
            rows.append(Row(title, tuple(Pile(tuple(meld)) for meld in cards), small=True))
        elif isinstance(cards, tuple) and cards:
            rows.append(Row(title, tuple(Pile((card,)) for card in cards), small=True))
    bag = field(view, "my_bag")
    if isinstance(bag, int):
        least = suit_words(field(view, "my_least"))
        rows.append(Row("Your secret", note=f"Your bag is bag {bag}; your least favourite is {least}."))
        bags = field(view, "bags", ())
        if 0 < bag <= len(bags):
            rows.append(Row(f"Bag {bag}, yours", tuple(Pile((card,)) for card in bags[bag - 1]), "Empty so far."))
    if not rows:
        return None
    return Scene(f"{sight.name(seat)}: your cards", corner(view), tuple(rows))


# --- drawing ---------------------------------------------------------------------------------------


def pile_width(pile: Pile, size: tuple[int, int]) -> float:
    count = max(1, min(len(pile.cards), PILE_SHOWN))
    cards = size[0] + (count - 1) * size[0] * OVERLAP
    return max(cards, min(text_width(pile.caption, CAPTION), 150) if pile.caption else 0)


def layout(row: Row, width: float) -> list[list[tuple[Pile, float]]]:
    """The row's piles in lines that fit `width`, each with its x offset."""
    size = SMALL if row.small else CARD
    lines: list[list[tuple[Pile, float]]] = [[]]
    x = 0.0
    for pile in row.piles:
        w = pile_width(pile, size)
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0.0
        lines[-1].append((pile, x))
        x += w + GAP
    return lines


def row_height(row: Row, width: float) -> int:
    size = SMALL if row.small else CARD
    if not row.piles:
        return 20 + 22
    captions = any(pile.caption for pile in row.piles)
    return 20 + len(layout(row, width)) * (size[1] + (18 if captions else 6))


def draw_row(canvas: Canvas, row: Row, top: float) -> None:
    canvas.text((MARGIN, top), fit(row.title, 13, canvas.width - 2 * MARGIN), size=13, fill=MUTED)
    if not row.piles:
        canvas.text((MARGIN, top + 20), fit(row.note, 13, canvas.width - 2 * MARGIN), size=13)
        return
    size = SMALL if row.small else CARD
    captions = any(pile.caption for pile in row.piles)
    y = top + 20
    for line in layout(row, canvas.width - 2 * MARGIN):
        for pile, x in line:
            left = MARGIN + x
            cards = pile.cards[-PILE_SHOWN:]
            if not cards:
                canvas.slot((left, y), size)
            for k, card in enumerate(cards):
                draw_card(canvas, (left + k * size[0] * OVERLAP, y), card, size)
            if pile.caption:
                width = pile_width(pile, size)
                colour = seat_colour(pile.seat) if pile.seat is not None else MUTED
                xy = (left + width / 2, y + size[1] + 3)
                canvas.fitted(xy, pile.caption, width + GAP - 2, size=CAPTION, fill=colour, anchor="ma")
        y += size[1] + (18 if captions else 6)


PANEL_HEIGHT = 48


def panel_columns(panels: int) -> int:
    return 3 if panels > 4 else 2


def draw_panel(canvas: Canvas, panel: Panel, x: float, y: float, width: float) -> None:
    colour = seat_colour(panel.seat)
    canvas.box((x, y, x + width, y + PANEL_HEIGHT), PANEL, outline=HIGHLIGHT if panel.turn else colour, radius=8)
    score_width = text_width(panel.score, 13) + 8 if panel.score else 0
    mark = "> " if panel.turn else ""
    canvas.fitted((x + 8, y + 6), mark + panel.name, width - 16 - score_width, size=13, fill=colour)
    if panel.score:
        canvas.text((x + width - 8, y + 6), panel.score, size=13, fill=HIGHLIGHT, anchor="ra")
    canvas.text((x + 8, y + 28), fit(" · ".join(panel.details), CAPTION, width - 16), size=CAPTION, fill=MUTED)


def draw_scene(scene: Scene) -> Canvas:
    inner = 640 - 2 * MARGIN
    columns = panel_columns(len(scene.panels))
    panel_rows = -(-len(scene.panels) // columns)
    height = 40 + sum(row_height(row, inner) + 8 for row in scene.rows) + panel_rows * (PANEL_HEIGHT + 6) + 8
    canvas = Canvas(max(height, 120))
    # What decides the play (trump, contract) keeps most of the top line; the heading is short.
    corner_room = min(text_width(scene.corner, 14), inner * 0.66) if scene.corner else 0
    canvas.text((MARGIN, 10), fit(scene.heading, 16, inner - corner_room - 16), size=16, fill=INK)
    if scene.corner:
        canvas.fitted((canvas.width - MARGIN, 12), scene.corner, corner_room, size=14, fill=HIGHLIGHT, anchor="ra")
    top = 40.0
    for row in scene.rows:
        draw_row(canvas, row, top)
        top += row_height(row, inner) + 8
    width = (inner - 8 * (columns - 1)) / columns
    for k, panel in enumerate(scene.panels):
        line, column = divmod(k, columns)
        draw_panel(canvas, panel, MARGIN + column * (width + 8), top + line * (PANEL_HEIGHT + 6), width)
    return canvas


# --- describing ------------------------------------------------------------------------------------


def pile_words(pile: Pile) -> str:
    if pile.said:
        return pile.said
    cards = ", ".join(card_words(card) for card in pile.cards) or "no cards"
    return f"{pile.caption}: {cards}" if pile.caption else cards


def sentences(parts: Iterable[str]) -> str:
    return " ".join(part if part.endswith((".", "!", "?")) else part + "." for part in parts if part)


def describe(scene: Scene) -> str:
    """The scene in words: what a screen reader says for the picture."""
    parts = [scene.heading, scene.corner]
    for row in scene.rows:
        body = "; ".join(pile_words(pile) for pile in row.piles) if row.piles else row.note
        parts.append(f"{row.title}: {body}")
    for panel in scene.panels:
        bits = ", ".join(bit for bit in (panel.score, *panel.details) if bit)
        parts.append(f"{panel.name}{' (to play)' if panel.turn else ''}: {bits}" if bits else panel.name)
    return sentences(parts)


class CandyTablePicture:
    """The picture of any game on the Best Candy deck, read from its view by the shared names."""

    def table(self, sight: Sight) -> bytes:
        return draw_scene(table_scene(sight)).png()

    def describe_table(self, sight: Sight) -> str:
        return describe(table_scene(sight))

    def hand_scene(self, sight: Sight) -> Scene | None:
        return hand_scene(sight)

    def hand(self, scene: Any) -> bytes:
        return draw_scene(scene).png()

    def describe_hand(self, scene: Any) -> str:
        return describe(scene)


PICTURE = CandyTablePicture()
