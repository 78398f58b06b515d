"""The variants a game may be besides the base game: a campaign chapter is
the variant ``"chapter"``.

Records (:mod:`.record`) and games (:mod:`.game`) find a chapter's state,
files and notation through :func:`find`, like python-chess's
``find_variant``, so the records layer imports nothing of the campaign: a
variant's module is named here by string and loaded on first use, and
registers itself with :func:`register`. Anything with the :class:`Variant`
interface can be registered.
"""

from __future__ import annotations

import os
from importlib import import_module
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .engine.actions import Action
    from .engine.state import GameState

#: variants that ship with thorskliff: name -> the module that registers it
KNOWN = {"chapter": "thorskliff.campaign.variant"}
_registered: dict[str, Variant] = {}


class Variant(Protocol):
    """What records and games ask of a variant (a campaign chapter)."""

    name: str

    def shipped(self) -> Path:
        """The folder of the variant's shipped files (the chapters)."""

    def path(self, number: int) -> Path:
        """The shipped file of chapter ``number``."""

    def load(self, path: str | os.PathLike[str]) -> Any:
        """The variant's file read and checked (raises ScenarioError)."""

    def build(self, seats: list[Any], file: str, seed: int, short: bool, start: int,
              carried: dict[int, list[str]], sink: list[Any] | None = None) -> GameState:
        """The state of a new game of this variant; ``sink`` receives what the
        engine says while it is set up (``GameState._emit``)."""


def register(variant: Variant) -> None:
    _registered[variant.name] = variant


def find(name: str) -> Variant:
    """The variant ``name`` (KeyError names the known ones)."""
    if name not in _registered and name in KNOWN:
        import_module(KNOWN[name])  # registers itself
    try:
        return _registered[name]
    except KeyError:
        raise KeyError(f"unknown variant {name!r} (variants: {', '.join(sorted(KNOWN))})") from None


def parser_for(st: GameState) -> Callable[[str], Action]:
    """The notation reader of ``st``: a variant's state brings its own
    (``parse_action``: a campaign chapter also reads ``choose``, ``use`` and
    ``buy amber``); every other game the base notation only, so that those
    words stay notation errors there."""
    return st.parse_action
