"""Bad input as a user meets it, with real files: every loader raises its
own LoadError (file, line or key, problem), every CLI path prints one line
``thorskliff: FILE:LINE: problem`` and exits 2, limits refuse at once, and
no command loses or changes a file it was not asked to write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from thorskliff import durable, record
from thorskliff.campaign.chapter import chapter_path, load_chapter
from thorskliff.cli import CRASH, main
from thorskliff.engine.actions import NotationError, parse
from thorskliff.loaderror import MAX_BYTES, MAX_DEPTH, LoadError
from thorskliff.position import PositionError, from_position, load_position
from thorskliff.record import RecordError
from thorskliff.scenario import ScenarioError, load_mode


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("thorskliff: "), err
    assert "Traceback" not in err and "internal error" not in err
    return err[len("thorskliff: "):].rstrip("\n")


@pytest.fixture
def game(tmp_path, capsys) -> Path:
    path = tmp_path / "g.tkr"
    code, out, err = run(capsys, "new", "--players", "Anna:Bera,Ben:Oleif", "--seed", "5", "--first", "1",
                         "-o", str(path))
    assert code == 0, err
    return path


def test_one_error_class_per_loader_sharing_one_base():
    for cls in (RecordError, PositionError, ScenarioError, NotationError):
        assert issubclass(cls, LoadError) and issubclass(cls, ValueError)
    assert str(RecordError("g.tkr", 7, "bad")) == "g.tkr:7: bad"
    assert str(PositionError("p.toml", "players[0].life", "bad")) == "p.toml: players[0].life: bad"
    assert str(ScenarioError("base.toml", "goal", "bad")) == "base.toml: goal: bad"


@pytest.mark.parametrize("text", ["²>H", "roll M³", "①>H", "block ²", "roll K" + "1" * 5000, "9" * 5000 + ">H"])
def test_unicode_and_huge_digits_are_notation_errors(text):
    with pytest.raises(NotationError):
        parse(text)


def test_a_chapter_file_that_is_not_utf8(tmp_path):
    bad = tmp_path / "chapter9.toml"
    bad.write_bytes(chapter_path(1).read_bytes().replace(b"[chapter]", b"[chapter]\n# \xff\xfe"))
    with pytest.raises(ScenarioError) as info:
        load_chapter(bad)
    assert str(info.value).startswith(f"{bad}:") and "not a text file (UTF-8)" in str(info.value)


def test_replay_and_resume_give_one_line_and_exit_2(game, capsys):
    game.write_text(game.read_text() + "1 fly away\n")
    n = len(game.read_text().splitlines())
    for argv in (("replay", str(game)), ("show", str(game)), ("legal", str(game)), ("--resume", str(game))):
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert one_line(err).startswith(f"{game}:{n}: "), argv


def test_deep_nesting_long_lines_and_huge_files_are_refused_at_once(tmp_path, capsys):
    deep = tmp_path / "deep.tkr"
    deep.write_text("a = " + "[" * 3000 + "]" * 3000 + "\n[decisions]\n")
    wide = tmp_path / "wide.tkr"
    wide.write_text('format = "thorskliff-record/1"\n' + "x" * 200_000 + " = 1\n[decisions]\n")
    digits = tmp_path / "digits.tkr"
    digits.write_text('format = "thorskliff-record/1"\nseed = ' + "7" * 5000 + "\n[decisions]\n")
    huge = tmp_path / "huge.tkr"
    huge.write_bytes(b"# " + b"x" * MAX_BYTES + b"\n")
    expect = {deep: f"{deep}:1: nested deeper than {MAX_DEPTH}", wide: f"{wide}:2: line 2 is 200,004 characters",
              digits: f"{digits}:1: the header is not valid TOML: Exceeds the limit",
              huge: f"{huge}: is larger than 8 MB"}
    german = {deep: f"{deep}:1: tiefer als {MAX_DEPTH} Tabellen", wide: f"{wide}:2: Zeile 2 ist 200004 Zeichen lang",
              digits: f"{digits}:1: der Kopf ist kein gültiges TOML: Exceeds the limit",  # the parser's words stay
              huge: f"{huge}: ist größer als 8 MB"}
    for path, start in expect.items():
        for cmd in ("replay", "--resume", "position"):
            code, out, err = run(capsys, cmd, str(path), "--lang", "en")
            assert code == 2 and one_line(err).startswith(start), (cmd, err)
            code, out, err = run(capsys, cmd, str(path))  # German by default
            assert code == 2 and one_line(err).startswith(german[path]), (cmd, err)
    pos = tmp_path / "deep.toml"
    pos.write_text("a = " + "[" * 3000 + "]" * 3000)
    with pytest.raises(PositionError, match="nested deeper"):
        load_position(pos)
    mode = tmp_path / "deep-mode.toml"
    mode.write_text("[scenario]\nid = " + "{a = " * 60 + "1" + "}" * 60)
    with pytest.raises(ScenarioError, match="nested deeper"):
        load_mode(mode)


def test_bench_and_serve_refuse_bad_numbers(capsys):
    for argv, words in ((("bench", "--seconds", "inf"), "--seconds muss über 0 und höchstens 3600 sein, nicht inf"),
                        (("bench", "--seconds", "nan"), "--seconds muss über 0"),
                        (("serve", "--port", "99999"), "--port muss ein Port 0–65535 sein, nicht 99999"),
                        (("serve", "--idle-timeout", "inf"), "--idle-timeout muss eine Zahl von Sekunden sein")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and words in one_line(err), argv


def test_a_crash_names_where_it_happened_and_exits_non_zero(game, capsys, monkeypatch):
    from thorskliff.cli import games

    def broken(game):
        return {}["no such key"]

    monkeypatch.setattr(games, "_who", broken)
    code, out, err = run(capsys, "legal", str(game))
    line = one_line(err)
    assert code == CRASH != 0
    assert line.startswith("das Programm ist abgestürzt bei thorskliff/") or "test_bad_input.py" in line, line
    assert "KeyError: 'no such key'" in line and ":" in line.split(" bei ", 1)[1]
    code, out, err = run(capsys, "legal", str(game), "--lang", "en")
    assert code == CRASH and one_line(err).startswith("the program crashed at thorskliff/cli/games.py:"), err


# --------------------------------------------------------------------- no file lost


def test_position_onto_its_own_record_is_refused(game, capsys):
    before = game.read_bytes()
    for out in (str(game), str(game.parent / "." / game.name)):
        code, _, err = run(capsys, "position", str(game), "-o", out)
        assert code == 2 and f"-o {out}: ist die Aufzeichnung selbst" in one_line(err)
    assert game.read_bytes() == before
    link = game.parent / "link.tkr"
    os.symlink(game, link)
    code, _, err = run(capsys, "position", str(link), "-o", str(game))
    assert code == 2 and game.read_bytes() == before


def test_apply_keeps_the_records_comments(game, capsys):
    text = game.read_text().replace("[decisions]\n", "# a note before the decisions\n[decisions]\n")
    text += "# the beaches come next\n"
    game.write_text(text)
    code, out, err = run(capsys, "apply", str(game), "beach 1c3")
    assert code == 0, err
    new = game.read_text()
    assert new.startswith(text) and new[len(text):] == "1 beach 1c3\n"
    assert record.load(game).lines[-1] == "1 beach 1c3"


def test_new_onto_a_folder_leaves_nothing_behind(tmp_path, capsys):
    folder = tmp_path / "dir"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    code, out, err = run(capsys, "new", "--players", "A:Bera,B:Oleif", "-o", str(folder), "--force")
    assert code == 2 and f"{folder}: ist ein Ordner" in one_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir"]
    assert [p.name for p in folder.iterdir()] == ["keep.txt"]


def test_durable_write_leaves_no_tmp_and_keeps_the_old_file_on_failure(tmp_path):
    target = tmp_path / "g.tkr"
    durable.write_text(target, "one\n")
    durable.write_text(target, "two\n")
    assert target.read_text() == "two\n" and [p.name for p in tmp_path.iterdir()] == ["g.tkr"]
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(PermissionError):
            durable.write_text(target, "three\n")
    finally:
        tmp_path.chmod(0o700)
    assert target.read_text() == "two\n" and [p.name for p in tmp_path.iterdir()] == ["g.tkr"]


def test_position_file_errors_name_the_file(tmp_path):
    p = tmp_path / "pos.toml"
    p.write_bytes(b"format = \xff")
    with pytest.raises(PositionError, match=rf"^{p}:1: not a text file"):
        load_position(p)
    with pytest.raises(PositionError, match=r"^pos.toml: format: missing key"):
        from_position("", "pos.toml")


# --------------------------------------------------------------------- not a regular file


def test_a_pipe_nobody_writes_to_is_read_at_once(tmp_path, capsys):
    """A FIFO left where a save belongs held open() for ever (the resume screen
    froze on one in the saves folder); it reads as an empty file now."""
    fifo = tmp_path / "pipe.tkr"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match=rf"^{fifo}:1: the file ends inside the header"):
        record.load(fifo)
    code, out, err = run(capsys, "replay", str(fifo))
    assert code == 2 and one_line(err).startswith(f"{fifo}:1: ")
    read, write = os.pipe()  # a pipe with a writer (bash's <(…)) still gives its text
    good = Path(__file__).parent / "records" / "base3-greedy.tkr"
    os.write(write, good.read_bytes())
    os.close(write)
    try:
        assert record.load(f"/dev/fd/{read}").lines == record.load(good).lines
    finally:
        os.close(read)


def test_a_group_table_that_is_a_device_or_a_pipe(tmp_path):
    from thorskliff.campaign.table import TableError, check_table

    link = tmp_path / "campaign.sqlite3"
    link.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.sqlite3"
    os.mkfifo(fifo)
    for path in (link, fifo):  # it said "is a folder" of both
        with pytest.raises(TableError, match=rf"^{path}: is no regular file \(a device, pipe or socket\)"):
            check_table(path)


# --------------------------------------------------------------------- the server's data folder


def _socket_file(folder: Path) -> Path:
    """A Unix socket in ``folder`` (a file that is neither folder nor regular
    file; unlike a device, harmless if old code changed its mode)."""
    import socket

    sock = socket.socket(socket.AF_UNIX)
    old = os.getcwd()
    os.chdir(folder)  # a relative name: the folder's path may be longer than a socket's 108 bytes
    try:
        sock.bind("sock")
    finally:
        os.chdir(old)
    sock.close()
    return folder / "sock"


def test_the_servers_database_when_it_is_not_one(tmp_path):
    """Garbage, another program's database, a link to a socket: one line naming
    the file, and the file left exactly as it was, its mode too (the store
    crashed with "file is not a database", added its tables to another
    program's database, and chmod-ed whatever a link pointed at)."""
    import sqlite3
    import stat

    from thorskliff.host.sqlitestore import SqliteStore

    cases = {}
    for name in ("garbage", "foreign", "link"):
        (tmp_path / name).mkdir(mode=0o700)
        cases[name] = tmp_path / name / "hub.sqlite3"
    cases["garbage"].write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
    db = sqlite3.connect(cases["foreign"])
    with db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    db.close()
    cases["link"].symlink_to(_socket_file(tmp_path))
    expect = {"garbage": "is no readable database of the server's games (file is not a database)",
              "foreign": "is not the server's database (it holds photos)",
              "link": "is no regular file (a device, pipe or socket)"}
    for name, path in cases.items():
        os.chmod(path, 0o644 if name != "link" else 0o755)
        before = (path.read_bytes() if name != "link" else b"", stat.S_IMODE(path.stat().st_mode))
        with pytest.raises((LoadError, OSError)) as info:
            SqliteStore(path)
        assert str(info.value).startswith(f"{path}: ") or info.value.filename == str(path), info.value
        assert expect[name] in str(info.value) and "left as it is" in str(info.value)
        assert (path.read_bytes() if name != "link" else b"", stat.S_IMODE(path.stat().st_mode)) == before, name
        assert sorted(p.name for p in path.parent.iterdir()) == ["hub.sqlite3"], name


def test_the_servers_host_key_when_it_is_not_one(tmp_path):
    import stat

    from thorskliff.ssh.server import HOST_KEY, host_key

    key = tmp_path / HOST_KEY
    key.write_bytes(bytes(range(256)))
    key.chmod(0o644)
    with pytest.raises(LoadError, match=rf"^{key}: is no SSH private key \(Invalid private key\); it is left"):
        host_key(tmp_path)
    assert key.read_bytes() == bytes(range(256)) and stat.S_IMODE(key.stat().st_mode) == 0o644


def test_serve_data_is_a_file_or_a_shared_folder(tmp_path, capsys):
    """``serve --data FILE`` said "File exists"; a folder others share (sticky,
    as /tmp) lost its mode to 0700, locking everyone else out."""
    import stat

    from thorskliff.host.private import private_folder

    afile = tmp_path / "notes.txt"
    afile.write_text("mine\n")
    code, out, err = run(capsys, "serve", "--data", str(afile), "--port", "0")
    assert code == 2 and one_line(err) == f"{afile}: ist eine Datei, kein Ordner"
    code, out, err = run(capsys, "serve", "--data", str(afile), "--port", "0", "--lang", "en")
    assert code == 2 and one_line(err) == f"{afile}: is a file, not a folder"
    assert afile.read_text() == "mine\n"
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    private_folder(shared)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777
    own = tmp_path / "own"
    own.mkdir()
    own.chmod(0o755)  # an older, laxer start's folder is still made owner-only
    private_folder(own)
    assert stat.S_IMODE(own.stat().st_mode) == 0o700


def test_simulate_refuses_numbers_that_would_fill_the_machine(capsys):
    from thorskliff.cli import MAX_GAMES

    assert MAX_GAMES == 1_000_000
    for argv, words in ((("--games", str(10 ** 20)), "--games darf höchstens 1.000.000 sein, nicht 100000000000000000000"),
                        (("--jobs", "100000"), "--jobs darf höchstens")):
        code, out, err = run(capsys, "simulate", "--seats", "random,random", *argv)
        assert code == 2 and words in one_line(err) and not out, argv


def test_a_record_given_as_a_position_is_told_so(game, capsys):
    code, out, err = run(capsys, "--position", str(game), "--lang", "en")
    assert code == 2
    assert one_line(err) == (f"{game}: format: is 'thorskliff-record/1': a game record, not a position "
                             "(thorskliff --resume FILE continues it; thorskliff position FILE writes its last position)")
    code, out, err = run(capsys, "--position", str(game))  # German by default
    assert code == 2
    assert one_line(err) == (f"{game}: format: ist 'thorskliff-record/1': eine Spielaufzeichnung, keine Stellung "
                             "(thorskliff --resume DATEI spielt sie weiter; thorskliff position DATEI schreibt ihre "
                             "letzte Stellung)")


# --------------------------------------------------------------------- newer records, scenario folders


def test_a_record_of_a_newer_version_says_so(game, capsys):
    """A newer version's record has keys this one does not know: the format
    is named first (it said "unknown header key" of the new key)."""
    text = game.read_text().replace('format = "thorskliff-record/1"', 'format = "thorskliff-record/2"\nclock = 30')
    game.write_text(text)
    for cmd in ("replay", "analyse", "show"):
        code, out, err = run(capsys, cmd, str(game), "--lang", "en")
        assert code == 2 and one_line(err) == (
            f"{game}:2: format 'thorskliff-record/2' is not 'thorskliff-record/1': written by another (newer?) "
            "version of thorskliff, which reads it"), cmd
        code, out, err = run(capsys, cmd, str(game))  # German by default
        assert code == 2 and one_line(err) == (
            f"{game}:2: Format 'thorskliff-record/2' ist nicht 'thorskliff-record/1': von einer anderen (neueren?) "
            "Version von thorskliff geschrieben, die es liest"), cmd
    game.write_text(text.replace('"thorskliff-record/2"\nclock = 30', '"thorskliff-record/1"').replace(
        "flow = 2", "flow = 7"))
    code, out, err = run(capsys, "replay", str(game), "--lang", "en")
    assert code == 2 and one_line(err) == f"{game}:3: flow must be one of (1, 2), not 7 (written by a newer version of thorskliff?)"
    code, out, err = run(capsys, "replay", str(game))
    assert code == 2 and one_line(err) == (f"{game}:3: flow muss einer von (1, 2) sein, nicht 7 "
                                           "(von einer neueren Version von thorskliff geschrieben?)")


def test_a_scenario_folder_that_is_missing_empty_or_damaged(tmp_path, capsys, monkeypatch):
    """THORSKLIFF_SCENARIOS naming no folder blamed every record ("unknown mode
    'base' (modes: )"); a damaged copy crashed the app at its setup screen."""
    import shutil

    from thorskliff.scenario import scenario_dir
    from thorskliff.ui import app as app_module

    def no_app(self):
        raise AssertionError("the app started")

    monkeypatch.setattr(app_module.ThorsApp, "run", no_app)
    good = Path(__file__).parent / "records" / "base3-greedy.tkr"
    copy = tmp_path / "copy"
    shutil.copytree(scenario_dir(), copy)
    (copy / "heroes.toml").write_text((copy / "heroes.toml").read_text().replace("life = 8", 'life = "acht"'))
    (tmp_path / "empty").mkdir()
    expect = {tmp_path / "nowhere": ("THORSKLIFF_SCENARIOS names no folder", "THORSKLIFF_SCENARIOS nennt keinen Ordner"),
              tmp_path / "empty": ("holds no scenario file", "enthält keine Szenariodatei"),
              copy: ("Bera.life: must be an integer, not str", "Bera.life: muss eine ganze Zahl sein, nicht str")}
    for folder, (english, german) in expect.items():  # German unless --lang en
        monkeypatch.setenv("THORSKLIFF_SCENARIOS", str(folder))
        code, out, err = run(capsys, "replay", str(good)) if folder != copy else (2, "", "")
        if folder != copy:
            assert code == 2 and german in one_line(err) and one_line(err).startswith(str(folder)), err
        assert app_module.run(["--lang", "en"]) == 2
        assert english in one_line(capsys.readouterr().err), folder
        assert app_module.run([]) == 2
        assert german in one_line(capsys.readouterr().err), folder
        code, out, err = run(capsys, "serve", "--data", str(tmp_path / "data"), "--port", "0")
        assert code == 2 and german in one_line(err), folder


def test_apply_through_a_link_writes_the_record_it_names(game, capsys):
    """The link was replaced by a file of its own and the record it named
    kept the old decisions."""
    link = game.parent / "link.tkr"
    link.symlink_to(game.name)
    code, out, err = run(capsys, "apply", str(link), "beach 1c3")
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == game.name
    assert record.load(game).lines[-1] == "1 beach 1c3"
    assert sorted(p.name for p in game.parent.iterdir()) == ["g.tkr", "link.tkr"]


def test_a_name_in_bytes_that_are_no_utf8(tmp_path, capsys):
    """A player's name from a Latin-1 terminal said "'utf-8' codec can't encode
    character '\\udcff' in position 257: surrogates not allowed"."""
    out = tmp_path / "g.tkr"
    code, _, err = run(capsys, "new", "--players", "Bj\udcf6rn:Bera,Ben:Oleif", "-o", str(out))
    assert code == 2 and one_line(err) == "Bj\\xf6rn:Bera,Ben:Oleif: kein UTF-8-Text (Namen müssen es sein)"
    assert not out.exists()


def test_a_group_asked_for_before_any_table_makes_none(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "data"))
    code, _, err = run(capsys, "new", "--chapter", "1", "--group", "Sippe", "-o", str(tmp_path / "c.tkr"))
    assert code == 2 and one_line(err).startswith("--group: keine Kampagnengruppe namens 'Sippe' (Gruppen: noch keine")
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # it made data/campaign.sqlite3, empty


