"""Up and Down the Block on Discord.

The table shows the hand number and size, this hand's wild suit, the top of the discard pile
and the deck's size, each player's cards and points (fewest wins), a hand shown by going out,
and the last hand's melds and points. A player's own message shows their hand sorted (wild
cards starred), the meld helper's best runs and sets and what is left over (when the host
left the helper on), and their moves: the two draws as buttons, discards in one menu (a hand
holds at most 14 cards), going out or not as buttons.
"""

from __future__ import annotations

from bot.renderers import base
from bot.renderers.base import MAX_FIELD_VALUE, Control, Field, Screen, Seen, Style, log_lines, status_line
from bot.renderers.best_candy import SUIT_EMOJI, WHITE_EMOJI, card_emoji, card_line
from bot.renderers.knock_games import CARD_ICONS, DEALER
from rules.candy_kit.candy_deck import COPY, NEW_WHITE_CARDS, card_of
from rules.contract import Action, plural
from rules.games.up_and_down.game import HAND_SIZES, TURN_LIMIT, wild_name
from rules.games.up_and_down.melds import is_wild
from rules.games.up_and_down.state import UpDownView
from rules.kit.words import message

WENT_OUT_WITH = message("{who} went out with {melds}. Everyone else has one more turn.")

COLOUR = 0x5D4037  # cocoa
WILD = "⭐"
WENT_OUT = "🚪"
_STYLES: dict[str, Style] = {"go-out": "success", "draw": "primary", "take": "primary"}
#: Up to this many moves are buttons; more become one menu.
MOST_BUTTONS = 5


#: The new white cards' keys as the deck module spells them, to the card pictures' spelling.
_WHITE_KEYS = {"oneflavor": "one_flavor", "threeflavors": "three_flavors"}


def wild_emoji(key: str) -> str:
    """The icon of a wild-suit card: its suit's, or a new white card's."""
    return SUIT_EMOJI.get(key) or WHITE_EMOJI[_WHITE_KEYS.get(key, key)]


def line(card: int) -> str:
    return card_line(card % COPY)


def short(card: int) -> str:
    """A card in a meld: its rank and suit icons (a Prank, Non-Treat or King Size by its icon)."""
    printed = card_of(card)
    if printed.suits:
        return f"`{printed.rank}`{''.join(SUIT_EMOJI[s] for s in printed.suits)}"
    return f"{card_emoji(card % COPY)}`{printed.rank}`"


def melds_text(melds: tuple[tuple[int, ...], ...] | list[list[int]], wild: str) -> str:
    """Melds one after another, their wild cards starred."""
    return " · ".join(" ".join(short(card) + (WILD if is_wild(card, wild) else "") for card in meld) for meld in melds)


def wild_text(view: UpDownView) -> str:
    return f"{wild_emoji(view.wild)} {wild_name(view.wild)}"


def heading(view: UpDownView) -> str:
    decks = "two decks" if view.two_decks else "one deck"
    return (
        f"Hand {view.hand_number} of {len(HAND_SIZES)} ({plural(view.deal_size, 'card')}, {decks}) · "
        f"wild: {wild_text(view)} and the King Size\n"
        f"Top discard: {line(view.discard[-1]) if view.discard else 'none'} · deck: {plural(view.pile_size, 'card')}"
    )


def players_text(seen: Seen, view: UpDownView) -> str:
    lines = []
    for seat, size in enumerate(view.hand_sizes):
        marks = (f" {DEALER}" if seat == view.dealer else "") + (f" {WENT_OUT}" if seat == view.out else "")
        held = " ".join(short(card) for card in view.known[seat])
        seen_cards = f" · took {held}" if held and seat != view.out else ""
        lines.append(
            f"**{seen.name(seat)}**{marks} · {plural(size, 'card')} · **{view.scores[seat]}** points{seen_cards}"
        )
    return "\n".join(lines)


def out_text(seen: Seen, view: UpDownView) -> str:
    assert view.out is not None
    melds = melds_text(view.out_melds, view.wild)
    return f"{WENT_OUT} " + seen.say(WENT_OUT_WITH, {"who": view.out}, melds=melds)


