"""A damaged scenario file (a user's own scenario folder, THORSKLIFF_SCENARIOS,
or a campaign chapter in it) is one line naming the file and the line or the
key, and the problem: German by default, English with --lang en, never a
traceback (``load.scenario.*``, ``load.chapter.*``, ``load.value.*``)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from thorskliff.campaign.chapter import load_chapter
from thorskliff.cli import main
from thorskliff.loaderror import LoadError
from thorskliff.scenario import ScenarioError, scenario_dir
from thorskliff.ssh.server import HOST_KEY, host_key
from thorskliff.host.sqlitestore import SqliteStore

from test_load_said import _german_words


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A copy of the shipped scenarios, the folder the game reads."""
    copy = tmp_path / "scenarios"
    shutil.copytree(scenario_dir(), copy)
    monkeypatch.setenv("THORSKLIFF_SCENARIOS", str(copy))
    return copy


def _edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old  # the test breaks what it means to break
    path.write_text(text.replace(old, new), encoding="utf-8")


def _said(capsys, argv: list[str]) -> str:
    """What the command line printed, as its one line (exit code 2)."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.removeprefix("thorskliff: ").rstrip("\n")


NEW = ["new", "--players", "A:Bera,B:Oleif"]
CHAPTER = ["new", "--chapter", "1", "--players", "A:Bera,B:Oleif"]

# (file in the folder, what is broken, how, the command, where, English, German)
CASES = {
    "toml_syntax": ("heroes.toml", "[Bera]", "[Bera]\nlife = = 8", NEW, "{file}:{line}: ",
                    "not valid TOML: ", "kein gültiges TOML: "),
    "missing_key": ("duell.toml", 'layout = "crescent"', "", NEW, "{file}: island.layout: ",
                    "missing key", "Schlüssel fehlt"),
    "wrong_type": ("heroes.toml", "life = 8", 'life = "acht"', NEW, "{file}: Bera.life: ",
                   "must be an integer, not str", "muss eine ganze Zahl sein, nicht str"),
    "unknown_hero": ("campaign/chapter1.toml", 'cards = { Bera = ["bera"] }', 'cards = { Berra = ["bera"] }', CHAPTER,
                     "{file}: setup.cards.Berra: ", "unknown hero 'Berra' (heroes: Raghild, Bera, Oleif, Jorund)",
                     "unbekannter Held 'Berra' (Helden: Raghild, Bera, Oleif, Jorund)"),
    "unknown_rule": ("campaign/chapter1.toml", "rules = []", 'rules = ["zauber"]', CHAPTER,
                     "{file}: setup.rules[0]: ", "unknown rule 'zauber' (rules: potions, ",
                     "unbekannte Regel 'zauber' (Regeln: potions, "),
    "unknown_rift": ("duell.toml", 'rifts = "shuffled"', 'rifts = { 1c4 = "gold" }', NEW,
                     "{file}: island.rifts.1c4: ", "unknown rift 'gold' (allowed: kobold, silber, quelle)",
                     "unbekannte Felsspalte 'gold' (erlaubt: kobold, silber, quelle)"),
    "chapter_deck": ("campaign/chapter1.toml", 'sanctuary = ["a", ', 'sanctuary = ["fehlt", ', CHAPTER,
                     "{file}: decks.sanctuary[0]: ", "names a missing card 'fehlt'",
                     "nennt eine fehlende Karte 'fehlt'"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_broken_scenario_file_is_one_line_in_german_and_in_english(folder, tmp_path, capsys, case):
    name, old, new, argv, where, english, german = CASES[case]
    path = folder / name
    _edit(path, old, new)
    # the TOML case's bad line is the one after [Bera]
    line = path.read_text(encoding="utf-8").split(new)[0].count("\n") + 2 if "{line}" in where else 0
    prefix = where.format(file=path.resolve() if name.startswith("campaign") else path, line=line)
    out = ["-o", str(tmp_path / "g.tkr")]
    said = _said(capsys, argv + out)
    assert said.startswith(prefix + german), said
    assert not _german_words(said.removeprefix(prefix).split(" (")[0]), said
    assert _said(capsys, argv + out + ["--lang", "en"]).startswith(prefix + english)
    assert not (tmp_path / "g.tkr").exists()


def test_a_reused_card_that_does_not_fit_says_both_keys_in_german():
    """The problem of a reused card is nested: the key of the reuse, then the
    card's own key and problem, all in the language asked."""
    broken = (Path(__file__).parent / "campaign" / "broken" / "reused_card_needs_a_card.toml").resolve()
    with pytest.raises(ScenarioError) as info:
        load_chapter(broken)
    err = info.value
    assert str(err) == (f"{broken}: reuse[0].cards[0]: in this chapter cards.c1.effects[0].card: "
                        "'tattoo' is not in the special deck")
    assert err.say("de") == (f"{broken}: reuse[0].cards[0]: in diesem Kapitel cards.c1.effects[0].card: "
                             "'tattoo' liegt nicht im Stapel der Sonderkarten")


def test_the_ssh_hosts_database_that_is_someone_elses_is_said_in_german(tmp_path):
    (tmp_path / "d").mkdir(mode=0o700)
    path = tmp_path / "d" / "hub.sqlite3"
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    db.close()
    with pytest.raises(LoadError) as info:
        SqliteStore(path)
    assert str(info.value) == f"{path}: is not the server's database (it holds photos); it is left as it is"
    assert info.value.say("de") == (f"{path}: ist nicht die Datenbank des Servers (sie enthält photos); "
                                    "sie bleibt, wie sie ist")


def test_the_ssh_hosts_key_that_is_none_is_said_in_german(tmp_path):
    key = tmp_path / HOST_KEY
    key.write_bytes(bytes(range(256)))
    with pytest.raises(LoadError) as info:
        host_key(tmp_path)
    assert info.value.say("de").startswith(f"{key}: ist kein privater SSH-Schlüssel (Invalid private key); sie bleibt")
