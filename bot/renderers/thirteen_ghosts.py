"""13 Ghosts on Discord: the public table of plays, answers and attacks, and a private
message with your Crypt, your hand, what you have seen, and your move controls."""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, status_line
from rules.contract import plural
from rules.games.thirteen_ghosts.cards import GHOSTS
from rules.games.thirteen_ghosts.knowledge import crypt_candidates
from rules.games.thirteen_ghosts.picture import STEP_TEXT, move_text, score_line
from rules.games.thirteen_ghosts.state import SeatView, Sighting, ThirteenGhostsView
from rules.kit.words import message

IS_DOING = message("{who} is {doing}.", who="{who} are {doing}.")
#: Said of the player to move (`who`), though the English names them "they".
ONE_MORE = message("After this turn they play one more (13).", who="After this turn you play one more (13).")

GHOST = "👻"
CARD_BACK = "🂠"
SHIELD = "🛡️"
OUT = "💀"
COLOURS = {"blue": "🔵", "red": "🔴", "green": "🟢"}
ATTACK_GROUP = "Attack with…"


def card(number: int) -> str:
    """A card as it lies face up: colour, number and what it does in a few words."""
    ghost = GHOSTS[number]
    return f"{COLOURS[ghost.colour]} **{number}** {ghost.short}"


def _view(seen: Seen) -> ThirteenGhostsView:
    view = seen.view
    assert isinstance(view, ThirteenGhostsView)
    return view


def seat_title(seen: Seen, view: ThirteenGhostsView, seat: int) -> str:
    info = view.seats[seat]
    marks = []
    if view.phase == "play" and seat == view.turn and seen.result is None:
        marks.append("▶️")
    if info.out and seat in view.duelists:
        marks.append(OUT)
    if info.shielded:
        marks.append(SHIELD)
    return " ".join([*marks, seen.name(seat)])


def seat_value(view: ThirteenGhostsView, seat: int) -> str:
    if seat not in view.duelists:
        return "Sitting out the playoff."
    info: SeatView = view.seats[seat]
    played = [card(n) for n in info.face_up] + [CARD_BACK] * info.face_down
    lines = ["Played: " + (", ".join(played) if played else "nothing yet")]
    lines.append(f"Hand: {plural(info.hand_size, 'card')}")
    if info.out:
        lines.append(f"Out of the round: the Crypt held **{info.crypt}**.")
    elif seat != view.seat and len(may_be := crypt_candidates(view, seat)) < 13:
        # What this screen's reader can tell, all of it: answers, misses and the cards they have seen.
        lines.append("Crypt may be: " + " ".join(str(n) for n in may_be))
    return "\n".join(lines)


def crypt_hints(seen: Seen, view: ThirteenGhostsView) -> str:
    """For the reader's own screen: each rival Crypt still in play, narrowed by all they know."""
    me = view.seat
    assert me is not None
    lines = []
    for seat, info in enumerate(view.seats):
        rival = seat % 2 != me % 2 if view.players == 4 else seat != me
        if rival and seat in view.duelists and not info.out:
            may_be = crypt_candidates(view, seat)
            lines.append(
                f"{seen.name(seat)}: " + (" ".join(str(n) for n in may_be) if len(may_be) < 13 else "any number")
            )
    return "\n".join(lines)


def pile_text(seen: Seen, view: ThirteenGhostsView) -> str:
    if view.players == 4:
        return "\n".join(
            f"{seen.name(team)} & {seen.name(team + 2)}: {plural(size, 'card')}"
            for team, size in enumerate(view.pile_sizes)
        )
    return plural(view.pile_sizes[0], "card") + (" - every turn is an attack now" if not view.pile_sizes[0] else "")


def turn_text(seen: Seen, view: ThirteenGhostsView) -> str:
    status = status_line(seen)
    if seen.result is not None:
        return status
    if view.phase in ("choose", "deal"):
        return f"{status}\nThe Crypts are being chosen in secret."
    doing = STEP_TEXT.get(view.step)
    mover = {"who": view.turn}
    extra = " " + seen.say(ONE_MORE, mover) if view.extra_turn else ""
    return f"{status}" + ("\n" + seen.say(IS_DOING, mover, doing=doing) if doing else "") + extra


