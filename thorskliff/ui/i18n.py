"""Every player-facing text comes from a catalogue (``locale/de.toml``,
``locale/en.toml``); German is the default.

Keys are dotted paths into the TOML tables (``title.new``); texts use
``str.format`` fields (``{name}``). A key missing from a catalogue falls back
to German, then to the key itself, so a gap shows up on screen instead of
crashing a game in progress.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import messages
from .remembered import remembered

LANGS = ("de", "en")
DEFAULT = "de"
_HERE = Path(__file__).resolve().parent / "locale"
_lang = DEFAULT


def _flatten(doc: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in doc.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = v
    return out


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The app's texts and, under ``why.``, the engine's messages
    (``thorskliff/engine/locale``, which the CLI says too)."""
    def build() -> dict[str, str]:
        with open(_HERE / f"{lang}.toml", "rb") as fh:
            out = _flatten(tomllib.load(fh))
        out.update({f"why.{k}": v for k, v in messages.catalogue(lang).items()})
        return out

    return remembered(f"catalogue-{lang}", [_HERE / f"{lang}.toml", messages.source(lang)], build)


def said(what: Any) -> str:
    """An engine message (an ``ActionError`` or a ``Msg``, by key) in the
    app's language; anything else as its text. A decision, a potion or an
    epic card among its parameters is said in the game's words, not in the
    notation (the CLI keeps the notation). A refusal's rule id is left out:
    players read sentences, the rule pages, the JSON and the CLI keep the ids."""
    if not hasattr(what, "say"):
        return str(what)
    key, params = getattr(what, "key", None), getattr(what, "params", None)
    also = getattr(what, "also", ())
    if key and hasattr(what, "rule"):  # an ActionError: its say() would append "(R-…)"
        text = messages.text(key, _shown(key, params) if params else {}, _lang)
        return "; ".join([text, *(said(e) for e in also)])  # every reason the engine gave
    return what.say(_lang)


#: how a message's parameters are said in the game's words (a decision, a potion, a
#: card): words.shown_params, which words registers when it is imported (it reads this
#: module's texts, so this one does not import it); the notation until then
_shown_by: list = []


def _shown(key: str, params: dict) -> dict:
    return _shown_by[0](key, params) if _shown_by else dict(params)


def set_lang(lang: str) -> None:
    global _lang
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGS)})")
    _lang = lang


def lang() -> str:
    return _lang


def has(key: str) -> bool:
    return key in catalogue(_lang) or key in catalogue(DEFAULT)


def t(key: str, **fields) -> str:
    text = catalogue(_lang).get(key)
    if text is None:
        text = catalogue(DEFAULT).get(key, key)
    if isinstance(text, list):
        text = "\n".join(text)
    if fields:
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def tl(key: str) -> list[Any]:
    """A list from the catalogue (table rows and the like)."""
    val: Any = catalogue(_lang).get(key)  # the catalogue's values are texts and, here, lists
    if val is None:
        val = catalogue(DEFAULT).get(key) or []
    return val
