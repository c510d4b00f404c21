"""Match Candy-Go on Discord.

The table shows the stash as numbered stacks (cards and the suits they all share), the deck's
size, each player's cards in hand, captures, set progress and points, and the last hand's
points. A player's own message shows their hand and their moves: menus of "card onto stack",
or buttons for the turned-up deck card's stack.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, paged_selects, status_line
from bot.renderers.best_candy import SUIT_EMOJI, card_line
from bot.renderers.knock_games import CARD_ICONS, DEALER, short_card
from rules.candy_kit.candy_deck import MATCH_SETS
from rules.candy_kit.cards import KING_SIZE
from rules.contract import plural
from rules.games.match_candy_go.game import suits_of
from rules.games.match_candy_go.scoring import completed_sets
from rules.games.match_candy_go.state import MatchView

COLOUR = 0xF9A825  # honey
STACK = "🥞"
CAPTURED = "🧺"
ADDED = "➕"
SET_DONE = "🏅"
#: Up to this many moves are buttons; more become menus.
MOST_BUTTONS = 5


def common_suits(stack: tuple[int, ...]) -> str:
    cards = [card for card in stack if card != KING_SIZE] or list(stack)
    common = set(suits_of(cards[0]))
    for card in cards[1:]:
        common &= suits_of(card)
    if len(common) > 4:
        return "any suit"
    return "".join(SUIT_EMOJI[suit] for suit in sorted(common))


def stacks_text(view: MatchView) -> str:
    lines = []
    for number, stack in enumerate(view.stacks, start=1):
        mark = f" {ADDED}" if number - 1 in view.added else ""
        cards = " ".join(short_card(card) for card in stack)
        lines.append(f"{STACK} **{number}** ({common_suits(stack)}){mark}: {cards}")
    return "\n".join(lines) or "The stash is empty."


def players_text(seen: Seen, view: MatchView) -> str:
    lines = []
    for seat, size in enumerate(view.hand_sizes):
        dealer = f" {DEALER}" if seat == view.dealer else ""
        captured = view.captures[seat]
        sets = completed_sets(captured)
        done = f" · {SET_DONE} {', '.join(sets)}" if sets else ""
        lines.append(
            f"**{seen.name(seat)}**{dealer} · {plural(size, 'card')} in hand · {CAPTURED} {len(captured)}{done} · "
            f"**{view.scores[seat]}** points"
        )
    return "\n".join(lines)


def sets_text(view: MatchView, seat: int) -> str:
    held = set(view.captures[seat])
    return "\n".join(
        f"{name}: {sum(1 for card in cards if card in held)}/{len(cards)}" for name, cards in MATCH_SETS.items()
    )


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(action, label) for _seat, action, label in seen.legal]
    if len(legal) <= MOST_BUTTONS:
        return tuple(Control(action=a, label=lbl, style="primary") for a, lbl in legal)
    verb = "Play a card onto a stack" if legal[0][0].kind == "join" else "Lay a card as a new stack"
    out = paged_selects(legal, verb, lambda a, lbl, group: Control(action=a, label=lbl, group=group))
    return tuple(out)


def prompt(seen: Seen, view: MatchView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "deck":
        return "Put the turned-up deck card on a stack it matches."
    if seen.legal[0][1].kind == "lay":
        return "No card of yours matches a stack: lay one as a new stack."
    return "Play a card onto a stack it matches (you must, since one does)."


class MatchCandyGoRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *CARD_ICONS,
        (STACK, "a stack of the stash, with the suits all its cards share"),
        (ADDED, "a stack added to this turn"),
        (CAPTURED, "cards captured this hand"),
        (SET_DONE, "a set completed"),
        (DEALER, "the dealer of this hand"),
    )

    def _fields(self, seen: Seen, view: MatchView) -> list[Field]:
        fields = [Field("Stash", stacks_text(view), inline=False)]
        if view.turned is not None:
            fields.append(Field("Deck card", card_line(view.turned), inline=False))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        if view.last_points:
            sheet = " · ".join(f"{seen.name(s)} {p}" for s, p in enumerate(view.last_points))
            fields.append(Field("Last hand", sheet, inline=False))
        return fields

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, MatchView)
        fields = self._fields(seen, view)
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        heading = f"Hand {view.hand_number} of {len(view.hand_sizes)} · deck: {plural(view.pile_size, 'card')}"
        return Screen(
            title=seen.title or "🥞 Match Candy-Go",
            description="\n\n".join(p for p in (heading, status_line(seen)) if p),
            fields=tuple(fields),
            footer="Add to two stacks in one turn, or make a stack of 4, to capture. Whole sets score.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, MatchView)
        assert view.hand is not None
        assert seen.seat is not None
        fields = [Field("Your hand", "\n".join(card_line(c) for c in view.hand) or "No cards.", inline=False)]
        fields += self._fields(seen, view)
        fields.append(Field("Your sets", sets_text(view, seen.seat), inline=False))
        return Screen(
            title=seen.title or "🥞 Match Candy-Go: your hand",
            description="\n".join(p for p in (status_line(seen), prompt(seen, view)) if p),
            fields=tuple(fields),
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = MatchCandyGoRenderer()
