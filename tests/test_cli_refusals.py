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
               "'log', 'replay', 'analyse', 'calibration', 'puzzle', 'ratings', 'position', 'bench', 'simulate', 'serve', "
               "'tutorial') "
               "(siehe 'thorskliff --help')"),
    (["calibration", "--mode", "x"], "thorskliff: --mode 'x' gibt es nicht (zur Wahl: base, base/3, base/4, duell, "
                                     "duell/2)"),
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


# ---------------------------------------------------------------- the commands' own refusals
# (thorskliff.cli.CliError and the app's options: the catalogue's [cli_refusal] table)

import ast  # noqa: E402
import re  # noqa: E402
import string  # noqa: E402
from pathlib import Path  # noqa: E402

#: words of the English lines that no German line may hold (file names taken out first)
ENGLISH = {"is", "are", "not", "no", "the", "and", "or", "must", "needs", "exists", "use", "name", "names",
           "given", "nothing", "was", "written", "at", "least", "most", "seat", "seats", "players", "chapter",
           "takes", "card", "folder", "file", "record", "position", "begins", "decision", "for", "example",
           "number", "seconds", "more", "than", "address", "like", "per", "core", "replace", "it"}


@pytest.fixture
def files(tmp_path, capsys):
    """A record of three seats (seat 2 chooses a beach) and the position file made from it."""
    game, pos = tmp_path / "g.tkr", tmp_path / "p.toml"
    assert main(["new", "--players", "A:Bera,B:Oleif,C:Jorund", "--seed", "3", "-o", str(game)]) == 0
    assert main(["position", str(game), "-o", str(pos)]) == 0
    capsys.readouterr()
    return {"G": str(game), "P": str(pos), "X": str(tmp_path / "x.tkr")}


#: (command line with G the record, P its position file and X no file yet;
#: the option or file the line names; the German line; the English line)
SAID = [
    (["new", "--players", "Anna", "-o", "X"], "--players",
     "--players: 'Anna' hat nicht die Form NAME:HERO (z. B. \"Anna:Bera,Ben:Oleif\")",
     "--players: 'Anna' is not NAME:HERO (e.g. \"Anna:Bera,Ben:Oleif\")"),
    (["new", "--players", "A:Bera,B:Oleif", "-o", "G"], "G",
     "G gibt es schon (--force ersetzt sie)", "G exists (use --force to replace it)"),
    (["new", "--players", "A:Bera,B:Oleif", "--first", "3", "-o", "X"], "--first",
     "--first muss ein Platz 1–2 sein, nicht 3", "--first must be a seat 1–2, not 3"),
    (["new", "--chapter", "1", "--players", "A:Bera,B:Oleif", "--carried", "1:tattoo", "-o", "X"], "--carried",
     "--carried: Kapitel 1 nimmt keine Karte 'tattoo' auf (es nimmt keine)",
     "--carried: chapter 1 takes in no card 'tattoo' (it takes none)"),
    (["new", "--players", "A:Bera,B:Bera", "-o", "X"], "",
     "jeder Held kann nur einmal gewählt werden", "each hero can be chosen once"),  # the engine's, by key
    (["new", "--players", "A:Bera,B:Oleif", "--mode", "base", "-o", "X"], "base",
     "base ist für 3–4 Spieler, nicht 2; zu zweit spielt man duell",
     "base is for 3–4 players, not 2; two players play the duell"),
    (["apply", "G", "fly away"], "'fly away'",
     "'fly away': mit „fly“ beginnt keine Entscheidung (Beispiele: H 1c2-1c3, fight 1c3, end); nichts wurde geschrieben",
     "'fly away': 'fly' begins no decision (for example: H 1c2-1c3, fight 1c3, end); nothing was written"),
    (["apply", "G", "beach 1c3", "--seat", "1"], "'beach 1c3'",
     "'beach 1c3': Spieler 1 entscheidet jetzt nicht; es entscheidet Spieler 2 (R-TURN-5); nichts wurde geschrieben",
     "'beach 1c3': seat 1 does not decide now; seat 2 does (R-TURN-5); nothing was written"),
    (["show", "G", "--seat", "7"], "--seat", "--seat muss ein Platz 1–3 sein, nicht 7",
     "--seat must be a seat 1–3, not 7"),
    (["log", "G", "--seat", "0"], "--seat", "--seat muss ein Platz 1–3 sein, nicht 0",
     "--seat must be a seat 1–3, not 0"),
    (["analyse", "P"], "P",
     "P: ist eine Stellungsdatei: sie hat keine Züge zum Auswerten (analyse nimmt eine Aufzeichnung)",
     "P: is a position file: it has no turns to analyse (analyse takes a record)"),
    (["position", "G", "-o", "G"], "-o G",
     "-o G: ist die Aufzeichnung selbst; die Stellung würde sie ersetzen (nenne eine andere Datei)",
     "-o G: is the record itself; the position would replace it (name another file)"),
    (["bench", "--seconds", "0"], "--seconds", "bench: --seconds muss über 0 und höchstens 3600 sein, nicht 0.0",
     "bench: --seconds must be above 0 and at most 3600, not 0.0"),
    (["simulate", "--games", "2000000", "--seats", "random,random"], "--games",
     "simulate: --games darf höchstens 1.000.000 sein, nicht 2000000",
     "simulate: --games must be at most 1,000,000, not 2000000"),
    (["simulate", "--games", "1", "--level", "leicht,greedy"], "--level",
     "simulate: --level 'greedy' ist keine Stufe (Stufen: leicht, mittel, schwer)",
     "simulate: --level 'greedy' is no level (levels: leicht, mittel, schwer)"),
    (["serve", "--port", "70000"], "--port", "serve: --port muss ein Port 0–65535 sein, nicht 70000",
     "serve: --port must be a port 0–65535, not 70000"),
    (["serve", "--web", "8080", "--web-url", "ftp://x"], "--web-url",
     "serve: --web-url muss eine Adresse wie https://example.org oder http://HOST:PORT sein, nicht 'ftp://x'",
     "serve: --web-url must be an address like https://example.org or http://HOST:PORT, not 'ftp://x'"),
    (["serve", "--login-grace", "0"], "--login-grace", "serve: --login-grace muss mehr als 0 Sekunden sein",
     "serve: --login-grace must be more than 0 seconds"),
    (["--bot-delay", "nan"], "--bot-delay", "--bot-delay muss eine Zahl von Sekunden sein, nicht nan",
     "--bot-delay must be a number of seconds, not nan"),  # the app's own options (no command)
]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("argv, names, german, english", SAID, ids=[" ".join(c[0][:2]) for c in SAID])
def test_the_commands_refusals_in_the_players_language(files, capsys, lang, argv, names, german, english):
    """One line, exit code 2: German without --lang (no English word left in
    it), English with --lang en; the option or file it is about named as given."""
    def filled(text: str) -> str:
        return re.sub(r"\b[GPX]\b(?!:HERO)", lambda m: files[m.group()], text)

    args = [files.get(a, a) for a in argv] + (["--lang", "en"] if lang == "en" else [])
    line = refused(capsys, *args)
    want = german if lang == "de" else english
    assert line == "thorskliff: " + filled(want)
    assert filled(names) in line
    if lang == "de":
        said = re.sub(r"\S+://\S+", "", line.replace(filled(names), "").split(": ", 1)[1])  # addresses as given
        words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", said) if not w.isupper()}  # NAME:HERO stays
        assert not words & ENGLISH, words & ENGLISH