def test_output_onto_a_device_or_pipe_or_into_no_folder(game, capsys):
    """Run as root, 'position G -o /dev/full' made /dev/full a regular file
    (the temporary file renamed over the device); a pipe stands in for the
    device here. A missing folder named the temporary file."""
    import stat

    fifo = game.parent / "pipe"
    os.mkfifo(fifo)
    for argv, problem in ((("position", str(game), "-o", str(fifo)), "gibt es schon und ist keine Stellungsdatei: nicht ersetzt"),
                          (("new", "--players", "A:Bera,B:Oleif", "-o", str(fifo), "--force"),
                           "ist keine gewöhnliche Datei (ein Gerät, eine Pipe oder ein Socket): "
                           "nenn eine Datei zum Schreiben")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and one_line(err).startswith(f"{fifo}: {problem}"), err
        assert stat.S_ISFIFO(fifo.lstat().st_mode), argv
    nowhere = game.parent / "nowhere"
    code, out, err = run(capsys, "position", str(game), "-o", str(nowhere / "p.toml"))
    assert code == 2 and one_line(err) == f"{nowhere}: Ordner nicht vorhanden"
    code, out, err = run(capsys, "position", str(game), "-o", str(nowhere / "p.toml"), "--lang", "en")
    assert code == 2 and one_line(err) == f"{nowhere}: no such folder"
    assert sorted(p.name for p in game.parent.iterdir()) == ["g.tkr", "pipe"]


def test_serve_names_a_bad_authorized_keys_file_and_host(tmp_path, capsys):
    """They said "'utf-8' codec can't decode byte 0xac in position 0" and
    "Name or service not known", naming neither."""
    garbage = tmp_path / "keys"
    garbage.write_bytes(b"\xac\x00" * 50)
    data = str(tmp_path / "data")
    code, out, err = run(capsys, "serve", "--data", data, "--port", "0", "--authorized-keys", str(garbage))
    assert code == 2 and one_line(err).startswith(f"{garbage}: ist keine Datei authorized_keys: 'utf-8' codec")
    code, out, err = run(capsys, "serve", "--data", data, "--port", "0", "--authorized-keys", str(garbage), "--lang", "en")
    assert code == 2 and one_line(err).startswith(f"{garbage}: is no authorized_keys file: 'utf-8' codec")
    code, out, err = run(capsys, "serve", "--data", data, "--port", "0", "--host", "999.1.1.1")
    assert code == 2 and one_line(err).startswith("--host 999.1.1.1: ")


def test_a_record_saved_with_a_byte_order_mark_reads(tmp_path):
    """An editor on Windows writes one; the header read "not valid TOML:
    Invalid statement" on line 1."""
    good = Path(__file__).parent / "records" / "base3-greedy.tkr"
    bom = tmp_path / "bom.tkr"
    bom.write_text(good.read_text(encoding="utf-8"), encoding="utf-8-sig")
    assert record.load(bom).lines == record.load(good).lines


def test_position_replaces_a_position_file_only(game, capsys):
    """'position G -o notes.txt' replaced the notes without a word."""
    notes = game.parent / "notes.txt"
    notes.write_text("precious\n")
    code, out, err = run(capsys, "position", str(game), "-o", str(notes))
    assert code == 2 and one_line(err) == (f"{notes}: gibt es schon und ist keine Stellungsdatei: nicht ersetzt "
                                          "(nenne eine andere Datei)")
    assert notes.read_text() == "precious\n"
    pos = game.parent / "p.toml"
    for _ in range(2):  # a position file is written, and written again
        code, out, err = run(capsys, "position", str(game), "-o", str(pos))
        assert code == 0, err
    assert record.is_position(pos.read_text())


@pytest.mark.parametrize("decisions", [False, True])
def test_a_record_whose_format_names_a_position_is_told_so_at_that_line(game, capsys, decisions):
    """#27.17: show, log and legal said the first key a position lacks
    ("first: unknown key"), or a TOML error of the first decision line."""
    if decisions:
        assert run(capsys, "apply", str(game), "beach 1c3")[0] == 0
    game.write_text(game.read_text().replace('"thorskliff-record/1"', '"thorskliff-position/1"'))
    before = game.read_bytes()
    for cmd in ("show", "log", "legal"):
        code, out, err = run(capsys, cmd, str(game), "--lang", "en")
        assert code == 2 and one_line(err) == (
            f"{game}:2: format 'thorskliff-position/1' names a position, but the file is a game record (it has "
            "[decisions]): a record's format line reads 'thorskliff-record/1'"), cmd
    code, out, err = run(capsys, "show", str(game))
    assert code == 2 and one_line(err).startswith(f"{game}:2: Format 'thorskliff-position/1' nennt eine Stellung")
    assert game.read_bytes() == before
