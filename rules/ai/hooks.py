"""What a game tells the generic players, found by convention in `rules/games/<package>/ai.py`.

A game's `ai.py` may define any of these module attributes (all optional):

- `NORMAL`: a `Policy`, the game's heuristic (else `normal` plays like `easy`);
- `EASY`: a `Policy` picking randomly among sensible moves (else: random among `SENSIBLE`);
- `SENSIBLE`: `(game, view, legal) -> the legal actions worth considering` (never empty);
  the easy player picks among them, and the hard player searches only them at its root;
- `CANONICAL`: `(state, seat) -> state`, a state of the same information set that depends
  only on what `seat` sees (hidden cards put in a fixed order). The hard player determinizes
  this one, so its guesses cannot depend on where the hidden cards really are;
- `DETERMINIZE`: `(game, state, seat, rng) -> state`, the hard player's sampling of a world in
  place of the game's `determinize` (which deals every unseen card uniformly): for a game where
  the rivals' past choices make some hands far likelier than others (their kept cards are better
  than a fresh deal), so the search plays against the hands they probably hold;
- `ROLLOUT`: a cheap `Rollout` policy for the search's playouts (else uniformly random);
- `EVALUATE`: `(game, state) -> rewards per seat in [0, 1]`, for finished games whose
  `Result` is not enough (a solo game) and for playouts cut at `HORIZON` actions;
- `HORIZON`: playout length after which `EVALUATE` scores the position;
- `ITERATIONS`: the hard player's default iteration budget for this game;
- `PRIOR_BIAS`: how strongly the search at first prefers the `PRIOR` move at its root
  (a progressive bias, `PRIOR_BIAS / (1 + visits)`, fading as the visits grow); 0 or unset: none;
- `PRIOR`: the `Policy` whose move that bias favours (else `NORMAL`): a game whose normal
  player is kept simple on purpose may give the search a better first guess;
- `EXPLORATION`: the search's UCB exploration constant for this game (rewards are in [0, 1]);
- `OPPONENTS_IN_TREE`: False to let the playout policy (which must then decide from the
  acting seat's own knowledge) make the other seats' moves during the search too. The
  search's tree is built from the searching seat's information only, so a rival's node in
  it behaves as if the rival knew what the searching seat knows (its Crypt, its hand):
  where that matters more than out-guessing the rival, leave the rival to the policy.
- `ROLLOUT_PLAYOUTS`: the hard player chooses by paired rollouts (`rules.ai.rollouts`: every
  sensible move tried in the same sampled worlds, then played out by the game's policy) instead
  of the tree search, with this many playouts a decision (or `(state) -> playouts`, for a game
  whose playouts are much longer at some tables than at others): for a game whose normal player
  models every seat well but whose moves differ too little for the tree's separate playouts to rank.
  With it: `ROLLOUT_STAGE` `(state) -> int`, a number that changes where a playout stops (a new
  hand); `ROLLOUT_VALUE` `(game, state) -> per seat, how good the state is`; and optionally
  `ROLLOUT_POLICY`, the playout policy of every seat (else `ROLLOUT`), and `ROLLOUT_OWN_POLICY`,
  the searching seat's own later moves (else `ROLLOUT_POLICY`): for a game whose hard player
  starts from a better first guess than normal's (`PRIOR`), so a move is judged as hard goes on;
  `ROLLOUT_MARGIN`, how many standard errors a move must beat that first guess by (default 1);
  `ROLLOUT_PLAY_OUT` `(game, state, seat, rng, max_moves) -> per seat, the value`: the game's own
  playout, making exactly the moves and random draws the generic one makes with `ROLLOUT_POLICY`
  (so the same choice for the same seed) and ending with `ROLLOUT_VALUE`'s value, but without
  writing the log lines and dealing the next hand that nobody reads: more playouts in a second.
- `HARD`: a `Policy` the hard player plays instead of any search: for a game whose normal player
  already looks ahead over guessed deals, and plays better the more of them it spends, than either
  search here does with a cheaper model of the table (the hard player then is that look-ahead given
  a hard player's time).
- `LUCK_ONLY`: True when the rules leave no choice that changes the odds (every move is a blind
  guess), so no level can beat another; tournaments that expect skill skip such a game.
- `SIDES`: `(game, state) -> each seat's side`, for a game whose seats win and lose together in
  teams (partners share a side number); else every seat is its own side. Tournaments seat a
  level on a whole side and count a side's win once, not split between its partners.

Policies get the seat's `View`, never the state: a heuristic is fair by construction.
Rollouts and evaluations get a state, but only ever a determinized one.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules.contract import Action, Game, GameState, View
from rules.registry import GAMES_PACKAGE, folder_of

#: Decides from the seat's view and its legal actions (in `legal_actions` order).
Policy = Callable[[Game[Any], View, list[Action], random.Random], Action]
#: Decides inside a playout, on a determinized state, for `seat` among `legal`.
Rollout = Callable[[Game[Any], GameState, int, list[Action], random.Random], Action]
Canonical = Callable[[GameState, int], GameState]
Sensible = Callable[[Game[Any], View, list[Action]], list[Action]]
Evaluate = Callable[[Game[Any], GameState], list[float]]
Determinize = Callable[[Game[Any], GameState, int, random.Random], GameState]
Sides = Callable[[Game[Any], GameState], list[int]]
#: A number that changes when a playout may stop (a new hand is dealt).
Stage = Callable[[GameState], int]
#: Per seat, how good the state is: any scale, compared only between moves in the same worlds.
Value = Callable[[Game[Any], GameState], list[float]]
#: A whole playout to the stage's end, as the generic one plays it (`max_moves` the cap), and
#: its value per seat.
PlayOut = Callable[[Game[Any], GameState, int, random.Random, int], list[float]]


@dataclass(frozen=True)
class RolloutSearch:
    """A game's paired rollouts (`ROLLOUT_PLAYOUTS` and the hooks beside it): hard chooses by
    them instead of the tree search (`rules.ai.rollouts`)."""

    #: Playouts a decision may spend, shared equally by its moves (or a function of the state
    #: giving them).
    playouts: int | Callable[[GameState], int]
    #: Where a playout stops, and how that position is scored.
    stage: Stage
    value: Value
    #: The playout policy of every seat (should decide from that seat's own cards, as the
    #: game's normal player does); else the game's `ROLLOUT`.
    policy: Rollout | None = None
    #: The searching seat's own later moves in a playout (else `policy`).
    own_policy: Rollout | None = None
    #: A safety cap on a playout's moves.
    max_moves: int = 400
    #: How many standard errors a move must beat normal's by to be chosen instead.
    margin: float = 1.0
    #: The game's own cheaper playout, the same moves and value as the generic one (else None).
    play_out: PlayOut | None = None


@dataclass(frozen=True)
class GameHooks:
    normal: Policy | None = None
    easy: Policy | None = None
    sensible: Sensible | None = None
    canonical: Canonical | None = None
    determinize: Determinize | None = None
    rollout: Rollout | None = None
    evaluate: Evaluate | None = None
    horizon: int | None = None
    iterations: int | None = None
    opponents_in_tree: bool = True
    exploration: float | None = None
    prior_bias: float = 0.0
    prior: Policy | None = None
    luck_only: bool = False
    rollout_search: RolloutSearch | None = None
    sides: Sides | None = None
    hard: Policy | None = None


_FOUND: dict[str, GameHooks] = {}


def _ai_module(game: Game[Any]) -> ModuleType | None:
    """The game's `rules/games/<folder>/ai.py`, or None when it has none."""
    folder = folder_of(game)
    if folder is None:
        return None
    name = f"{GAMES_PACKAGE}.{folder}.ai"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise  # the module exists but imports something missing: a real error
        return None


