"""Sugarfree on Discord.

The table shows the top of the discard pile (and a suit named on a King Size), the deck's size,
each player's cards in hand and points toward 113, and the last hand's points. A player's own
message shows their hand sorted, the cards they may play now marked, and their moves: buttons
when there are few, else menus of up to 25 cards each.
"""

from __future__ import annotations

from bot.renderers import base
from bot.renderers.base import Control, Field, Screen, Seen, log_lines, paged_selects, status_line
from bot.renderers.best_candy import SUIT_EMOJI, card_emoji, card_line
from bot.renderers.knock_games import CARD_ICONS, DEALER
from rules.candy_kit.candy_deck import COPY, card_of
from rules.candy_kit.cards import suit_name
from rules.contract import Action, plural
from rules.games.sugarfree.game import TARGET, playable
from rules.games.sugarfree.state import SugarfreeView

COLOUR = 0x00897B  # mint
PLAYABLE = "✨"
#: Up to this many moves are buttons; more become menus.
MOST_BUTTONS = 5


def line(card: int) -> str:
    return card_line(card % COPY)


def heading(seen: Seen, view: SugarfreeView) -> str:
    named = f" · named suit: {SUIT_EMOJI[view.named]} {suit_name(view.named)}" if view.named else ""
    decks = "two decks" if view.two_decks else "one deck"
    return (
        f"Hand {view.hand_number} ({decks}) · top card: {line(view.discard[-1])}{named} · "
        f"deck: {plural(view.pile_size, 'card')}"
    )


def players_text(seen: Seen, view: SugarfreeView) -> str:
    lines = []
    for seat, size in enumerate(view.hand_sizes):
        dealer = f" {DEALER}" if seat == view.dealer else ""
        lines.append(f"**{seen.name(seat)}**{dealer} · {plural(size, 'card')} · **{view.scores[seat]}**/{TARGET}")
    return "\n".join(lines)


def last_hand_text(seen: Seen, view: SugarfreeView) -> str:
    who = seen.say(base.WENT_OUT, {"who": view.last_out}) + " " if view.last_out is not None else "The hand stalled. "
    sheet = " · ".join(f"{seen.name(seat)} {got:+d}" for seat, got in enumerate(view.last_points))
    return who + sheet


def hand_text(view: SugarfreeView) -> str:
    assert view.hand is not None
    top, named = view.discard[-1], view.named
    lines = []
    for card in view.hand:
        mark = f" {PLAYABLE}" if view.phase == "play" and playable(card, top, named) else ""
        lines.append(line(card) + mark)
    return "\n".join(lines) or "No cards."


def prompt(seen: Seen, view: SugarfreeView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "name":
        return "Name the suit the next card must show."
    if view.phase == "extra":
        return "You played a Non-Treat: add one more card of any kind, or stop."
    if seen.legal[0][1].kind == "draw":
        return "Nothing in your hand matches: draw until a card fits."
    return "Play a card that shares the top card's rank or a suit, or a wild card."


def control_for(action: Action, label: str, group: str | None = None) -> Control:
    if action.kind == "name":
        suit = str(action.args[0])
        return Control(action=action, label=label, style="primary", emoji=SUIT_EMOJI[suit], group=group)
    if action.kind in {"draw", "stop"}:
        return Control(action=action, label=label, style="secondary")
    card = int(action.args[0])
    short = label.removeprefix("Play ") if group else label
    return Control(
        action=action,
        label=short,
        style="primary",
        group=group,
        emoji=card_emoji(card % COPY),
        description=card_of(card).name,
    )


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(action, label) for _seat, action, label in seen.legal]
    if len(legal) <= MOST_BUTTONS:
        return tuple(control_for(action, label) for action, label in legal)
    verb = "Name a suit" if legal[0][0].kind == "name" else "Play a card"
    loose = [control_for(action, label) for action, label in legal if action.kind not in {"play", "name"}]
    choices = [(action, label) for action, label in legal if action.kind in {"play", "name"}]
    out = paged_selects(choices, verb, control_for)
    return (*out, *loose)


class SugarfreeRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *CARD_ICONS,
        (DEALER, "the dealer of this hand"),
        (PLAYABLE, "a card you may play now"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, SugarfreeView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.last_points:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "🍏 Sugarfree",
            description="\n\n".join(part for part in (heading(seen, view), status_line(seen)) if part),
            fields=tuple(fields),
            footer=f"Cards left in hand score against you; after someone reaches {TARGET}, the fewest points win.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, SugarfreeView)
        fields = [Field("Your hand", hand_text(view), inline=False)]
        fields.append(Field("Players", players_text(seen, view), inline=False))
        if seen.events:
            # The cards a forced draw brought are named here, to their drawer only.
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "🍏 Sugarfree: your hand",
            description="\n".join(p for p in (heading(seen, view), status_line(seen), prompt(seen, view)) if p),
            fields=tuple(fields),
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = SugarfreeRenderer()
