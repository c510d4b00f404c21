"""13 Ghosts computer player.

Normal deduces from what its seat knows: each opponent's Crypt can only be a number the
public answers and misses still allow (`possible`) that the seat has not seen anywhere
else (its own cards, face-up cards, revealed Crypts, cards it has looked at). It attacks
the number most likely to hit once that chance is good, and otherwise asks the question
that narrows the candidates most, or plays a red card for its bonus before attacking.
It hides the card of its two that is least useful to hold.

Why hard won only 55% of 2-player games against normal: its search started from normal's
move (its prior) and rarely left it, and normal ignores the race. It attacks only once a
number hits with chance 1/2, however near the rival is to finding its Crypt. In a race where a
question halves the numbers left and a miss rules one out, attacking at 1 in 3, and at any
chance once the rival is about two numbers from our Crypt, wins about two rounds in three
against that rule (an exact count over the race); played out as a policy against normal in
the real game, it wins 58% of 2,000 games. In a duel hard's first guess is that rule
(`duel_prior`). With it the tree search won 62% of 420 games.

Why hard now wins about three games in four: every candidate was guessed equally likely, but
a player who hides the less useful of two cards hides the 2 whenever it is dealt and a card
worth 3 in hand (4, 8, 10, 13) only when both are, so those four are each a Crypt five times
less often than a question card (`CRYPT_ODDS`; 300 Crypts of normal players matched it). The
race rule with candidates weighed so won 74% of 600 games against normal as a policy alone.
Hard's first guess weighs them so; its worlds deal a rival's Crypt in those odds (`determinize`);
and it judges its moves by paired rollouts (`rules.ai.rollouts`): every move in the same worlds,
played out to the round's end by normal's rule for the rival (as a normal rival plays) and by
the race rule for itself, leaving the first guess only for a move better by two standard errors
(ROLLOUT_MARGIN: a dozen moves share the playouts, and the best of many noisy ones beats it by
one error often by chance alone). Hard against normal, 2 players: 62% of 420 games before,
80% of 100 after (95% interval 71%-87%; the same 100 seeds gave the tree search 64 wins), at a
CPU p95 of 0.39 s a decision.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Action, Game, GameState, View
from rules.games.thirteen_ghosts.cards import GHOSTS, NUMBERS, number_of
from rules.games.thirteen_ghosts.knowledge import crypt_candidates, follow_moved_cards, hidden_slots
from rules.games.thirteen_ghosts.knowledge import determinize as uniform_guess
from rules.games.thirteen_ghosts.seating import team_of
from rules.games.thirteen_ghosts.state import ThirteenGhostsState, ThirteenGhostsView
from rules.kit.copying import copy_model
from rules.kit.heuristics import best, lead_rewards, points_lead, result_rewards

#: Attack rather than ask once the best number hits with at least this chance.
ATTACK_AT = 0.5
#: How useful a card is to hold (rather than to hide in the Crypt or leave on the pile).
HOLD_VALUE: dict[str, float] = {"question": 2.0, "copy": 1.0, "shield": 3.0, "peek_top": 3.0, "peek_bottom": 3.0}
EXTRA_TURN_VALUE = 3.0


def hold_value(number: int) -> float:
    ghost = GHOSTS[number]
    return EXTRA_TURN_VALUE if ghost.effect == "extra_turn" else HOLD_VALUE[ghost.effect]


def teams(view: ThirteenGhostsView) -> bool:
    return view.players == 4


def opponents(view: ThirteenGhostsView, me: int) -> list[int]:
    """Opponents still in the round."""
    if teams(view):
        return [s for s in range(4) if s % 2 != me % 2 and not view.seats[s].out]
    return [s for s in view.duelists if s != me and not view.seats[s].out]


def candidates(view: ThirteenGhostsView, me: int, target: int) -> list[int]:
    """Numbers `target`'s Crypt may still hold, as far as seat `me` (the view's seat) knows."""
    assert view.seat == me
    return crypt_candidates(view, target)


def hit_chances(view: ThirteenGhostsView, me: int, likely: dict[int, float] | None = None) -> dict[int, float]:
    """Expected number of Crypts an attack on each number finds: each candidate equally likely,
    or in proportion to `likely` (a number's weight)."""
    chances = dict.fromkeys(NUMBERS, 0.0)
    for target in opponents(view, me):
        found = candidates(view, me, target)
        weights = [1.0 if likely is None else likely[number] for number in found]
        total = sum(weights)
        for number, weight in zip(found, weights, strict=True):
            chances[number] += weight / total
    return chances


def question_gain(view: ThirteenGhostsView, me: int, number: int) -> float:
    """Expected candidates ruled out by asking card `number`'s question of every opponent."""
    yes = set(GHOSTS[number].yes)
    gain = 0.0
    for target in opponents(view, me):
        if view.seats[target].shielded:
            continue
        found = candidates(view, me, target)
        inside = sum(1 for n in found if n in yes)
        outside = len(found) - inside
        gain += len(found) - (inside * inside + outside * outside) / len(found)
    return gain


def ability_worth(view: ThirteenGhostsView, me: int, number: int) -> float:
    """What using card `number`'s ability now is worth, on the scale of candidates ruled out."""
    ghost = GHOSTS[number]
    if ghost.is_question:
        return question_gain(view, me, number)
    if ghost.effect == "extra_turn":
        return 1.5
    if ghost.attacks:
        return 1.0  # its bonus, and it still attacks
    return 0.0


def play(
    view: ThirteenGhostsView,
    legal: list[Action],
    rng: random.Random,
    attack_at: float = ATTACK_AT,
    likely: dict[int, float] | None = None,
) -> Action:
    assert view.seat is not None
    me = view.seat
    chances = hit_chances(view, me, likely)
    attacks = [a for a in legal if a.kind == "attack"]
    best_attack = best(attacks, lambda a: chances[int(a.args[0])], rng) if attacks else None
    step = view.step
    if step == "attack" or (best_attack is not None and len(attacks) == len(legal)):
        assert best_attack is not None
        return best_attack
    if step == "copy":
        return best(legal, lambda a: ability_worth(view, me, int(a.args[0])), rng)
    if step == "order":
        return order_pile(view, legal)
    if step == "tell":
        return next((a for a in legal if a.kind == "tell"), legal[0])
    up = next((a for a in legal if a.kind == "up"), None)
    assert best_attack is not None
    if up is None:
        return best_attack
    number = int(up.args[0])
    if GHOSTS[number].attacks:
        return up  # a red card attacks anyway, with its bonus first
    if chances[int(best_attack.args[0])] >= attack_at:
        return best_attack
    if ability_worth(view, me, number) >= 1.0:
        return up
    return best_attack


def order_pile(view: ThirteenGhostsView, legal: list[Action]) -> Action:
    """After an 8: leave the less useful of the two cards on top for the next drawer."""
    seen = {s.depth: s.number for s in view.sightings if s.where == "pile" and s.depth in (0, 1)}
    keep = next(a for a in legal if a.args == ("keep",))
    swap = next(a for a in legal if a.args == ("swap",))
    if 0 in seen and 1 in seen and hold_value(seen[0]) > hold_value(seen[1]):
        return swap
    return keep


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, ThirteenGhostsView)
    kind = legal[0].kind
    if kind == "crypt":
        # Hide the card that is least useful to hold.
        return best(legal, lambda a: -hold_value(int(a.args[0])), rng)
    if kind == "crypts":
        return best(legal, lambda a: -hold_value(int(a.args[0])) - hold_value(int(a.args[1])), rng)
    if kind == "keep":
        return best(legal, lambda a: hold_value(int(a.args[0])), rng)
    return play(view, legal, rng)


