"""The campaign (docs/rules.md §18): chapter files, card effects, the chapter
state, groups and the group table. See docs/scenarios.md."""

from .chapter import Card, Chapter, Effect, chapter_path, load_chapter
from .group import Group, Member
from .notation import parse
from .state import CampaignState

__all__ = ["Card", "Chapter", "Effect", "CampaignState", "Group", "Member", "chapter_path", "load_chapter",
           "parse"]