def hooks_for(game: Game[Any]) -> GameHooks:
    """The hooks of `game`'s `ai.py`, or all defaults when it has none."""
    found = _FOUND.get(game.id)
    if found is not None:
        return found
    module = _ai_module(game)
    if module is None:
        hooks = GameHooks()
    else:
        hooks = GameHooks(
            normal=getattr(module, "NORMAL", None),
            easy=getattr(module, "EASY", None),
            sensible=getattr(module, "SENSIBLE", None),
            canonical=getattr(module, "CANONICAL", None),
            determinize=getattr(module, "DETERMINIZE", None),
            rollout=getattr(module, "ROLLOUT", None),
            evaluate=getattr(module, "EVALUATE", None),
            horizon=getattr(module, "HORIZON", None),
            iterations=getattr(module, "ITERATIONS", None),
            opponents_in_tree=getattr(module, "OPPONENTS_IN_TREE", True),
            exploration=getattr(module, "EXPLORATION", None),
            prior_bias=getattr(module, "PRIOR_BIAS", 0.0),
            prior=getattr(module, "PRIOR", None),
            luck_only=getattr(module, "LUCK_ONLY", False),
            rollout_search=_rollout_search(module),
            sides=getattr(module, "SIDES", None),
            hard=getattr(module, "HARD", None),
        )
    _FOUND[game.id] = hooks
    return hooks


def _rollout_search(module: ModuleType) -> RolloutSearch | None:
    playouts = getattr(module, "ROLLOUT_PLAYOUTS", None)
    if playouts is None:
        return None
    policy = getattr(module, "ROLLOUT_POLICY", None)
    own = getattr(module, "ROLLOUT_OWN_POLICY", None)
    margin = getattr(module, "ROLLOUT_MARGIN", 1.0)
    play_out = getattr(module, "ROLLOUT_PLAY_OUT", None)
    return RolloutSearch(
        playouts, module.ROLLOUT_STAGE, module.ROLLOUT_VALUE, policy, own, margin=margin, play_out=play_out
    )


def sides_of(game: Game[Any], state: GameState) -> list[int]:
    """Each seat's side in this game: its team where the game's `SIDES` says so, else itself."""
    found = hooks_for(game).sides
    return list(range(state.players)) if found is None else found(game, state)
