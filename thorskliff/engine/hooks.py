"""The points where a variant extends the engine, declared once.

python-chess declares the hooks a variant board overrides (``is_variant_end``
and its kin); the engine does the same here. A variant (the campaign's
:class:`~thorskliff.campaign.state.CampaignState`) is a subclass of
:class:`~thorskliff.engine.state.GameState` that overrides only the names of
:data:`HOOKS`: its verbs and steps are entries of the verb table
(``verbs``: :mod:`.verbs`, :mod:`.turn_verbs`), everything else it changes
goes through one of these methods. tests/campaign/test_campaign_hooks.py
checks that the campaign overrides nothing else of the engine, and that
every hook named here exists on the state.
"""

from __future__ import annotations

#: name -> what a variant changes by overriding it
HOOKS: dict[str, str] = {
    # what the variant adds (declared like the base game's)
    "verbs": "the verb table: the base game's entries and the variant's own (their steps, guards, price, apply)",
    "verb_index": "the table by step (built from ``verbs`` for each class)",
    "parse_action": "the notation reader: the variant's own decisions (choose, use, buy amber)",
    # the life of a state
    "_init": "a new state: the variant's own fields set up after the engine's",
    "clone": "a copy: the variant's own fields copied after the engine's",
    "observation": "what a seat may see: the variant's own view added",
    "phase_name": "the name of the moment of the turn (the variant's own steps)",
    # the turn's events (R-TURN-*, R-AMBER-*, R-WIN-1)
    "_begin_turn": "a turn begins: the campaign moves its time marker and reads its cards first (R-CAMP-2)",
    "_on_deliver": "an amber delivered: the campaign draws a sanctuary card instead of the reward (R-CAMP-3)",
    "_jorund_heart": "whether a sale counts for Jorund's Thors Blut (the campaign: only with its card)",
    "_win": "a seat wins: the campaign's winner reads the finale cards (R-CAMP-3)",
    "_do_step": "a step applied: sailing with Leifs Seekarte ends the hero's movement (R-CAMP-4)",
    # decisions outside the verb table (a card's choices, R-CAMP-2/4)
    "_generate": "the decisions listed: the campaign's card choices and the cards a seat may use",
    "_apply": "a decision applied: choosing a card's option, using a card",
    "_why_illegal": "why a decision of the variant's own is refused (then the table's guards)",
    "refusal": "refusals before any decision (a card's choice comes first)",
    "apply_action": "a decision applied and written to the variant's history",
}
