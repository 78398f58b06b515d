"""The campaign extends the engine through declared points only (issue #12):
its verbs are entries of the verb table, and the methods of the engine it
overrides are the hooks engine/hooks.py declares."""

from __future__ import annotations

from thorskliff.campaign.state import AMBER_VERB, SAIL_VERB, CampaignState
from thorskliff.engine.hooks import HOOKS
from thorskliff.engine.state import GameState
from thorskliff.engine.verbs import TABLE


def test_the_campaign_overrides_only_declared_hooks():
    overridden = {name for name in vars(CampaignState) if hasattr(GameState, name) and not name.startswith("__")}
    assert overridden <= set(HOOKS), f"undeclared engine methods overridden: {sorted(overridden - set(HOOKS))}"


def test_every_declared_hook_is_a_point_of_the_engine():
    for name in HOOKS:
        assert hasattr(GameState, name), name


def test_the_campaigns_verbs_are_the_tables_and_its_own():
    assert CampaignState.verbs == (*TABLE, AMBER_VERB, SAIL_VERB)
    assert CampaignState.verb_index is not GameState.verb_index