def crypt_odds() -> dict[int, float]:
    """How often a player who hides the less useful of its two dealt cards (`hold_value`, as normal
    does; a tie either way) hides each number, up to a common factor: the number of the other
    twelve it is kept over (a tie counts half). The 2 (copy) is hidden whenever it is dealt, a card
    worth 3 to hold only when both are."""
    return {
        number: sum(
            1.0 if hold_value(number) < hold_value(other) else 0.5 if hold_value(number) == hold_value(other) else 0.0
            for other in NUMBERS
            if other != number
        )
        for number in NUMBERS
    }


#: A rival's Crypt numbers by how often one hides it (`crypt_odds`).
CRYPT_ODDS = crypt_odds()
#: In a duel, attack once the best number hits with this chance...
DUEL_ATTACK_AT = 1 / 3 - 1e-9
#: ...or at any chance once the rival is thought to be this many numbers from our Crypt
#: (`rival_guesses` reads about one high: it cannot see what the rival has looked at).
THREATENED_AT = 3


def duel(players: int, playoff: bool) -> bool:
    """Two seats racing to find each other's Crypt (a 3-player playoff is a duel too)."""
    return players == 2 or (players == 3 and playoff)


def rival_guesses(view: ThirteenGhostsView, me: int, rival: int) -> float:
    """About how many numbers `rival` still allows for our Crypt: the publicly possible ones
    less, in proportion, the cards it holds unseen by us (it knows they are not our Crypt)."""
    public = set(view.seats[me].possible)
    for board in view.seats:
        public.difference_update(board.face_up)
    unseen = candidates(view, me, rival)
    held = view.seats[rival].hand_size + view.seats[rival].face_down
    inside = len([n for n in unseen if n in public])
    return max(1.0, len(public) - held * inside / max(1, len(unseen)))