def _fields(text: str) -> set[tuple[str, str | None, str]]:
    return {(name, conv, spec) for _, name, spec, conv in string.Formatter().parse(text) if name is not None}


def test_every_refusal_has_both_texts_with_the_same_fields():
    de, en = (i18n.catalogue(lang) for lang in ("de", "en"))
    keys = {k for k in en if k.startswith("cli_refusal.")}
    assert keys and keys == {k for k in de if k.startswith("cli_refusal.")}
    for key in keys:
        assert _fields(de[key]) == _fields(en[key]), key
        assert de[key] != en[key] or key.endswith(".beach_refused"), key  # that one is only its fields


def test_every_refusal_given_says_a_text_of_the_table_with_its_fields():
    """Each CliError(key, **fields) in cli/ and Refusal(...) in the app names
    a key of [cli_refusal] and gives exactly the fields its text uses; every
    text of the table is used."""
    en = i18n.catalogue("en")
    root = Path(__file__).resolve().parent.parent / "thorskliff"
    used = {"lang"}  # the --lang option's help
    for path in (*sorted((root / "cli").glob("*.py")), root / "ui" / "app.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("CliError", "Refusal"):
                key = node.args[0].value
                given = {k.arg for k in node.keywords} - {"code"}
                assert f"cli_refusal.{key}" in en, (path.name, node.lineno, key)
                assert given == {f[0] for f in _fields(en[f"cli_refusal.{key}"])}, (path.name, node.lineno, key)
                used.add(key)
    assert used == {k.partition(".")[2] for k in en if k.startswith("cli_refusal.")}


def test_a_game_that_cannot_be_set_up_says_why_by_key():
    """engine.messages.SetupError: English as before, German by its key; a
    worker process (simulate --jobs) sends it back by key."""
    import pickle

    from thorskliff.engine.messages import SetupError
    from thorskliff.engine.state import GameState

    with pytest.raises(SetupError) as caught:
        GameState.new("base", [("A", "Bera", "grey"), ("B", "Oleif", "grey"), ("C", "Jorund", "white")], 1)
    err = caught.value
    assert (str(err), err.say("de")) == ("each colour can be chosen once", "jede Farbe kann nur einmal gewählt werden")
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), back.key, back.say("de")) == (SetupError, "colour_twice", err.say("de"))
    with pytest.raises(SetupError) as caught:
        GameState.new("base", [("A", "Bera", "grey"), ("B", "Oleif", "black"), ("C", "Jorund", "white")], 1, first=5)
    assert caught.value.say("de") == "wer zuerst wählt, ist ein Platz 1–3"


def test_no_german_refusal_text_holds_an_english_word():
    """Every text of [cli_refusal] and the engine's [why.setup], not only those
    run above: options, addresses, fields and metavars (NAME:HERO) aside."""
    de = i18n.catalogue("de")
    for key, text in de.items():
        if key.startswith(("cli_refusal.", "why.setup.")):
            said = re.sub(r"\{[^}]*\}|\S+://\S+|--[a-z-]+|-o\b", "", text)
            words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", said) if not w.isupper()}
            assert not words & ENGLISH, (key, words & ENGLISH)
