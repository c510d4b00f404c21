"""Ghosts of Christmas on Discord.

The table shows the eras (dial and the cards played into them this round), the
start marker, each player's doors, wreaths and points, and how the last round
went. A player's hand message shows their cards by suit and their controls: the
bid as two selects (without / with the red door), and cards as one select per
era (only the legal cards for that era), or plain buttons when there are few.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, status_line
from rules.contract import Action, plural
from rules.games.ghosts_of_christmas.cards import (
    CARD_BY_TOKEN,
    ERA_NAMES,
    ERA_TITLES,
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    card_name,
)
from rules.games.ghosts_of_christmas.state import GhostsView

SUIT_EMOJI: dict[str, str] = {"hearts": "❤️", "holly": "🌿", "bells": "🔔", "stars": "⭐"}
ERA_EMOJI: dict[str, str] = {"past": "🕰️", "present": "🎁", "future": "🔮", "beyond": "🌌"}
START_MARKER = "🕯️"
WREATH = "🎄"
PURPLE_DOOR = "🟪"
RED_DOOR = "🟥"
FACE_DOWN = "▫️"
#: Up to this many legal plays are shown as buttons; more become one select per era.
MOST_BUTTONS = 5
COLOUR = 0x2E7D32  # holly green


def card_text(token: str) -> str:
    card = CARD_BY_TOKEN[token]
    return f"{SUIT_EMOJI[SUIT_OF[card]]} {card_name(card)}"


def era_title(era: str) -> str:
    return f"{ERA_EMOJI[era]} {ERA_TITLES[era]}"


def dial_text(dial: str | None) -> str:
    return f"{FACE_DOWN} face down" if dial is None else f"{SUIT_EMOJI[dial]} {SUIT_NAMES[dial]}"


def eras_text(seen: Seen, view: GhostsView) -> str:
    lines = []
    for era in view.eras:
        cards = " · ".join(
            f"{seen.name(seat)}: {'—' if token is None else card_text(token)}" for seat, token in enumerate(era.cards)
        )
        lines.append(f"**{era_title(era.era)}** (dial {dial_text(era.dial)})\n{cards}")
    return "\n".join(lines)


def doors_text(view: GhostsView, seat: int) -> str:
    if view.tiny_tim:
        return ""
    board = view.boards[seat]
    if board.purple is None:
        return "no bid yet"
    doors = PURPLE_DOOR * board.purple + (RED_DOOR if board.red else "")
    return f"{doors or 'no doors'} ({board.purple} purple{' + red' if board.red else ''})"


def players_text(seen: Seen, view: GhostsView) -> str:
    lines = []
    for seat, board in enumerate(view.boards):
        marker = f"{START_MARKER} " if seat == view.start_player else ""
        doors = doors_text(view, seat)
        scores = " + ".join(str(points) for points in board.hand_scores) or "0"
        parts = [f"{WREATH}×{board.wreaths}", *([doors] if doors else []), plural(board.cards_in_hand, "card")]
        lines.append(f"{marker}**{seen.name(seat)}**: {' · '.join(parts)}\nPoints: {scores} = **{board.total}**")
    return "\n".join(lines)


def last_round_text(seen: Seen, view: GhostsView) -> str:
    return "\n".join(
        f"{era_title(trick.era)}: {seen.name(trick.winner)} "
        f"({SUIT_EMOJI[trick.scoring_suit]} {SUIT_NAMES[trick.scoring_suit]} scoring)"
        for trick in view.last_round
    )


def heading(view: GhostsView) -> str:
    variants = [name for name, on in (("Tiny Tim", view.tiny_tim), ("Beyond", view.beyond)) if on]
    extra = f" · {', '.join(variants)}" if variants else ""
    return f"Hand {view.hand}/{view.hands_total} · round {view.round}/{view.rounds_per_hand}{extra}"


def hand_text(view: GhostsView) -> str:
    if not view.my_hand:
        return "No cards left."
    lines = []
    for suit in SUITS:
        ranks = [str(RANK_OF[CARD_BY_TOKEN[token]]) for token in view.my_hand if SUIT_OF[CARD_BY_TOKEN[token]] == suit]
        if ranks:
            lines.append(f"{SUIT_EMOJI[suit]} {SUIT_NAMES[suit]}: {' '.join(ranks)}")
    return "\n".join(lines)


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(action, label) for _seat, action, label in seen.legal]
    plays = [(action, label) for action, label in legal if action.kind == "play"]
    bids = [action for action, _label in legal if action.kind == "bid"]
    out: list[Control] = []
    for action in bids:
        purple, red = int(action.args[0]), action.args[1] == 1
        group = "Bid with the red door…" if red else "Bid purple doors only…"
        label = f"{purple} purple + red door" if red else f"{purple} purple"
        out.append(Control(action=action, label=label, group=group, emoji=RED_DOOR if red else PURPLE_DOOR))
    if len(plays) <= MOST_BUTTONS:
        out.extend(
            Control(action=action, label=label, style="primary", emoji=suit_emoji(action)) for action, label in plays
        )
    else:
        out.extend(
            Control(
                action=action,
                label=card_name(CARD_BY_TOKEN[str(action.args[0])]),
                group=f"Play into {ERA_NAMES[str(action.args[1])]}…",
                emoji=suit_emoji(action),
            )
            for action, _label in plays
        )
    return tuple(out)


def suit_emoji(action: Action) -> str:
    return SUIT_EMOJI[SUIT_OF[CARD_BY_TOKEN[str(action.args[0])]]]


#: The bid's words, said where they first appear (the table, from the first bid on).
DOORS_EXPLAINED = (
    f" Doors are bids: {PURPLE_DOOR} a purple door for each wreath you mean to win;"
    f" {RED_DOOR} the red door lets one wreath more count too, at 1 point a wreath instead of 2."
)


class GhostsOfChristmasRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, SUIT_NAMES[suit]) for suit, emoji in SUIT_EMOJI.items()),
        *((emoji, f"the {ERA_TITLES[era]} era") for era, emoji in ERA_EMOJI.items()),
        (START_MARKER, "who starts this round"),
        (WREATH, "wreaths won"),
        (PURPLE_DOOR, "a purple door: one wreath bid"),
        (RED_DOOR, "the red door: one wreath more may count too, at 1 point a wreath"),
        (FACE_DOWN, "a dial card still face down"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, GhostsView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.last_round:
            fields.append(Field("Last round", last_round_text(seen, view)))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "👻 Ghosts of Christmas",
            description=f"{heading(view)}\n\n{eras_text(seen, view)}\n\n{status_line(seen)}",
            fields=tuple(fields),
            footer="Hearts always trump. Holly, Bells and Stars are our own suit names."
            + ("" if view.tiny_tim else DOORS_EXPLAINED),
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, GhostsView)
        fields = [Field("Your hand", hand_text(view), inline=False), Field("Eras", eras_text(seen, view), False)]
        if seen.seat is not None and not view.tiny_tim:
            fields.append(Field("Your bid", doors_text(view, seen.seat) or "—"))
        what = ""
        if seen.legal:
            what = "Choose your doors." if view.phase == "bid" else "Choose a card and the era it goes into."
        return Screen(
            title=seen.title or "👻 Ghosts of Christmas: your hand",
            description=f"{heading(view)}\n{status_line(seen)}\n{what}".rstrip(),
            fields=tuple(fields),
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = GhostsOfChristmasRenderer()