def duel_prior(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Normal's move, but attacking as the race asks in a duel (the search's first guess)."""
    assert isinstance(view, ThirteenGhostsView)
    assert view.seat is not None
    me = view.seat
    rivals = opponents(view, me)
    if legal[0].kind not in ("attack", "up") or not duel(view.players, view.playoff) or len(rivals) != 1:
        return normal(game, view, legal, rng)
    threatened = rival_guesses(view, me, rivals[0]) <= THREATENED_AT
    return play(view, legal, rng, 0.0 if threatened else DUEL_ATTACK_AT, CRYPT_ODDS)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """Every move but an attack on a number no opponent's Crypt can hold."""
    assert isinstance(view, ThirteenGhostsView)
    assert view.seat is not None
    if view.phase != "play" or view.step not in ("", "attack"):
        return legal
    chances = hit_chances(view, view.seat)
    return [a for a in legal if a.kind != "attack" or chances[int(a.args[0])] > 0] or legal


def canonical(state: GameState, seat: int) -> GameState:
    """The cards `seat` cannot place, put back into their places in sorted order, everyone's
    knowledge following them; the determinization then deals them out again."""
    assert isinstance(state, ThirteenGhostsState)
    copy = copy_model(state)
    moved: dict[int, int] = {}
    for card_set in range(len(copy.pile)):
        slots = hidden_slots(copy, seat, card_set)
        for slot, card in zip(slots, sorted(slot.card for slot in slots), strict=True):
            slot.holder[slot.position] = card
            moved[slot.card] = card
    follow_moved_cards(copy, seat, moved)
    return copy


NORMAL = normal
SENSIBLE = sensible
CANONICAL = canonical
ITERATIONS = 400
# Attacking now or a turn later differ little in value: explore less, exploit more.
EXPLORATION = 0.25
# The search's estimates of attacking now or later are noisy: start it from a good first guess.
PRIOR_BIAS = 10.0
PRIOR = duel_prior


