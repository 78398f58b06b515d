"""The app on a damaged data folder (tests/damaged.py builds 23 kinds): it
never crashes, names the damaged path and the problem, keeps working, and
changes or deletes no file that was there. A save that fails (disk full,
read-only) is told at once; the game goes on in memory and can be saved
elsewhere."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from damaged import GOOD_SAVE, KINDS, _table, drive, snapshot
from thorskliff import record
from thorskliff.ui import app as app_module


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_the_app_survives_a_damaged_data_folder(kind, tmp_path):
    data = tmp_path / "data"
    bad = KINDS[kind](data)
    before = snapshot(data)
    said = await drive(data)  # Pilot re-raises any crash of the app
    after = snapshot(data)
    assert {k: v for k, v in after.items() if k in before} == before, "a file that was there changed"
    assert any(str(bad) in s for s in said), said


@pytest.mark.parametrize("kind, german", [
    ("table_bad_member", "Gruppe 'Sippe': 'Zeus' ist kein Held (Helden: "),
    ("saves_is_file", "saves: ist eine Datei, nicht der Ordner der Spielstände"),
])
async def test_a_damaged_group_row_or_saves_folder_is_said_in_the_apps_language(tmp_path, kind, german):
    """The campaign page's line of a damaged group and the saves list's line of
    a saves folder that is a file were English in the German app."""
    KINDS[kind](tmp_path / "data")
    said = await drive(tmp_path / "data", lang="de")
    assert any(german in s for s in said), said


async def test_a_failed_autosave_is_told_at_once_and_the_game_goes_on(tmp_path, monkeypatch):
    from textual.widgets import Static  # noqa: F401  (the app's widgets load)

    from thorskliff.ui.app import ThorsApp

    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "data"))
    real_write = record.write

    def disk_full(game, path):
        if str(path).startswith(str(tmp_path / "data")):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real_write(game, path)

    monkeypatch.setattr(record, "write", disk_full)
    app = ThorsApp(lang="en", bot_delay=0, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game("duell", [("Anna", "Bera", "brown"), ("Ben", "Oleif", "black")], seed=3, first=0)
        await pilot.pause()
        gs = app._game_screen()
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and "Saving failed" in notes[0] and "No space left on device" in notes[0]
        assert "Save elsewhere" in notes[0]
        gs.session.submit("beach 1c3", 0)  # the game goes on in memory; the same problem is not repeated
        await pilot.pause()
        assert len(list(app._notifications)) == 1 and gs.session.save_problem
        monkeypatch.chdir(tmp_path)
        app.action_save_elsewhere()
        await pilot.pause()
        target = tmp_path / gs.session.path.name
        assert gs.session.path == target and gs.session.save_problem is None
        assert record.load(target).lines == gs.session.game.lines
        assert any(str(target) in n.message for n in app._notifications)


def test_a_crash_of_the_app_exits_non_zero(monkeypatch):
    def crashed(self):
        self._return_code = 1  # what Textual sets when an exception ends the app

    monkeypatch.setattr(app_module.ThorsApp, "run", crashed)
    assert app_module.run(["--lang", "en"]) == 1


def _permissions_apply(folder) -> bool:
    """Whether this process is refused a write into a folder without write bits
    (not so for root with CAP_DAC_OVERRIDE)."""
    probe = folder / "probe"
    probe.mkdir()
    probe.chmod(0o555)
    try:
        (probe / "x").write_text("")
    except PermissionError:
        return True
    finally:
        probe.chmod(0o755)
        shutil.rmtree(probe)
    return False


async def test_a_read_only_data_folder_for_real(tmp_path):
    """A data folder the user may read but not write (no write bits; checked
    as the kernel checks them, not simulated): the app starts, lists the
    saves, names the group table that cannot be written, tells at once that
    the new game cannot be saved, and changes nothing. Run as root, the
    test runs itself again without the capability that lets root write
    anywhere (setpriv), so permissions apply."""
    if _as_a_user("test_a_read_only_data_folder_for_real", tmp_path):
        return
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    save = data / "saves" / "base3.tkr"
    shutil.copy(GOOD_SAVE, save)
    table = _table(data)
    for p in [data, *data.rglob("*")]:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        before = snapshot(data)
        said = await drive(data)
        assert snapshot(data) == before, "a file was changed, made or deleted"
    finally:
        for p in [data, *data.rglob("*")]:
            p.chmod(0o755 if p.is_dir() else 0o644)
    assert any(str(table) in s for s in said), said  # the group table cannot be opened for writing
    assert any("Saving failed" in s and str(data / "saves") in s for s in said), said


def _as_a_user(test_id: str, tmp_path) -> bool:
    """Run the test ``test_id`` again without root's capability to read and
    write anywhere (setpriv); True when that was done (the caller returns)."""
    if _permissions_apply(tmp_path):
        return False
    setpriv = shutil.which("setpriv")
    if os.environ.get("THORSKLIFF_NO_DAC") or not setpriv:
        pytest.skip("permissions do not apply to this process and setpriv is missing")
    # one test in one process: the suite's "-n auto" started workers that each collected it
    out = subprocess.run(
        [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", sys.executable, "-m", "pytest",
         "-p", "no:cacheprovider", "-n", "0", "--basetemp", str(tmp_path / "inner"), f"{__file__}::{test_id}"],
        capture_output=True, text=True, env={**os.environ, "THORSKLIFF_NO_DAC": "1"}, cwd=Path(__file__).parent.parent)
    assert out.returncode == 0 and "1 passed" in out.stdout and "skipped" not in out.stdout, out.stdout[-3000:]
    return True


@pytest.mark.parametrize("closed", ["data", "saves"])
async def test_a_data_or_saves_folder_the_user_cannot_enter(tmp_path, closed):
    """#27.14: a data folder or saves folder of mode 000 ended the app with
    PermissionError (the campaign's 'k', a new game). Now each place says
    in one line what it cannot read and the app goes on."""
    if _as_a_user(f"test_a_data_or_saves_folder_the_user_cannot_enter[{closed}]", tmp_path):
        return
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    folder = data if closed == "data" else data / "saves"
    folder.chmod(0)
    try:
        said = await drive(data)
    finally:
        folder.chmod(0o755)
    assert any(s.startswith("The saves cannot be read: ") and "Permission denied" in s for s in said), said
    assert any(s.startswith("Saving failed: ") and "Permission denied" in s for s in said), said
    if closed == "data":
        assert any(f"{data / 'campaign.sqlite3'}: cannot be opened (Permission denied)" in s for s in said), said


def test_a_position_opened_with_a_data_folder_the_user_cannot_enter(tmp_path, monkeypatch, capsys):
    """#27.14: ``thorskliff --position FILE`` with a data folder of mode 000
    ended with PermissionError; now the game opens and its first save says
    why it fails."""
    if _as_a_user("test_a_position_opened_with_a_data_folder_the_user_cannot_enter", tmp_path):
        return
    from thorskliff.position import to_position

    game = record.load(GOOD_SAVE, auto_chance=False)
    pos = tmp_path / "p.toml"
    pos.write_text(to_position(game.state))
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    data.chmod(0)
    started = []
    monkeypatch.setattr(app_module.ThorsApp, "run", lambda self: started.append(self.start_session))
    try:
        monkeypatch.setenv("THORSKLIFF_DATA", str(data))  # put back after the test (run sets it)
        code = app_module.run(["--position", str(pos), "--data", str(data)])
    finally:
        data.chmod(0o755)
    assert code == 0 and started, capsys.readouterr().err
