"""Ghosts Love Candy on Discord.

The table shows the neighborhood row (each kid's courage, its ghost pile and
its candy), every stash, the ghosts each player has left, and who has chosen
during the secret choice. A player's private message shows their ghosts, their
Love card and the move controls: ghosts as buttons, kid-ability choices as
buttons or, when there are many, one select menu.
"""

from __future__ import annotations

import re

from bot.renderers.base import MAX_FIELD_VALUE, Control, Field, Screen, Seen, log_lines, status_line
from rules.contract import plural
from rules.games.ghosts_love_candy.cards import CANDY_NAMES, KIDS, LOVE_CARDS, STASH_KID_EXCEPTIONS
from rules.games.ghosts_love_candy.state import GlcView
from rules.kit.words import message

USING = message("{who} is using the {kid}.", who="{who} are using the {kid}.")

CANDY_EMOJI = ("🌽", "🖤", "🍬", "🐻", "🍭", "🍫")
GHOST = "👻"
#: Above this many choices an ability's options go into one select menu.
MAX_CHOICE_BUTTONS = 5
_PLAYER = re.compile(r"player (\d+)")


def candy_text(counts: tuple[int, ...], empty: str = "no candy") -> str:
    parts = [f"{CANDY_EMOJI[t]}{n}" for t, n in enumerate(counts) if n]
    return " ".join(parts) if parts else empty


def kid_line(seen: Seen, pos: int, view: GlcView) -> str:
    spot = view.row[pos]
    if spot.kid is None:
        return f"`{pos + 1}` *(empty spot)*"
    kid = KIDS[spot.kid]
    total = sum(v for v, _o in spot.ghosts)
    if spot.ghosts:
        value, owner = spot.ghosts[-1]
        pile = f"{GHOST} {total}/{kid.courage} (top {value}, {seen.name(owner)})"
    else:
        pile = f"{GHOST} 0/{kid.courage}"
    return f"`{pos + 1}` **{kid.name}** · {pile} · {candy_text(spot.candies)}"


def neighborhood(seen: Seen, view: GlcView) -> str:
    return "\n".join(kid_line(seen, pos, view) for pos in range(len(view.row)))


def player_field(seen: Seen, view: GlcView, seat: int) -> Field:
    stash = view.stashes[seat]
    lines = []
    if view.phase == "choose":
        lines.append("✅ has chosen" if view.has_chosen[seat] else "⏳ choosing…")
    elif view.revealed[seat] is not None:
        lines.append(f"sent ghost **{view.revealed[seat]}**")
    lines.append(f"{GHOST} left: " + (" ".join(str(g) for g in view.hands[seat]) or "none"))
    lines.append("Stash: " + candy_text(stash.candies))
    if stash.kids:
        lines.append("Kids: " + ", ".join(KIDS[k].name for k in stash.kids))
    if view.scores is not None:
        card = view.love[seat]
        lines.append(f"Love card {card} · **{plural(view.scores[seat], 'point')}**")
    return Field(seen.name(seat), "\n".join(lines))


def love_text(card: int) -> str:
    values = LOVE_CARDS[card]
    order = sorted(range(len(values)), key=lambda t: -values[t])
    return " · ".join(f"{CANDY_EMOJI[t]} {CANDY_NAMES[t]} **{values[t]}**" for t in order)


def progress(view: GlcView) -> str:
    last = " (final round)" if view.last_round else ""
    return f"Round {view.round} of {view.rounds}{last} · candy left {view.candy_left} · kid deck {view.kid_deck_left}"


def turn_text(seen: Seen, view: GlcView) -> str:
    if seen.result is not None:
        return status_line(seen)
    if view.phase == "choose":
        waiting = ", ".join(seen.name(s) for s in sorted(seen.to_act))
        return f"Everyone picks a ghost in secret. Waiting for: {waiting}"
    order = " → ".join(f"{seen.name(s)} ({view.revealed[s]})" for s in view.order)
    if view.phase == "ability" and view.pending_kid is not None and view.pending_seat is not None:
        using = seen.say(USING, {"who": view.pending_seat}, kid=KIDS[view.pending_kid].name)
        return f"Order: {order}\n{using}"
    return f"Order: {order}\n{status_line(seen)}"


def named(seen: Seen, label: str) -> str:
    """Labels say "player 2"; here we know the names."""
    return seen.text(_PLAYER.sub(lambda m: f"{{p{int(m.group(1)) - 1}}}", label))


