"""How the King cards' choices read: button labels and why a choice is refused."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.contract import Action
from rules.games.best_candy.state import BestCandyState, Phase

#: What each choice asks, for a player's prompt: "Mom Veto: remove one card from the trick."
QUESTIONS: dict[str, str] = {
    "name": "name the new trick suit",
    "veto": "remove one card from the trick (it goes to the stash)",
    "pair": "put up to two cards from your take under the Trade (their ranks add to its value)",
    "tax": "take one card from the trick into your take, or nothing",
    "keep_one": "keep one card of the trick; the others go to the stash",
    "favourite": "you may swap your favourite for one of the top suit cards of the deck",
    "trump": "you may make one of the top suit cards of the deck trump, from the next trick",
}


def choice_label(action: Action, team_play: bool = False) -> str:
    kind = action.kind
    arg = action.args[0] if action.args else None
    if isinstance(arg, int):
        text = card_text(arg)
        return {
            "veto": f"Remove {text}",
            "pair": f"Put {text} under the Trade",
            "tax": f"Take {text}",
            "keep-one": f"Keep {text}",
        }[kind]
    if isinstance(arg, str):
        name = suit_name(arg)
        return {
            "name": f"Name {name} as the trick suit",
            "favourite": f"Make {name} your team's card" if team_play else f"Make {name} your favourite",
            "trump": f"Make {name} trump",
        }[kind]
    return {
        "pair-stop": "Put no more cards under the Trade",
        "tax-pass": "Take nothing",
        "favourite-keep": "Keep your team's card" if team_play else "Keep your favourite",
        "trump-keep": "Leave trump as it is",
    }[kind]


def why_not_choice(state: BestCandyState, seat: int, action: Action) -> str:
    """Why a King card's choice is refused: nothing asked, another question, or a wrong card/suit."""
    if state.phase is not Phase.TRICKS or not state.pending:
        return "No King card is asking you anything now."
    asked = state.pending[0].kind.replace("_", "-")
    if not action.kind.startswith(asked):
        return f"The question now is: {QUESTIONS[state.pending[0].kind]}."
    if action.args and isinstance(action.args[0], int):
        return "That card cannot be chosen for this King card."
    return "That suit card cannot be chosen here."
