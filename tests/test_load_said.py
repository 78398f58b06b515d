"""A file that cannot be read is said in the player's language: the
loaders' problems by key (``thorskliff/locale/load.{de,en}.toml``), a refused
decision inside a record by the engine's key; ``str()`` stays English, the
file and the line are named in both."""

from __future__ import annotations

import pickle
import re
import string

import pytest

from thorskliff import loaderror, record
from thorskliff.cli import main
from thorskliff.loaderror import Problem
from thorskliff.record import RecordError
from thorskliff.ui import i18n, saves
from thorskliff.ui.helpwords import Said

#: words of the English lines that no German line may hold
ENGLISH = {"is", "are", "not", "no", "the", "and", "or", "must", "a", "of", "at", "than", "file", "folder",
           "line", "lines", "characters", "long", "most", "valid", "header", "nested", "deeper", "tables",
           "arrays", "such", "found", "cannot", "be", "read", "larger", "game", "record", "does", "decide",
           "now", "seat", "hex", "label"}


def _german_words(line: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", line) if not w.isupper()} & ENGLISH


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_load_problem_has_both_texts_with_the_same_fields():
    de, en = loaderror.catalogue("de"), loaderror.catalogue("en")
    assert set(de) == set(en)
    for key in en:
        assert _fields(de[key]) == _fields(en[key]), key
        if re.sub(r"\{[^}]*\}|rifts|[:\s]", "", en[key]):  # a problem in words, not only a nested one
            assert de[key] != en[key], key
        # „…“ quotes a word as the file writes it („file“, „1a1“): no English to translate
        assert not _german_words(re.sub(r"\{[^}]*\}|„[^“]*“|TOML|UTF-8|MB", "", de[key])), (key, de[key])


@pytest.fixture
def started(tmp_path, capsys):
    """A record of three seats (seat 2 chooses a beach)."""
    game = tmp_path / "g.tkr"
    assert main(["new", "--players", "A:Bera,B:Oleif,C:Jorund", "--seed", "3", "-o", str(game)]) == 0
    capsys.readouterr()
    return game


def test_a_folder_is_said_in_both_languages(tmp_path):
    with pytest.raises(RecordError) as info:
        record.load(tmp_path)
    err = info.value
    assert str(err) == f"{tmp_path}: is a folder, not a file"
    assert err.say("en") == str(err)
    assert err.say("de") == f"{tmp_path}: ist ein Ordner, keine Datei"


def test_bytes_that_are_no_text_name_the_line_in_both_languages(tmp_path):
    path = tmp_path / "bin.tkr"
    path.write_bytes(b"format = 1\n\xff\xfe")
    with pytest.raises(RecordError) as info:
        record.load(path)
    err = info.value
    assert str(err).startswith(f"{path}:2: not a text file (UTF-8)")
    german = err.say("de")
    assert german.startswith(f"{path}:2: keine Textdatei (UTF-8): ") and german.endswith("bei Byte 11")
    assert err.line == 2


def test_a_header_that_is_no_toml_is_said_in_german_with_its_line(tmp_path):
    path = tmp_path / "h.tkr"
    path.write_text("format = = 1\n---\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        record.load(path)
    assert str(info.value).startswith(f"{path}:1: the header is not valid TOML: ")
    assert info.value.say("de").startswith(f"{path}:1: der Kopf ist kein gültiges TOML: ")


def test_a_refused_decision_in_a_record_is_said_in_german_by_the_engines_key(started):
    text = started.read_text(encoding="utf-8") + "1 end\n"
    started.write_text(text, encoding="utf-8")
    n = len(text.splitlines())
    with pytest.raises(RecordError) as info:
        record.load(started)
    err = info.value
    assert str(err).startswith(f"{started}:{n}: seat 1 does not decide now") and "(R-TURN-5)" in str(err)
    german = err.say("de")
    assert german.startswith(f"{started}:{n}: ") and "(R-TURN-5)" in german
    assert not _german_words(german.split(": ", 1)[1]), german


def test_malformed_notation_in_a_record_is_said_in_german(started):
    text = started.read_text(encoding="utf-8") + "2 H 1c3+1c2\n"
    started.write_text(text, encoding="utf-8")
    n = len(text.splitlines())
    with pytest.raises(RecordError) as info:
        record.load(started)
    assert str(info.value).startswith(f"{started}:{n}: '1c3+1c2' is no hex label")
    german = info.value.say("de")
    assert german.startswith(f"{started}:{n}: „1c3+1c2“ ist kein Feldname")
    assert not _german_words(german.split(": ", 1)[1].split(" (")[0]), german


def test_the_command_line_says_a_load_problem_in_the_language_of_lang(tmp_path, capsys):
    for lang, said in (("de", "ist ein Ordner, keine Datei"), ("en", "is a folder, not a file")):
        assert main(["position", str(tmp_path), "-o", str(tmp_path / "p.toml"), "--lang", lang]) == 2
        assert capsys.readouterr().err == f"thorskliff: {tmp_path}: {said}\n"


def test_the_app_says_a_damaged_save_and_a_refused_resume_in_its_language(tmp_path):
    path = tmp_path / "bin.tkr"
    path.write_bytes(b"\xff")
    info = saves.describe(path)
    assert info.problem.startswith(f"{path}:1: not a text file")  # English, as before
    before = i18n.lang()
    try:
        i18n.set_lang("de")
        assert i18n.said(info.why).startswith(f"{path}:1: keine Textdatei")
        i18n.set_lang("en")
        assert i18n.said(info.why) == info.problem
    finally:
        i18n.set_lang(before)
    assert Said(info.why).say("de").startswith(f"{path}:1: keine Textdatei")  # --resume's refusal


def test_a_problem_is_english_as_a_string_and_keeps_its_key_when_pickled():
    p = Problem("too_deep", most=24)
    assert p == "nested deeper than 24 tables or arrays"
    assert p.say("de") == "tiefer als 24 Tabellen oder Listen verschachtelt"
    again = pickle.loads(pickle.dumps(p))
    assert again.key == "too_deep" and again.say("de") == p.say("de")
    assert Problem("no_such_key") == "no_such_key"  # an unknown key as itself, never a crash


@pytest.mark.parametrize("line, key, english, german", [
    ('seed = "x"', "seed", "seed must be an integer, not 'x'", "seed muss eine ganze Zahl sein, nicht 'x'"),
    ('mode = "nirgends"', "mode", "unknown mode 'nirgends' (modes: ", "unbekannte Spielart 'nirgends' (Spielarten: "),
    ("first = 7", "first", "first must be a seat 1–3, not 7", "first muss ein Platz 1–3 sein, nicht 7"),
    ('arrangement = "ABCDEZ"', "arrangement", "arrangement 'ABCDEZ': 'Z' is no block (blocks are A–F)",
     "Anordnung 'ABCDEZ': 'Z' ist kein Block (die Blöcke sind A–F)"),
])
def test_a_records_header_problem_names_its_line_in_both_languages(started, line, key, english, german):
    lines = started.read_text(encoding="utf-8").splitlines()
    at = next((i for i, ln in enumerate(lines) if ln.startswith(f"{key} =")), None)
    if at is None:
        at = 1
        lines.insert(at, line)
    else:
        lines[at] = line
    started.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        record.load(started)
    err = info.value
    assert str(err).startswith(f"{started}:{at + 1}: {english}")
    said = err.say("de")
    assert said.startswith(f"{started}:{at + 1}: {german}")
    assert not _german_words(said.split(": ", 1)[1].split(" (")[0]), said


def test_the_end_of_a_truncated_record_is_said_in_german(started):
    text = started.read_text(encoding="utf-8")
    started.write_text(text.split("\n[decisions]")[0] + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        record.load(started)
    assert "the line [decisions] is missing" in str(info.value)
    assert info.value.say("de").endswith("die Datei endet im Kopf: die Zeile [decisions] fehlt (abgeschnitten?)")


def test_a_group_table_that_cannot_be_used_is_said_in_both_languages(tmp_path):
    import sqlite3

    from thorskliff.campaign.table import TableError, check_table

    with pytest.raises(TableError) as info:
        check_table(tmp_path)
    assert str(info.value) == f"{tmp_path}: is a folder, not the group table file"
    assert info.value.say("de") == f"{tmp_path}: ist ein Ordner, nicht die Datei der Gruppentabelle"
    other = tmp_path / "other.sqlite3"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE notes (x)")
    db.commit()
    db.close()
    with pytest.raises(TableError) as info:
        check_table(other)
    assert str(info.value) == f"{other}: is no group table (it holds notes)"
    german = info.value.say("de")
    assert german == f"{other}: ist keine Gruppentabelle (sie enthält notes)"
    assert not _german_words(german.split(": ", 1)[1]), german


def test_a_position_problem_names_its_key_in_both_languages(started, tmp_path):
    from thorskliff.position import PositionError, load_position

    pos = tmp_path / "p.toml"
    assert main(["position", str(started), "-o", str(pos)]) == 0
    text = pos.read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('mode = "base"', "mode = 7"), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_position(bad)
    err = info.value
    assert str(err) == f"{bad}: mode: must be a string, not int 7"
    german = err.say("de")
    assert german == f"{bad}: mode: muss ein Text sein, nicht int 7"
    assert not _german_words(german.split(": ", 2)[2]), german
    bad.write_text(text.replace('mode = "base"', 'mode = "base"\nwetter = 1'), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_position(bad)
    assert str(info.value).startswith(f"{bad}: wetter: unknown key (allowed: ")
    assert info.value.say("de").startswith(f"{bad}: wetter: unbekannter Schlüssel (erlaubt: ")


@pytest.mark.parametrize("damage, english, german", [
    ("table_bad_member", "group 'Sippe': unknown hero 'Zeus' (heroes: ",
     "Gruppe 'Sippe': 'Zeus' ist kein Held (Helden: "),
    ("table_bad_carried", "group 'Sippe': the carried cards are not a table {seat: [card ids]}: [1, 2]",
     "Gruppe 'Sippe': die mitgenommenen Karten sind keine Tabelle {Platz: [Karten-IDs]}: [1, 2]"),
])
def test_a_damaged_group_row_is_said_wholly_in_german(tmp_path, damage, english, german):
    """The group's own problem (its heroes, its carried cards) was English inside the German line."""
    import damaged
    from thorskliff.campaign.table import CampaignTable, TableError

    path = getattr(damaged, damage)(tmp_path)
    with CampaignTable(path) as table, pytest.raises(TableError) as info:
        table.group("Sippe")
    assert str(info.value).startswith(f"{path}: {english}")
    said = info.value.say("de")
    assert said.startswith(f"{path}: {german}"), said
    assert not _german_words(said.split(": ", 1)[1].split(" (")[0]), said
