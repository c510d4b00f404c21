"""Haunted House on Discord.

The table shows the hand and where the passes go, the trick in progress with its named
suit, whether Halloween is broken, each player's courage and the point cards taken this
hand, the last trick with why it was won, and what the last hand cost. A player's message
shows their hand (the cards received in the pass marked), the cards they are passing or
passed, and only the legal moves. Card pictures come from the Best Candy renderer.
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
from rules.games.haunted_house.game import IS_HALLOWEEN, IS_PRANK
from rules.games.haunted_house.state import PASS_COUNT, START_COURAGE, HauntedHouseView
from rules.kit.words import message

SCARED_EVERYONE = message("{who} scared everyone: the others lost 13 courage each.")

GHOST = "👻"
BROKEN = "💔"
SCARED = "😱"
COLOUR = 0x37474F  # a dark house at night


def way(view: HauntedHouseView) -> str:
    return "left" if view.pass_step == 1 else "right"


def heading(view: HauntedHouseView) -> str:
    if view.phase == "over":
        return f"Hand {view.hand_number} · game over"
    if view.phase == "pass":
        return f"Hand {view.hand_number} · passing {PASS_COUNT} cards to the {way(view)}"
    broken = f"{BROKEN} Halloween broken" if view.broken else "Halloween not broken yet"
    return f"Hand {view.hand_number} · trick {view.trick_number + 1} of {view.tricks_per_hand} · {broken}"


def points_text(cards: tuple[int, ...]) -> str:
    halloween = sum(1 for c in cards if IS_HALLOWEEN[c])
    pranks = sum(1 for c in cards if IS_PRANK[c])
    return f"{halloween} {SUIT_EMOJI['halloween']} {pranks} {PRANK_EMOJI}"


def players_text(seen: Seen, view: HauntedHouseView) -> str:
    lines = []
    for s in range(view.players):
        status = ""
        if view.phase == "pass":
            status = " · has picked" if view.ready[s] else " · picking"
        dealer = " (dealer)" if s == view.dealer else ""
        lines.append(
            f"{GHOST} **{seen.name(s)}**{dealer}: **{view.courage[s]}** courage · taken {points_text(view.taken[s])}"
            f" · {plural(view.tricks_won[s], 'trick')} · {plural(view.hand_sizes[s], 'card')}{status}"
        )
    return "\n".join(lines)


def played_lines(seen: Seen, view: HauntedHouseView, cards: tuple[int, ...], leader: int) -> str:
    return "\n".join(f"{seen.name((leader + k) % view.players)}: {card_line(c)}" for k, c in enumerate(cards))


def trick_text(seen: Seen, view: HauntedHouseView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    suit = suit_text(view.trick_suit) if view.trick_suit else "not named yet (a Prank led)"
    return f"Trick suit: {suit}\n{played_lines(seen, view, view.trick, view.leader)}"


def reason(seen: Seen, view: HauntedHouseView) -> str:
    """Who won the last trick, and why."""
    winner = view.last_winner
    assert winner is not None
    assert view.last_leader is not None
    if view.last_suit is None:
        return f"Won by **{seen.called(winner)}**, who led: nobody played a suited card."
    card = view.last_trick[(winner - view.last_leader) % view.players]
    return f"Won by **{seen.called(winner)}** with {card_text(card)}, the highest {suit_name(view.last_suit)}."


def last_trick_text(seen: Seen, view: HauntedHouseView) -> str:
    assert view.last_leader is not None
    return played_lines(seen, view, view.last_trick, view.last_leader) + "\n" + reason(seen, view)


def last_hand_text(seen: Seen, view: HauntedHouseView) -> str:
    if view.last_scarer is not None:
        return f"{SCARED} " + seen.say(SCARED_EVERYONE, {"who": view.last_scarer})
    return " · ".join(f"{seen.name(s)} -{loss}" for s, loss in enumerate(view.last_losses))


def control_for(action: Action, label: str, group: str | None) -> Control:
    card = int(action.args[0])
    short = label
    if group is not None:
        short = label.removeprefix("Play ").removeprefix("Pass ")
    style: Style = "danger" if action.kind == "take-back" else "primary"
    return Control(
        action=action,
        label=short,
        style=style,
        group=group,
        emoji=card_emoji(card),
        description=DECK[card].name,
    )


def control_order(action: Action) -> tuple[int, ...]:
    suit = len(action.args) > 1
    return (action.kind == "take-back", *sort_key(int(action.args[0])), int(suit))


def controls(seen: Seen) -> tuple[Control, ...]:
    return passing_controls(seen, control_for, control_order)


def prompt(seen: Seen, view: HauntedHouseView) -> str:
    if view.phase == "pass" or not seen.legal:
        picked, left = bool(view.my_picks), PASS_COUNT - len(view.my_picks)
        return passing_prompt(picked and view.phase == "pass", bool(seen.legal), left, f"to the {way(view)}")
    if not view.trick and view.trick_number == 0:
        return "You lead the first trick with the purple 1: name Nuts, Fruit or Coconut."
    return named_suit_prompt(view.trick, view.trick_suit)


class HauntedHouseRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (PRANK_EMOJI, "a Prank: a point of courage lost for each one taken"),
        (GHOST, "a player and their courage"),
        (BROKEN, "Halloween is broken: Halloween cards and Pranks may be led"),
        (NEW_CARD_EMOJI, "a card you received in this hand's pass"),
        (SCARED, "someone took 13 or more point cards and scared everyone"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, HauntedHouseView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.last_winner is not None and view.last_trick:
            fields.append(Field("Last trick", last_trick_text(seen, view), inline=False))
        if view.last_losses:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title="🏚️ Haunted House",
            above=(heading(view), body),
            fields=fields,
            footer=f"Everyone starts with {START_COURAGE} courage; the game ends when someone runs out.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, HauntedHouseView)
        fields = passing_fields(
            view.my_hand or (), view.my_received, view.my_picks, view.my_passed, playing=view.phase == "play"
        )
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="🏚️ Haunted House: your hand",
            above=(heading(view),),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = HauntedHouseRenderer()
