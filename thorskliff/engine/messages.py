"""What the engine says when it refuses a decision, by key, in English and
German (``locale/en.toml``, ``locale/de.toml`` beside this module).

A refusal is data: a catalogue key and its parameters (:class:`Msg`), carried
by every :class:`~thorskliff.engine.actions.ActionError` with its rule id.
``str(error)`` is the English; the CLI and the app ask for the player's
language (``error.say("de")``). Nothing ever reads the words back: a front
end that wants to know *why* reads ``error.key`` and ``error.params``.

A parameter may itself be a :class:`Msg` (an undo's reason inside "cannot
take back a decision: …"); it is said in the same language. Other
parameters are shown as given (hex labels, numbers, the player's decision).
The catalogues live beside the engine, not in the app, because the CLI and
the records layer say them too; the app's catalogue takes them in under
``why.`` (``thorskliff.ui.i18n``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..loaderror import Keyed

LANGS = ("en", "de")
_HERE = Path(__file__).resolve().parent / "locale"


class Msg(Keyed):
    """One message: its catalogue key (``why.<key>``) and its parameters. As a
    string it is its English text (what the CLI prints); :meth:`say` gives
    it in another language (:func:`text`)."""

    @staticmethod
    def _text_of(key: str, params: Mapping[str, Any], lang: str) -> str:
        return text(key, params, lang)


class SetupError(ValueError):
    """A game that cannot be set up as asked (the players, heroes, colours,
    rifts, the first to choose): a message by key (``why.setup.<key>``) as a
    refused decision has one; ``str()`` is the English, :meth:`say` another
    language (the CLI says it in the player's)."""

    def __init__(self, key: str, params: Mapping[str, Any] | None = None):
        self.msg = Msg(f"setup.{key}", params)
        self.key, self.params = key, dict(self.msg.params)
        super().__init__(str(self.msg))

    def say(self, lang: str = "en") -> str:
        return self.msg.say(lang)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled by key, not by its English words
        return type(self), (self.key, self.params)


def _flatten(doc: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in doc.items():
        if isinstance(v, dict):
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def source(lang: str) -> Path:
    """The file of ``lang``'s messages."""
    return _HERE / f"{lang}.toml"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The messages of ``lang`` by key (``not_neighbour``, ``where.setup``…)."""
    with open(source(lang), "rb") as fh:
        return _flatten(tomllib.load(fh).get("why", {}))


def text(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The message ``key`` in ``lang`` with its parameters filled in; a key
    missing in ``lang`` is said in English, an unknown key as itself."""
    template = catalogue(lang).get(key) if lang in LANGS else None
    if template is None:
        template = catalogue("en").get(key, key)
    if not params:
        return template
    fields = {k: v.say(lang) if hasattr(v, "say") else v for k, v in params.items()}
    return template.format(**fields)


class Shape(str):
    """A notation's shape in a message (``H FROM-TO``, ``buy POTION[!]``):
    its placeholders (the words in capitals of ``why.placeholder``) are said
    in the language, the notation's own words stay."""

    def say(self, lang: str = "en") -> str:
        words = {k.removeprefix("placeholder."): v for k, v in catalogue(lang).items()
                 if k.startswith("placeholder.") and v}
        out, word = [], ""
        for ch in self + " ":
            if ch.isalpha() and ch.isupper():
                word += ch
                continue
            out.append(words.get(word, word) if len(word) > 1 else word)
            out.append(ch)
            word = ""
        return "".join(out)[:-1]