def last_hand_text(seen: Seen, view: UpDownView) -> str:
    last = view.last_hand
    assert last is not None
    head = f"Hand {last.hand_number}, wild {wild_emoji(last.wild)} {wild_name(last.wild)}: "
    head += seen.say(base.WENT_OUT, {"who": last.out}) if last.out is not None else "nobody went out."
    full, brief = [head], [head]
    for seat, points in enumerate(last.points):
        melds = melds_text(last.melds[seat], last.wild) or "no melds"
        left = " ".join(short(card) for card in last.left[seat]) or "nothing"
        full.append(f"**{seen.name(seat)}** {points:+d} · melds: {melds} · left: {left}")
        brief.append(f"**{seen.name(seat)}** {points:+d} · left: {left}")
    # A field holds 1,024 characters: six big hands shown whole may not fit, so melds go first.
    for lines in (full, brief):
        if len(text := "\n".join(lines)) <= MAX_FIELD_VALUE:
            return text
    return " · ".join(f"{seen.name(seat)} {points:+d}" for seat, points in enumerate(last.points))


def hand_text(view: UpDownView) -> str:
    assert view.hand is not None
    lines = []
    for card in view.hand:
        marks = (f" {WILD}" if is_wild(card, view.wild) else "") + (" (just taken)" if card == view.taken else "")
        lines.append(line(card) + marks)
    return "\n".join(lines) or "No cards."


def helper_text(view: UpDownView) -> str:
    melds = melds_text(view.melds, view.wild) or "none yet"
    left = " ".join(short(card) for card in view.left) or "nothing"
    return f"Melds: {melds}\nLeft over: {left} = **{view.left_value}** points"


def prompt(seen: Seen, view: UpDownView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "going-out":
        return "Every card you hold fits in runs and sets: go out now, or keep playing."
    if view.phase == "discard":
        return "Discard one card."
    if len(seen.legal) == 1:
        return "The deck is used up: take the top discard."
    return "Draw from the deck or take the top discard."


def control_for(action: Action, label: str, group: str | None = None) -> Control:
    if action.kind == "discard":
        card = int(action.args[0])
        return Control(
            action=action,
            label=label.removeprefix("Discard ") if group else label,
            style="secondary",
            group=group,
            emoji=card_emoji(card % COPY),
            description=card_of(card).name,
        )
    return Control(action=action, label=label, style=_STYLES.get(action.kind, "secondary"))


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(action, label) for _seat, action, label in seen.legal]
    group = "Discard a card…" if len(legal) > MOST_BUTTONS else None
    return tuple(control_for(action, label, group if action.kind == "discard" else None) for action, label in legal)


class UpDownRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *CARD_ICONS,
        (DEALER, "the dealer of this hand"),
        (WILD, "a wild card this hand"),
        (WENT_OUT, "went out this hand"),
        *((wild_emoji(key), f"the wild card {wild_name(key)} (a host option)") for key in NEW_WHITE_CARDS),
    )

    def _fields(self, seen: Seen, view: UpDownView) -> list[Field]:
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.out is not None:
            fields.append(Field("Going out", out_text(seen, view), inline=False))
        if view.last_hand is not None:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return fields

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, UpDownView)
        return Screen(
            title=seen.title or "🏘️ Up and Down the Block",
            description="\n\n".join(part for part in (heading(view), status_line(seen)) if part),
            fields=tuple(self._fields(seen, view)),
            footer=f"Cards left out of runs and sets count against you; fewest points after ten hands win. "
            f"A hand nobody goes out of ends after {TURN_LIMIT} turns each.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, UpDownView)
        fields = [Field("Your hand", hand_text(view), inline=False)]
        if view.left_value is not None:
            fields.append(Field("Meld helper", helper_text(view), inline=False))
        fields += self._fields(seen, view)
        return Screen(
            title=seen.title or "🏘️ Up and Down the Block: your hand",
            description="\n".join(p for p in (heading(view), status_line(seen), prompt(seen, view)) if p),
            fields=tuple(fields),
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = UpDownRenderer()
