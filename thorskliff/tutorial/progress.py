"""The learner's progress: the finished lessons, in ``tutorial.json`` in the
data folder. A damaged file is never a crash: it is read as no progress, the
caller shows the notice (:attr:`Progress.notice` names the file), and at the
next finished lesson the damaged file is kept beside as ``tutorial.json.damaged``
before a new one is written."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..durable import write_text

FILE = "tutorial.json"


class Progress:
    def __init__(self, folder: str | os.PathLike[str]):
        self.path = Path(folder) / FILE
        self.finished: set[str] = set()
        #: the damaged file's name when it was reset (a notice is due), else ""
        self.notice = ""
        self._read()

    def _read(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError):
            self.notice = str(self.path)
            return
        try:
            doc = json.loads(text)
            done = doc["finished"]
            if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            self.notice = str(self.path)
            return
        self.finished = set(done)

    def finish(self, lesson_id: str) -> None:
        """Mark ``lesson_id`` finished and write the file (a folder that cannot
        be written keeps the mark for this session only)."""
        self.finished.add(lesson_id)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.notice and self.path.exists():
                os.replace(self.path, self.path.with_name(FILE + ".damaged"))
                self.notice = ""
            write_text(self.path, json.dumps({"finished": sorted(self.finished)}, indent=1) + "\n")
        except OSError:
            pass
