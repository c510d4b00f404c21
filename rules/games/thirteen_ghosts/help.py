"""The rules in our own words, one markdown page each (kept under 3,500 characters)."""

from __future__ import annotations

from rules.games.thirteen_ghosts.cards import GHOSTS

_CARDS = "\n".join(f"- **{n}** ({g.colour}) {g.text}" for n, g in GHOSTS.items())

HELP_PAGES: tuple[str, ...] = (
    """**13 Ghosts** - 2 to 4 players (4 = two teams of two, partners opposite).

Each player hides one Ghost, numbered 1 to 13, face down as their **Crypt**. Find the
Ghost in your opponents' Crypts before they find yours.

**Start of a round.** Each player gets two cards, secretly keeps one as their Crypt and the
other as their hand (with two or three players a Crypt may be taken back and chosen again
until the last one is hidden). The rest form a face-down pile. The first player is picked at random
for the first round and moves one seat on every round.

**Your turn.** Do one of these, then draw the top card of the pile:
- play your card **face up** and use its ability (questions are answered by the bot, truthfully,
  for everyone to see), or
- play it **face down** and **attack**: name a number from 1 to 13. Nobody ever learns which
  card you put face down.

When the pile is empty, every turn is an attack (a red card played face up attacks too);
with no card left you still name a number.

**Two players.** Finding the other Crypt wins the round. The first to win 3 rounds wins.
""",
    """**Three players.** Turns go clockwise. Every question and attack is checked against both
opponents. A player whose Crypt is found is out of the round (their hand stays hidden) and the
two others score 1 point each. When a second player is out, the last one left scores 1 more
point and the round ends: 3 points in every round. The game ends after a round in which somebody has
6 or more points: most points wins. If two players tie for most, they play a two-player
game (first to 3 rounds) in the same session to decide.

**Four players (teams).** Each team has its own set of 13 cards and its own pile. To deal, one
player of the team (it alternates) draws four cards, secretly picks their own Crypt and their
partner's, and passes the other two; the partner keeps one as their hand and passes the last back.
So the partner sees their own Crypt and both hand cards, but never the drawer's Crypt.
Turns alternate between the teams, clockwise. Questions and attacks are answered by both
opponents, each for their own Crypt. A player who is found is out of the round, and their
partner takes both of the team's turns. A team wins the round when both opponents are out;
first team to 3 rounds wins. The 8 and the 10 look at the **other team's** pile, and you may
tell your partner what you saw (a button).
""",
    "**The Ghosts** (our own card texts: the printed cards were not available, so these "
    "abilities are our own design).\n\n"
    + _CARDS
    + "\n\nA 2 copies only cards played face up this round, by anyone; a 2 copying a question "
    "counts as a question, so a shielded player does not answer it.",
)
