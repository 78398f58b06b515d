"""The points where a variant changes the engine, declared once.

python-chess lets a variant board override a declared set of methods; here
a variant registers callables instead, so it overrides no method of the
engine at all: a variant's state class (the campaign's
:class:`~thorskliff.campaign.state.CampaignState`) sets only the class
attributes of :data:`DECLARED` — its verb table (``verbs``, whose entries
say how each decision is generated, refused, priced and applied), the
notation it reads (``parse_action``) and its :class:`Hooks`. The engine
calls each hook at one place (``self.hooks.<name>``); a hook left None is
the engine's own behaviour, which is all the base game uses.
tests/campaign/test_campaign_hooks.py checks that the campaign overrides
nothing of the engine but :data:`DECLARED`, and that the engine calls every
hook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action, IllegalActionError
    from .player import Player
    from .state import GameState

#: what a variant's state class may set besides its own (non-engine) names
DECLARED = ("verbs", "verb_index", "parse_action", "hooks")


@dataclass(frozen=True, slots=True)  # slots: the engine asks a hook on every decision
class Hooks:
    """A variant's hooks (each None: the engine's own behaviour)."""

    # --- the life of a state
    #: a new state set up: the variant's own fields after the engine's
    init: Callable[[GameState], None] | None = None
    #: a copy made (``copy``, ``original``): the variant's own mutable fields copied
    copy: Callable[[GameState, GameState], None] | None = None
    #: what a seat may see (``observation``): the variant's own view added
    view: Callable[[GameState, dict[str, Any]], None] | None = None
    #: the name of the moment of the turn at the variant's own steps (None: the engine's)
    phase_name: Callable[[GameState], str | None] | None = None
    # --- the turn's events (R-TURN-*, R-AMBER-*, R-WIN-1)
    #: a turn is about to begin for the seat: True when it waits (the
    #: campaign reads the time track's card first and begins it after, R-CAMP-2)
    begin_turn: Callable[[GameState, int], bool] | None = None
    #: an amber delivered: the reward instead of the engine's Taler and
    #: warriors (the campaign draws a sanctuary card, R-CAMP-3)
    deliver: Callable[[GameState, Player], None] | None = None
    #: whether a sale counts for Jorund's Thors Blut (the campaign: only with its card)
    heart_counts: Callable[[GameState], bool] | None = None
    #: a seat has won (once; the campaign's winner reads the finale cards, R-CAMP-3)
    won: Callable[[GameState, int], None] | None = None
    #: a unit's step applied (sailing with Leifs Seekarte ends the hero's movement, R-CAMP-4)
    stepped: Callable[[GameState, Action], None] | None = None
    # --- decisions outside the verb table (a card's choices, R-CAMP-2/4)
    #: the decisions at the variant's own steps, instead of the table's (None: the table's)
    decisions: Callable[[GameState], list[Action] | None] | None = None
    #: decisions the variant adds to the table's (the cards a seat may use)
    more: Callable[[GameState, list[Action]], None] | None = None
    #: a decision of the variant's own applied: True when it was one
    apply: Callable[[GameState, Action], bool] | None = None
    #: why the variant refuses a decision before any other check (None: no word of its own)
    refusal: Callable[[GameState, Action], IllegalActionError | None] | None = None
    #: why a decision not among the legal ones is refused, before the table's guards
    why: Callable[[GameState, Action], IllegalActionError | None] | None = None
    #: after every decision or roll applied (the campaign's history)
    applied: Callable[[GameState, Action], None] | None = None


#: the base game's: the engine's own behaviour everywhere
NO_HOOKS = Hooks()