def _state_candidates(state: ThirteenGhostsState, actor: int, target: int) -> int:
    """`candidates` from the state, for a playout: `target`'s Crypt numbers `actor` cannot rule out."""
    card_set = target % 2 if state.players == 4 else 0
    mask = state.possible[target]
    crypt = state.crypt[target]
    ruled_out = [c for cards in state.face_up for c in cards]
    ruled_out += [c for c in (*state.hand[actor], *state.face_down[actor], state.crypt[actor]) if c is not None]
    ruled_out += [c for c in state.known[actor] if c != crypt]
    for card in ruled_out:
        if card is not None and card // 13 == card_set:
            mask &= ~(1 << number_of(card))
    if crypt is not None and crypt in state.known[actor]:
        mask = 1 << number_of(crypt)
    return mask or state.possible[target]


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Playouts deduce like the normal player, from what the acting seat knows in the sampled
    world: attack a likely number, else ask or play a red card."""
    assert isinstance(state, ThirteenGhostsState)
    kind = legal[0].kind
    if kind not in ("attack", "up"):
        return rng.choice(legal)
    rivals = [s for s in range(state.players) if not state.out[s] and s != seat]
    if state.players == 4:
        rivals = [s for s in rivals if s % 2 != seat % 2]
    elif state.playoff:
        rivals = [s for s in rivals if s in state.duelists]
    chances = [0.0] * 14
    for rival in rivals:
        mask = _state_candidates(state, seat, rival)
        found = [n for n in NUMBERS if mask >> n & 1]
        for n in found:
            chances[n] += 1 / len(found)
    attacks = [a for a in legal if a.kind == "attack"]
    top = max((chances[int(a.args[0])] for a in attacks), default=0.0)
    up = next((a for a in legal if a.kind == "up"), None)
    if up is not None and top < ATTACK_AT:
        return up
    return rng.choice([a for a in attacks if chances[int(a.args[0])] >= top] or legal)


def _hidden_left(state: ThirteenGhostsState, seat: int) -> int:
    """How many numbers `seat`'s opponents still cannot rule out for its Crypt (0 once out)."""
    if state.out[seat] or seat not in state.duelists or state.phase != "play":
        return 0
    rivals = [s for s in range(state.players) if s != seat and not state.out[s] and s in state.duelists]
    if state.players == 4:
        rivals = [s for s in rivals if s % 2 != seat % 2]
    if not rivals:
        return 0
    return min(bin(_state_candidates(state, rival, seat)).count("1") for rival in rivals)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    """Finished: the places. Cut short: rounds won (points with three players) so far, plus
    a share of the round in progress for whoever keeps their Crypt the best hidden."""
    assert isinstance(state, ThirteenGhostsState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    hidden = [_hidden_left(state, s) for s in range(state.players)]
    total = sum(hidden) or 1
    share = [h / total for h in hidden]
    if state.players == 4:
        # Partners share one reward: the lead of their team over the other.
        teams = lead_rewards([state.wins[t] + share[t] + share[t + 2] for t in (0, 1)], spread=2)
        return [teams[s % 2] for s in range(4)]
    if state.players == 3 and not state.playoff:
        return lead_rewards([p + 2 * sh for p, sh in zip(state.points, share, strict=True)], spread=4)
    return lead_rewards([w + sh for w, sh in zip(state.wins, share, strict=True)], spread=2)


def determinize(game: Game[Any], state: GameState, seat: int, rng: random.Random) -> GameState:
    """The game's uniform guess, kept in proportion to how often its rivals would hide the Crypts
    it deals them (`CRYPT_ODDS`, relative to their likeliest candidate), after `GUESS_TRIES` guesses
    the last. With four players a team's chooser hides two of four cards: uniform guesses there."""
    assert isinstance(state, ThirteenGhostsState)
    world = uniform_guess(state, seat, rng)
    if state.players == 4:
        return world
    rivals = [
        (rival, max(CRYPT_ODDS[n] for n in NUMBERS if mask >> n & 1))
        for rival in range(state.players)
        if rival != seat and state.crypt[rival] is not None and rival in state.duelists and not state.out[rival]
        if (mask := _state_candidates(state, seat, rival))
    ]
    for _ in range(GUESS_TRIES - 1):
        keep = 1.0
        for rival, top in rivals:
            crypt = world.crypt[rival]
            assert crypt is not None
            keep *= CRYPT_ODDS[number_of(crypt)] / top
        if rng.random() < keep:
            break
        world = uniform_guess(state, seat, rng)
    return world


#: Guesses a world may take before one is kept (`determinize`).
GUESS_TRIES = 12


def sides(game: Game[Any], state: GameState) -> list[int]:
    """Two teams with four players (partners opposite), else every seat for itself."""
    assert isinstance(state, ThirteenGhostsState)
    return [team_of(state, s) for s in range(state.players)]


def exact(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's own choice in a sampled world (paired rollouts), from its seat's view there."""
    return normal(game, game.view(state, seat), legal, rng)


def racing(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Hard's first guess (`duel_prior`) in a sampled world: its own later moves in a playout."""
    return duel_prior(game, game.view(state, seat), legal, rng)


def round_number(state: GameState) -> int:
    assert isinstance(state, ThirteenGhostsState)
    return state.round


def standing(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's lead in rounds won (its team's with four players; points with three, until a
    playoff) over the others."""
    assert isinstance(state, ThirteenGhostsState)
    if state.players == 4:
        return [float(state.wins[s % 2] - state.wins[1 - s % 2]) for s in range(4)]
    if state.players == 3 and not state.playoff:
        return points_lead(state.points)
    # Two players, or a playoff's two duelists (the third seat's value is never asked for).
    return [float(2 * state.wins[s] - sum(state.wins[d] for d in state.duelists)) for s in range(state.players)]


ROLLOUT = rollout
EVALUATE = evaluate
HORIZON = 12
# Rival nodes would learn our Crypt (it is the same in every sampled world): the playout
# policy, which deduces from the rival's own knowledge, plays them instead.
OPPONENTS_IN_TREE = False
SIDES = sides
DETERMINIZE = determinize
ROLLOUT_PLAYOUTS = 300
ROLLOUT_MARGIN = 2.0
ROLLOUT_STAGE = round_number
ROLLOUT_VALUE = standing
ROLLOUT_POLICY = exact
ROLLOUT_OWN_POLICY = racing
