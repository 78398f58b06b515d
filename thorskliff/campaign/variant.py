"""The campaign chapter as a variant (:mod:`thorskliff.variants`): how
records and games build a chapter's state and find its files without
importing the campaign themselves."""

from __future__ import annotations

import os
from pathlib import Path

from .. import variants
from .chapter import Chapter, chapter_path, load_chapter
from .state import CampaignState


class ChapterVariant:
    name = "chapter"

    def shipped(self) -> Path:
        return chapter_path(1).parent

    def path(self, number: int) -> Path:
        return chapter_path(number)

    def load(self, path: str | os.PathLike[str]) -> Chapter:
        return load_chapter(path)

    def build(self, seats: list, file: str, seed: int, short: bool, start: int,
              carried: dict[int, list[str]], sink: list | None = None) -> CampaignState:
        return CampaignState.new_chapter(seats, file, seed, short=short, start=start, carried=carried, sink=sink)


CHAPTER = ChapterVariant()
variants.register(CHAPTER)
