"""Appetite on Discord.

The table shows where this hand's passes go, the trick in progress with its named suit,
each player's score, tummy aches and the points taken this hand, the last trick with why it
was won, and how the last hand scored. A player's message shows their hand (the cards
received in the pass marked), the cards they are passing or passed, and only the legal
moves; a stuffed player is asked whether to pardon the hand's tummy aches.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, Style, hand_screen, table_screen
from bot.renderers.best_candy import (
    NEW_CARD_EMOJI,
    PRANK_EMOJI,
    SUIT_EMOJI,
    card_emoji,
    card_line,
    named_suit_prompt,
    passing_controls,
    passing_fields,
    passing_prompt,
    suit_text,
)
from rules.candy_kit.cards import DECK, card_text, sort_key, suit_name
from rules.contract import Action, plural
from rules.games.appetite.game import DIRECTION, POINTS, TRICKS
from rules.games.appetite.scoring import ACHES_OUT, STUFFED
from rules.games.appetite.state import PASS_COUNT, AppetiteView
from rules.kit.words import message

TOOK = message("{who} took {taken}: {outcome}")

EATER = "😋"
ACHE = "🤢"
STUFFED_EMOJI = "🥴"
COLOUR = 0xF9A825  # caramel


def heading(view: AppetiteView) -> str:
    if view.phase == "over":
        return f"Hand {view.hand_number} · game over"
    if view.phase == "pass":
        return f"Hand {view.hand_number} · passing {PASS_COUNT} cards {DIRECTION[view.pass_step]}"
    if view.phase == "pardon":
        return f"Hand {view.hand_number} · a stuffed player decides on the tummy aches"
    return f"Hand {view.hand_number} · trick {view.trick_number + 1} of {TRICKS} · no trump"


def players_text(seen: Seen, view: AppetiteView) -> str:
    lines = []
    for s in range(view.players):
        status = ""
        if view.phase == "pass":
            status = " · has picked" if view.ready[s] else " · picking"
        dealer = " (dealer)" if s == view.dealer else ""
        lines.append(
            f"{EATER} **{seen.name(s)}**{dealer}: **{view.scores[s]}** points · {ACHE} {view.aches[s]}/{ACHES_OUT}"
            f" · took {plural(view.taken[s], 'point')} this hand · {plural(view.hand_sizes[s], 'card')}{status}"
        )
    return "\n".join(lines)


def played_lines(seen: Seen, cards: tuple[int, ...], leader: int, players: int) -> str:
    return "\n".join(f"{seen.name((leader + k) % players)}: {card_line(c)}" for k, c in enumerate(cards))


def trick_text(seen: Seen, view: AppetiteView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    suit = suit_text(view.trick_suit) if view.trick_suit else "not named yet (a Prank led)"
    worth = sum(POINTS[c] for c in view.trick)
    lines = played_lines(seen, view.trick, view.leader, view.players)
    return f"Trick suit: {suit} · worth {plural(worth, 'point')} so far\n{lines}"


def reason(seen: Seen, view: AppetiteView) -> str:
    winner, leader = view.last_winner, view.last_leader
    assert winner is not None
    assert leader is not None
    worth = plural(sum(POINTS[c] for c in view.last_trick), "point")
    if view.last_suit is None:
        return f"Won by **{seen.called(winner)}**, who led: nobody played a suited card ({worth})."
    card = view.last_trick[(winner - leader) % view.players]
    highest = suit_name(view.last_suit)
    return f"Won by **{seen.called(winner)}** with {card_text(card)}, the highest {highest} ({worth})."


def last_hand_text(seen: Seen, view: AppetiteView) -> str:
    lines = []
    for s, sheet in enumerate(view.last_hand):
        if s == view.stuffed:
            outcome = f"{STUFFED_EMOJI} stuffed: **60**"
        elif sheet.ache:
            outcome = f"{ACHE} a tummy ache" + (" (pardoned)" if view.pardoned else "")
        else:
            outcome = f"**{sheet.points}**"
        lines.append(seen.say(TOOK, {"who": s}, taken=sheet.taken, outcome=outcome))
    return "\n".join(lines)


def control_for(action: Action, label: str, group: str | None) -> Control:
    if not action.args:
        return Control(action=action, label=label, style="primary" if action.kind == "pardon" else "secondary")
    card = int(action.args[0])
    short = label.removeprefix("Play ").removeprefix("Pass ") if group else label
    style: Style = "danger" if action.kind == "take-back" else "primary"
    return Control(
        action=action, label=short, style=style, group=group, emoji=card_emoji(card), description=DECK[card].name
    )


def controls(seen: Seen) -> tuple[Control, ...]:
    return passing_controls(
        seen,
        control_for,
        lambda action: (action.kind == "take-back", *(sort_key(int(action.args[0])) if action.args else ())),
    )


def prompt(seen: Seen, view: AppetiteView) -> str:
    if view.phase == "pass" or not seen.legal:
        picked, left = bool(view.my_picks), PASS_COUNT - len(view.my_picks)
        return passing_prompt(picked and view.phase == "pass", bool(seen.legal), left, DIRECTION[view.pass_step])
    if view.phase == "pardon":
        return "You are stuffed! Pardon every tummy ache of this hand, or keep them? Points stay as they are."
    return named_suit_prompt(view.trick, view.trick_suit)


class AppetiteRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (PRANK_EMOJI, "a Prank: -1 point to whoever takes it"),
        (EATER, "a player, their score and what they took this hand"),
        (ACHE, "tummy aches: the fourth ends the game"),
        (STUFFED_EMOJI, f"stuffed: {STUFFED} points or more taken in a hand"),
        (NEW_CARD_EMOJI, "a card you received in this hand's pass"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, AppetiteView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.last_winner is not None and view.last_trick:
            last = played_lines(seen, view.last_trick, view.last_leader or 0, view.players) + "\n" + reason(seen, view)
            fields.append(Field("Last trick", last, inline=False))
        if view.last_hand:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title="😋 Appetite",
            above=(heading(view), body),
            fields=fields,
            footer="One suit 0, two suits 2, three suits its rank, a Prank -1. A fourth tummy ache ends the game.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, AppetiteView)
        fields = passing_fields(
            view.my_hand or (), view.my_received, view.my_picks, view.my_passed, playing=view.phase == "play"
        )
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        if view.phase == "pardon":
            fields.append(Field("This hand", last_hand_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="😋 Appetite: your hand",
            above=(heading(view),),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = AppetiteRenderer()
