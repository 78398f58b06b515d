"""The command line's help in the player's language: argparse with every word
it prints (the helps, usage, the headings, -h) from the catalogue's [cli]
table. Here, not in the CLI, because the app's own options (``thorskliff
--help-app``) are read by :func:`thorskliff.ui.app.run` with the same parser."""

from __future__ import annotations

import argparse

from .i18n import t


def help_text(key: str, **fields) -> str:
    """A help text of the command line, from the catalogue's [cli] table (in the
    language of --lang, German by default; see :func:`cli_lang`)."""
    return t(f"cli.{key}", **fields)


def cli_lang(argv: list[str]) -> str:
    """The language of the command line's help: the last ``--lang de|en`` (or
    ``--lang=en``) given anywhere in ``argv``, else German (the game's first
    language); an unknown one is left to argparse to refuse."""
    lang = "de"
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg.partition("=")[2] \
            if arg.startswith("--lang=") else None
        if value in ("de", "en"):
            lang = value
    return lang


class HelpParser(argparse.ArgumentParser):
    """argparse with its own words (usage, the headings, -h) from the catalogue too."""

    def __init__(self, *a, **kw):
        kw["add_help"] = False
        super().__init__(*a, **kw)
        self._positionals.title = help_text("positionals")
        self._optionals.title = help_text("options")
        self.add_argument("-h", "--help", action="help", help=help_text("help"))

    def format_usage(self) -> str:
        return self._said(super().format_usage())

    def format_help(self) -> str:
        return self._said(super().format_help())

    @staticmethod
    def _said(text: str) -> str:
        return help_text("usage") + text[len("usage: "):] if text.startswith("usage: ") else text
