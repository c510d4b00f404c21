"""A plain-text picture of a Ghosts Love Candy view (terminal and logs)."""

from __future__ import annotations

from rules.games.ghosts_love_candy import cards
from rules.games.ghosts_love_candy.cards import CANDY_NAMES, KIDS, LOVE_CARDS
from rules.games.ghosts_love_candy.state import GlcView


def candy_counts(counts: tuple[int, ...] | list[int]) -> str:
    return cards.candy_counts(counts)


def render(view: GlcView) -> str:
    lines = [f"Round {view.round} of {view.rounds}" + (" (final round)" if view.last_round else "")]
    lines.append(f"Candy deck: {view.candy_left} left; Kid deck: {view.kid_deck_left} left")
    lines.append("Neighborhood (nearest the Kid deck first):")
    for pos, spot in enumerate(view.row):
        if spot.kid is None:
            lines.append(f"  {pos}. (empty)")
            continue
        kid = KIDS[spot.kid]
        total = sum(v for v, _o in spot.ghosts)
        pile = " ".join(f"{v}({{p{o}}})" for v, o in spot.ghosts) or "no ghosts"
        lines.append(
            f"  {pos}. {kid.name} [courage {kid.courage}, ghosts {total}: {pile}] {candy_counts(spot.candies)}"
        )
    for seat in range(view.players):
        stash = view.stashes[seat]
        kids = ", ".join(KIDS[k].name for k in stash.kids) or "no kids"
        flag = ""
        if view.phase == "choose":
            flag = " (chosen)" if view.has_chosen[seat] else " (choosing)"
        elif view.revealed[seat] is not None:
            flag = f" (sent {view.revealed[seat]})"
        ghosts = " ".join(str(g) for g in view.hands[seat]) or "none"
        lines.append(f"{{p{seat}}}{flag}: ghosts {ghosts}; stash {candy_counts(stash.candies)}; {kids}")
    if view.seat is not None:
        card = view.love[view.seat]
        if card is not None:
            values = ", ".join(f"{CANDY_NAMES[t]} {v}" for t, v in enumerate(LOVE_CARDS[card]))
            lines.append(f"Your Love card ({card}): {values}")
        if view.my_choice is not None:
            lines.append(f"Your secret ghost: {view.my_choice}")
        if view.candy_top:
            lines.append("Top of the Candy deck: " + ", ".join(CANDY_NAMES[t] for t in view.candy_top))
    if view.pending_kid is not None:
        lines.append(f"Waiting for {{p{view.pending_seat}}} to use the {KIDS[view.pending_kid].name}.")
    if view.scores is not None:
        lines.append("Scores: " + ", ".join(f"{{p{s}}} {v}" for s, v in enumerate(view.scores)))
    return "\n".join(lines)
