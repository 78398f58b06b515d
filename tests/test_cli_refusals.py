"""argparse's refusals on the command line: one line from the catalogue
(German by default, English with --lang en), exit code 2, no traceback."""

from __future__ import annotations

import argparse
import inspect

import pytest

from thorskliff.cli import main
from thorskliff.ui import i18n
from thorskliff.ui.helpwords import _REFUSALS


def refused(capsys, *argv) -> str:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # the app's own options (no subcommand): argparse exits
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


@pytest.mark.parametrize("argv, line", [
    (["simulate", "--players", "x"],
     "thorskliff: simulate: nicht verstanden: --players x (siehe 'thorskliff simulate --help')"),
    (["simulate", "--games", "x"],
     "thorskliff: simulate: --games: 'x' ist keine ganze Zahl (siehe 'thorskliff simulate --help')"),
    (["bench", "--seconds", "y"],
     "thorskliff: bench: --seconds: 'y' ist keine Zahl (siehe 'thorskliff bench --help')"),
    (["simulate", "--games"],
     "thorskliff: simulate: --games: braucht einen Wert (siehe 'thorskliff simulate --help')"),
    (["new"], "thorskliff: new: es fehlt: -o/--output (siehe 'thorskliff new --help')"),
    (["apply", "r"], "thorskliff: apply: es fehlt: ACTION (siehe 'thorskliff apply --help')"),
    (["log", "r", "--lang", "fr"],
     "thorskliff: log: --lang: 'fr' gibt es nicht (zur Wahl: 'de', 'en') (siehe 'thorskliff log --help')"),
    (["serve", "--max-s", "3"],
     "thorskliff: serve: --max-s ist mehrdeutig: --max-startups, --max-startups-per-source "
     "(siehe 'thorskliff serve --help')"),
    (["new", "--force=1", "-o", "x"],
     "thorskliff: new: --force: nimmt keinen Wert (gegeben: '1') (siehe 'thorskliff new --help')"),
    (["frob"], "thorskliff: COMMAND: 'frob' gibt es nicht (zur Wahl: 'new', 'legal', 'apply', 'show', "
               "'log', 'replay', 'analyse', 'position', 'bench', 'simulate', 'serve') (siehe 'thorskliff --help')"),
    # the app's own options (thorskliff with no command)
    (["--seed", "x"], "thorskliff: --seed: 'x' ist keine ganze Zahl (siehe 'thorskliff --help')"),
    (["--lang", "fr"], "thorskliff: --lang: 'fr' gibt es nicht (zur Wahl: 'de', 'en') (siehe 'thorskliff --help')"),
    (["--frob"], "thorskliff: nicht verstanden: --frob (siehe 'thorskliff --help')"),
])
def test_refusals_are_one_german_line(capsys, argv, line):
    assert refused(capsys, *argv) == line


@pytest.mark.parametrize("argv, line", [
    (["simulate", "--lang", "en", "--games", "x"],
     "thorskliff: simulate: --games: 'x' is not a whole number (see 'thorskliff simulate --help')"),
    (["log", "--lang", "en"],
     "thorskliff: log: the following arguments are required: record (see 'thorskliff log --help')"),
    (["--lang", "en", "--frob"], "thorskliff: unrecognized arguments: --frob (see 'thorskliff --help')"),
])
def test_refusals_in_english_with_lang_en(capsys, argv, line):
    assert refused(capsys, *argv) == line


def test_the_refusals_leave_argparse_and_the_language_as_they_were(capsys):
    was, lang = argparse._, i18n.lang()
    refused(capsys, "simulate", "--lang", "en", "--games", "x")
    assert argparse._ is was and i18n.lang() == lang


def test_every_translated_message_is_argparses_and_in_both_catalogues():
    """A Python whose argparse words a message differently would leave it
    English: this names it."""
    source = inspect.getsource(argparse)
    for msgid, (key, fields) in _REFUSALS.items():
        assert repr(msgid) in source, msgid
        for lang in ("de", "en"):
            text = i18n.catalogue(lang)[f"cli.{key}"]
            assert all("{%s}" % name in text for name in fields), (lang, key)
