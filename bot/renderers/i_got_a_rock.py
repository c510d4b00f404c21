"""I Got a Rock on Discord, for up to 10 players.

The table shows who offers to whom, one short line per player (cards held, safe, out) and the
pairs discarded this hand. A player's own message shows their cards and, when it is their turn
to take, one numbered button per offered card: at most 15, so three rows of buttons whatever
the table's size (Discord allows five rows of five).
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, status_line
from bot.renderers.best_candy import KING_EMOJI, NON_TREAT_EMOJI, PRANK_EMOJI, SUIT_EMOJI, card_line
from bot.renderers.knock_games import DEALER, OUT, short_card
from rules.candy_kit.candy_deck import THE_ROCK
from rules.candy_kit.cards import suit_name
from rules.contract import plural
from rules.games.i_got_a_rock.state import RockView
from rules.kit.words import message

TAKES_A_CARD = message("{who} takes a card", who="{who} take a card")
HOLDS_OUT = message(
    (
        "{who} holds out {n} card face down, shuffled: pick one by its place, 1 to {n}.",
        "{who} holds out {n} cards face down, shuffled: pick one by its place, 1 to {n}.",
    ),
    who=(
        "{who} hold out {n} card face down, shuffled: pick one by its place, 1 to {n}.",
        "{who} hold out {n} cards face down, shuffled: pick one by its place, 1 to {n}.",
    ),
)

COLOUR = 0x5D4037  # stone
SAFE = "✅"
OFFERS = "👉"
FACE_DOWN = "🂠"


def heading(seen: Seen, view: RockView) -> str:
    pairs = plural(len(view.pairs) // 2, "pair")
    if view.taker is None:
        return f"Hand {view.hand_number} · {pairs} discarded"
    offer = f"{seen.name(view.offerer)} {OFFERS} {seen.name(view.taker)}"
    takes = seen.say(TAKES_A_CARD, {"who": view.taker})
    return f"Hand {view.hand_number} · {offer}: {takes} · {pairs} discarded"


def players_text(seen: Seen, view: RockView) -> str:
    lines = []
    for seat, size in enumerate(view.hand_sizes):
        dealer = f" {DEALER}" if seat == view.dealer and view.out_in_hand[seat] is None else ""
        out = view.out_in_hand[seat]
        if out is not None:
            state = f"{OUT} out (kept The Rock in hand {out})"
        elif size == 0:
            state = f"{SAFE} safe this hand"
        else:
            state = plural(size, "card")
        lines.append(f"**{seen.name(seat)}**{dealer} · {state}")
    return "\n".join(lines)


def recent_pairs(view: RockView, last: int = 6) -> str:
    pairs = [view.pairs[i : i + 2] for i in range(0, len(view.pairs), 2)][-last:]
    return " · ".join(f"{short_card(a)}{short_card(b)}" for a, b in pairs) or "none yet"


def hand_text(view: RockView) -> str:
    assert view.hand is not None
    lines = [card_line(card) for card in view.hand]
    return "\n".join(lines) or "No cards: you are safe this hand."


def prompt(seen: Seen, view: RockView) -> str:
    if not seen.legal:
        return ""
    count = len(seen.legal)
    return seen.say(HOLDS_OUT, {"who": view.offerer}, n=count)


class IGotARockRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (PRANK_EMOJI, "a Prank (pairs with another Prank)"),
        (NON_TREAT_EMOJI, "The Rock: the one card that never pairs"),
        (KING_EMOJI, "the King Size (not in this game)"),
        (OUT, "out of the game: was left holding The Rock"),
        (SAFE, "no cards left: safe this hand"),
        (DEALER, "the dealer of this hand"),
        (OFFERS, "holds out their cards to the next player, who takes one"),
        (FACE_DOWN, "an offered card, face down"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, RockView)
        fields = [
            Field("Players", players_text(seen, view), inline=False),
            Field("Latest pairs", recent_pairs(view), inline=False),
        ]
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "🪨 I Got a Rock",
            description="\n\n".join(part for part in (heading(seen, view), status_line(seen)) if part),
            fields=tuple(fields),
            footer="Pairs go at once. Whoever is left holding The Rock is out; the last hand of two decides.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, RockView)
        fields = [Field("Your cards", hand_text(view), inline=False)]
        if view.hand is not None and THE_ROCK in view.hand:
            fields.append(Field("Careful", "You hold The Rock: hope someone takes it.", inline=False))
        if view.last_taken is not None:
            fields.append(Field("Your last take", card_line(view.last_taken)))
        if view.last_given is not None:
            fields.append(Field("Last taken from you", card_line(view.last_given)))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        controls = tuple(
            Control(action=action, label=label, style="primary", emoji=FACE_DOWN) for _seat, action, label in seen.legal
        )
        return Screen(
            title=seen.title or "🪨 I Got a Rock: your hand",
            description="\n".join(p for p in (heading(seen, view), status_line(seen), prompt(seen, view)) if p),
            fields=tuple(fields),
            controls=controls,
            colour=COLOUR,
        )


RENDERER = IGotARockRenderer()
