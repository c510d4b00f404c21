"""Plain-text picture of a 13 Ghosts view, for the terminal and logs."""

from __future__ import annotations

from rules.contract import plural
from rules.games.thirteen_ghosts.cards import GHOSTS
from rules.games.thirteen_ghosts.state import Move, Sighting, ThirteenGhostsView

STEP_TEXT = {
    "copy": "choosing what the 2 copies",
    "order": "putting back the two top cards",
    "tell": "deciding whether to tell the teammate",
    "attack": "naming a number to attack",
}


def move_text(move: Move) -> str:
    """One line of the round's public record."""
    who = f"{{p{move.seat}}}"
    if move.card is None:
        line = f"{who}: {'face-down card' if move.face_down else 'no card'}"
    else:
        line = f"{who}: {move.card} face up ({GHOSTS[move.card].short})"
    if move.copied is not None:
        line += f", copied {move.copied} ({GHOSTS[move.copied].short})"
    if move.answers:
        said = ", ".join(
            f"{{p{a.seat}}} {'shielded' if a.yes is None else 'yes' if a.yes else 'no'}" for a in move.answers
        )
        line += f" - {said}"
    if move.peeked:
        line += f" - looked at {plural(move.peeked, 'card')}"
    if move.attack is not None:
        outcome = " - hit " + ", ".join(f"{{p{s}}}" for s in move.hit) if move.hit else " - missed"
        line += f" - attacked {move.attack}{outcome}"
    return line


def sighting_text(view: ThirteenGhostsView, sighting: Sighting) -> str:
    if sighting.where == "pile":
        depth = "on top" if sighting.depth == 0 else f"{sighting.depth} below the top"
        team = sighting.pile or 0
        whose = f"pile of {{p{team}}}+{{p{team + 2}}}" if view.players == 4 else "pile"
        return f"{sighting.number}: {whose}, {depth}"
    place = {"crypt": "Crypt", "hand": "hand", "face_down": "face-down cards"}[sighting.where]
    return f"{sighting.number}: {{p{sighting.seat}}}'s {place}"


def score_line(view: ThirteenGhostsView) -> str:
    if view.players == 4:
        return f"Rounds: {{p0}}+{{p2}} {view.wins[0]}, {{p1}}+{{p3}} {view.wins[1]}"
    if view.players == 3 and not view.playoff:
        return "Points: " + ", ".join(f"{{p{s}}} {view.points[s]}" for s in range(3))
    rounds = "Rounds: " + ", ".join(f"{{p{s}}} {view.wins[s]}" for s in view.duelists)
    if view.playoff:
        return "Playoff. " + rounds + " (points: " + ", ".join(str(p) for p in view.points) + ")"
    return rounds


def picture(view: ThirteenGhostsView) -> str:
    lines = [f"13 Ghosts - round {view.round}. {score_line(view)}"]
    lines.append("Pile: " + ", ".join(plural(size, "card") for size in view.pile_sizes))
    for seat, info in enumerate(view.seats):
        if seat not in view.duelists:
            lines.append(f"{{p{seat}}}: sitting out the playoff")
            continue
        status = []
        if info.out:
            status.append(f"OUT (Crypt {info.crypt})")
        if info.shielded:
            status.append("shielded")
        played = " ".join([*(str(n) for n in info.face_up), *(["[?]"] * info.face_down)]) or "-"
        possible = "any" if len(info.possible) == 13 else " ".join(str(n) for n in info.possible)
        lines.append(
            f"{{p{seat}}}: hand {info.hand_size}, played {played}; Crypt may be {possible}"
            + (f" [{', '.join(status)}]" if status else "")
        )
    lines.extend("  " + move_text(move) for move in view.moves[-8:])
    if view.seat is not None:
        crypt = "?" if view.my_crypt is None else str(view.my_crypt)
        hand = " ".join(str(n) for n in view.my_hand) or "-"
        lines.append(f"You: Crypt {crypt}, hand {hand}")
        if view.my_face_down:
            lines.append("Your face-down cards: " + " ".join(str(n) for n in view.my_face_down))
        if view.sightings:
            lines.append("You know: " + "; ".join(sighting_text(view, s) for s in view.sightings))
    if view.phase == "over":
        lines.append("The game is over.")
    elif view.phase == "play":
        doing = STEP_TEXT.get(view.step, "to play")
        lines.append(f"Turn: {{p{view.turn}}}, {doing}" + (" (one more turn after this)" if view.extra_turn else ""))
    else:
        lines.append("Choosing Crypts.")
    return "\n".join(lines)