def controls(seen: Seen, view: GlcView) -> tuple[Control, ...]:
    legal = seen.legal
    choices = [(a, label) for _s, a, label in legal if a.kind not in ("send", "haunt", "decline", "take-back")]
    group = None
    if len(choices) > MAX_CHOICE_BUTTONS and view.pending_kid is not None:
        group = f"{KIDS[view.pending_kid].name}: choose…"
    out = []
    for _seat, action, label in legal:
        text = named(seen, label)
        if action.kind == "send":
            out.append(Control(action=action, label=text, style="primary", emoji=GHOST))
        elif action.kind == "haunt":
            out.append(Control(action=action, label=text, style="primary"))
        elif action.kind in ("decline", "take-back"):
            out.append(Control(action=action, label=text, style="danger"))
        else:
            out.append(Control(action=action, label=text, style="success", group=group))
    return tuple(out)


def haunt_help(seen: Seen, view: GlcView) -> Field | None:
    """While choosing a kid to haunt: what each kid on offer does, before the choice."""
    spots = [int(action.args[0]) for _seat, action, _label in seen.legal if action.kind == "haunt"]
    kids = [view.row[pos].kid for pos in spots]
    lines = [
        f"`{pos + 1}` **{KIDS[kid].name}** (courage {KIDS[kid].courage}): {KIDS[kid].ability}"
        for pos, kid in zip(spots, kids, strict=True)
        if kid is not None
    ]
    return Field("What each kid does", clip_lines(lines), inline=False) if lines else None


def clip_lines(lines: list[str], limit: int = MAX_FIELD_VALUE) -> str:
    """As many whole lines as a field holds."""
    out: list[str] = []
    for line in lines:
        if len("\n".join([*out, line])) > limit:
            break
        out.append(line)
    return "\n".join(out)


def ability_help(view: GlcView) -> str:
    if view.pending_kid is None or view.pending_seat != view.seat:
        return ""
    kid = KIDS[view.pending_kid]
    return f"\n\n**{kid.name}:** {kid.ability}"


class GhostsLoveCandyRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, name) for emoji, name in zip(CANDY_EMOJI, CANDY_NAMES, strict=True)),
        (GHOST, "the ghost cards haunting a kid: total against the kid's courage"),
        ("✅", "has chosen this round's card"),
        ("⏳", "still choosing"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, GlcView)
        fields = [player_field(seen, view, seat) for seat in range(view.players)]
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "👻 Ghosts Love Candy",
            description=f"{progress(view)}\n\n{neighborhood(seen, view)}\n\n{turn_text(seen, view)}",
            fields=tuple(fields),
            footer="Kid 1 stands nearest the Kid deck. Our own card texts (see /rules).",
            colour=0x7B3FA0,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, GlcView)
        seat = view.seat
        assert seat is not None
        lines = ["Your ghosts: " + (" ".join(f"**{g}**" for g in view.hands[seat]) or "none")]
        if view.my_choice is not None:
            lines.append(f"Your secret ghost this round: **{view.my_choice}**")
            if any(action.kind == "take-back" for _seat, action, _label in seen.legal):
                lines.append("You may take it back and choose another until the last player has chosen.")
        card = view.love[seat]
        if card is not None:
            lines.append(f"Your Love card ({card}): {love_text(card)}")
        for other, known in enumerate(view.love):
            if other != seat and known is not None and view.scores is None:
                lines.append(f"{seen.name(other)}'s Love card ({known}): {love_text(known)}")
        if view.candy_top:
            lines.append("Next candies (top first): " + " ".join(CANDY_EMOJI[t] for t in view.candy_top))
        stash = view.stashes[seat]
        kids = ", ".join(f"{KIDS[k].name} ({STASH_KID_EXCEPTIONS.get(k, -2):+d})" for k in stash.kids)
        lines.append("Your stash: " + candy_text(stash.candies) + (f" · {kids}" if kids else ""))
        fields = [Field("Neighborhood", neighborhood(seen, view), inline=False)]
        if (on_offer := haunt_help(seen, view)) is not None:
            fields.append(on_offer)
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "👻 Ghosts Love Candy · your hand",
            description="\n".join(lines) + f"\n\n{turn_text(seen, view)}" + ability_help(view),
            fields=tuple(fields),
            footer=progress(view),
            controls=controls(seen, view),
            colour=0x7B3FA0,
        )


RENDERER = GhostsLoveCandyRenderer()