def round_record(seen: Seen, view: ThirteenGhostsView, last: int = 12) -> str:
    lines = [seen.text(move_text(move)) for move in view.moves[-last:]]
    return "\n".join(lines) if lines else "No card played yet this round."


def sighting_text(seen: Seen, view: ThirteenGhostsView, sighting: Sighting) -> str:
    if sighting.where == "pile":
        depth = "on top" if sighting.depth == 0 else f"{sighting.depth} below the top"
        if view.players == 4 and sighting.pile is not None:
            whose = f"{seen.name(sighting.pile)} & {seen.name(sighting.pile + 2)}'s pile"
        else:
            whose = "the pile"
        return f"**{sighting.number}**: {whose}, {depth}"
    owner = sighting.seat if sighting.seat is not None else 0
    place = {"crypt": "Crypt", "hand": "hand", "face_down": "face-down cards"}[sighting.where]
    return f"**{sighting.number}**: " + seen.text(f"in {{p{owner}}}'s {place}")


def controls(seen: Seen) -> tuple[Control, ...]:
    out = []
    for _seat, action, label in seen.legal:
        kind = action.kind
        if kind == "attack":
            out.append(Control(action=action, label=label, group=ATTACK_GROUP, emoji="⚔️"))
        elif kind == "crypts":
            out.append(Control(action=action, label=label, group="Choose the two Crypts…", emoji=GHOST))
        elif kind == "up":
            out.append(Control(action=action, label=label, style="primary", emoji=GHOST))
        elif kind in ("crypt", "keep", "copy", "order", "tell"):
            out.append(Control(action=action, label=label, style="primary"))
        elif kind == "take-back":
            out.append(Control(action=action, label=label, style="danger"))
        else:
            out.append(Control(action=action, label=label))
    return tuple(out)


class ThirteenGhostsRenderer:
    icons: tuple[tuple[str, str], ...] = (
        (GHOST, "13 Ghosts; on a control, choosing a Crypt"),
        (COLOURS["blue"] + COLOURS["red"] + COLOURS["green"], "a ghost card's colour"),
        (CARD_BACK, "a card played face down"),
        ("▶️", "whose turn it is"),
        (SHIELD, "shielded: cannot be attacked now"),
        (OUT, "knocked out of the duel"),
        ("⚔️", "attack with this card"),
    )

    def table(self, seen: Seen) -> Screen:
        view = _view(seen)
        fields = [Field(seat_title(seen, view, seat), seat_value(view, seat)) for seat in range(len(view.seats))]
        fields.append(Field("Pile", pile_text(seen, view)))
        fields.append(Field(f"Round {view.round}", round_record(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or f"{GHOST} 13 Ghosts",
            description=f"{seen.text(score_line(view))}\n{turn_text(seen, view)}",
            fields=tuple(fields),
            footer="Our own Ghost abilities: the printed cards were not available. Face-down cards are never shown.",
            controls=(),
            colour=0x4B3F72,
        )

    def hand(self, seen: Seen) -> Screen:
        view = _view(seen)
        crypt = f"**{view.my_crypt}**" if view.my_crypt is not None else "not chosen yet"
        hand = ", ".join(card(n) for n in view.my_hand) or "empty"
        lines = [f"Your Crypt: {crypt}", f"Your hand: {hand}"]
        if any(action.kind == "take-back" for _seat, action, _label in seen.legal):
            lines.append("You may take it back and choose again until the last Crypt is hidden.")
        if view.my_face_down:
            lines.append("You put face down: " + ", ".join(str(n) for n in view.my_face_down))
        fields = []
        if view.sightings:
            known = "\n".join(sighting_text(seen, view, s) for s in view.sightings)
            fields.append(Field("What you have seen", known, inline=False))
        if hints := crypt_hints(seen, view):
            fields.append(Field("Their Crypts may be", hints, inline=False))
        for number in view.my_hand:
            fields.append(Field(f"{number}: {GHOSTS[number].short}", GHOSTS[number].text, inline=False))
        return Screen(
            title=f"{GHOST} 13 Ghosts - your Crypt and hand",
            description="\n".join(lines) + f"\n\n{turn_text(seen, view)}",
            fields=tuple(fields),
            footer="Only you see this message.",
            controls=controls(seen),
            colour=0x4B3F72,
        )


RENDERER = ThirteenGhostsRenderer()
