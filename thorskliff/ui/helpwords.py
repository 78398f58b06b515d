"""The command line's help in the player's language: argparse with every word
it prints (the helps, usage, the headings, -h) from the catalogue's [cli]
table, and its refusals ("invalid choice", "unrecognized arguments" …) too, one
line each. Here, not in the CLI, because the app's own options (``thorskliff
--help-app``) are read by :func:`thorskliff.ui.app.run` with the same parser."""

from __future__ import annotations

import argparse
from contextlib import contextmanager
from typing import Any

from .i18n import DEFAULT, catalogue, t


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


# argparse says its refusals through gettext (``argparse._``): each message it
# can give for our commands, with the catalogue's key and its fields as
# argparse fills them in. A message not here (a newer Python's wording) stays
# English rather than failing.
_REFUSALS = {
    "argument %(argument_name)s: %(message)s":
        ("err_argument", {"argument": "%(argument_name)s", "problem": "%(message)s"}),
    "unrecognized arguments: %s": ("err_unrecognized", {"args": "%s"}),
    "the following arguments are required: %s": ("err_required", {"args": "%s"}),
    "expected one argument": ("err_one_value", {}),
    "expected at most one argument": ("err_at_most_one_value", {}),
    "expected at least one argument": ("err_values", {}),
    "invalid choice: %(value)r (choose from %(choices)s)":
        ("err_choice", {"value": "%(value)r", "choices": "%(choices)s"}),
    "invalid %(type)s value: %(value)r": ("err_value", {"value": "%(value)r"}),
    "ambiguous option: %(option)s could match %(matches)s":
        ("err_ambiguous", {"option": "%(option)s", "matches": "%(matches)s"}),
    "ignored explicit argument %r": ("err_no_value", {"value": "%r"}),
    "unexpected option string: %s": ("err_unexpected", {"option": "%s"}),
    "not allowed with argument %s": ("err_not_with", {"option": "%s"}),
    "one of the arguments %s is required": ("err_one_of", {"args": "%s"}),
}


def _refusal(msgid: str) -> str:
    """argparse's gettext: the catalogue's text for one of its messages, as a
    %-template with argparse's fields (a literal % in the text doubled)."""
    if msgid not in _REFUSALS:
        return msgid
    key, fields = _REFUSALS[msgid]
    marks = {name: f"\0{name}\0" for name in fields}
    text = help_text(key, **marks).replace("%", "%%")
    for name, field in fields.items():
        text = text.replace(marks[name], field)
    return text


@contextmanager
def _refusals_in_catalogue():
    """argparse's messages from the catalogue while it parses (it reads its
    module's ``_`` at each message; the parse is synchronous, so nothing else
    speaks through argparse meanwhile)."""
    # (by name: argparse's stubs do not declare the gettext it imports as ``_``)
    was = getattr(argparse, "_")
    setattr(argparse, "_", _refusal)
    try:
        yield
    finally:
        setattr(argparse, "_", was)


class HelpParser(argparse.ArgumentParser):
    """argparse with its own words (usage, the headings, -h) from the catalogue
    too, and a refusal as one line: the command, the problem, where the help is."""

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

    def parse_known_args(self, args=None, namespace=None):
        with _refusals_in_catalogue():
            return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        with _refusals_in_catalogue():
            parsed, extra = self.parse_known_args(args, namespace)
            if extra:  # refused by the command they were given to, whose help lists its options
                self._command_parser(parsed).error(_refusal("unrecognized arguments: %s") % " ".join(extra))
            return parsed

    def _command_parser(self, parsed) -> "HelpParser":
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                chosen = action.choices.get(getattr(parsed, action.dest, None) or "")
                if chosen is not None:
                    return chosen
        return self

    def _get_value(self, action, arg_string):
        # argparse names the type ("invalid int value"): say what was wanted instead
        if action.type in (int, float):
            try:
                return action.type(arg_string)
            except ValueError:
                key = "err_whole_number" if action.type is int else "err_number"
                raise argparse.ArgumentError(action, help_text(key, value=repr(arg_string))) from None
        return super()._get_value(action, arg_string)

    def problem(self, message: str) -> str:
        """The refusal's line after ``thorskliff: ``: the command, the problem
        and where its help is."""
        cmd = self.prog.partition(" ")[2]
        return f"{cmd + ': ' if cmd else ''}{message} {help_text('err_see', help=self.prog + ' --help')}"

    def error(self, message: str):
        self.exit(2, f"{self.prog.partition(' ')[0]}: {self.problem(message)}\n")


class Refusal(Exception):
    """A command's refusal as data: a key of the catalogue's [cli_refusal]
    table and its fields, said in the player's language at the one place that
    prints it (:meth:`say`); ``str()`` is the English. A field that can say
    itself (an engine's ``ActionError``) is said in the same language; file
    names, options and values stay as given. ``code`` is the exit status."""

    def __init__(self, key: str, /, *, code: int = 2, **params):
        self.key, self.params, self.code = key, params, code
        super().__init__(self.say("en"))

    def say(self, lang: str) -> str:
        text = catalogue(lang).get(f"cli_refusal.{self.key}") or catalogue(DEFAULT)[f"cli_refusal.{self.key}"]
        return text.format(**{k: _said(v, lang) for k, v in self.params.items()})


class Said(Refusal):
    """A refusal whose words are already said (argparse's, in the catalogue's
    [cli] table), or a loader's problem (a ``LoadError``: file, line and
    the problem in the language asked, where the problem is by key)."""

    def __init__(self, text: Any, /, *, code: int = 2):
        self.text = text
        super().__init__("said", code=code)

    def say(self, lang: str) -> str:
        return self.text.say(lang) if hasattr(self.text, "say") else str(self.text)


class Count(int):
    """A limit of ours in a refusal, grouped as the language writes it
    (1.000.000, 1,000,000); a value the player gave stays as given."""

    def say(self, lang: str) -> str:
        grouped = f"{self:,}"
        return grouped.replace(",", ".") if lang == "de" else grouped


def _said(value, lang: str):
    """A refusal's field in ``lang``: what can say itself (an engine
    message, a :class:`Count`) said; anything else as it is."""
    return value.say(lang) if hasattr(value, "say") else value
