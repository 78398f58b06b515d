"""The campaign extends the engine through declared points only (issue #12):
its verbs are entries of the verb table, and what else it changes it
registers as hooks (engine/hooks.py); it overrides no method of the engine."""

from __future__ import annotations

import inspect
from dataclasses import fields
from pathlib import Path

import thorskliff.engine as engine
from thorskliff.campaign.state import AMBER_VERB, CAMPAIGN_HOOKS, SAIL_VERB, CampaignState
from thorskliff.engine.hooks import DECLARED, NO_HOOKS, Hooks
from thorskliff.engine.state import GameState
from thorskliff.engine.verbs import TABLE


def test_the_campaign_overrides_no_method_of_the_engine():
    overridden = {name for name in vars(CampaignState) if hasattr(GameState, name) and not name.startswith("__")}
    assert overridden <= set(DECLARED), f"engine names overridden: {sorted(overridden - set(DECLARED))}"
    for name in overridden:
        assert not inspect.isfunction(vars(CampaignState)[name]), name


def test_the_campaign_registers_its_hooks_and_the_base_game_none():
    assert CampaignState.hooks is CAMPAIGN_HOOKS
    assert GameState.hooks is NO_HOOKS and all(getattr(NO_HOOKS, f.name) is None for f in fields(Hooks))
    assert all(getattr(CAMPAIGN_HOOKS, f.name) is not None for f in fields(Hooks))


def test_the_engine_calls_every_hook_it_declares():
    source = "".join(p.read_text(encoding="utf-8") for p in Path(engine.__file__).parent.glob("*.py"))
    for f in fields(Hooks):
        assert f"hooks.{f.name}" in source, f.name


def test_the_campaigns_verbs_are_the_tables_and_its_own():
    assert CampaignState.verbs == (*TABLE, AMBER_VERB, SAIL_VERB)
    assert CampaignState.verb_index is not GameState.verb_index
