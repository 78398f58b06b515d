"""The app on a damaged data folder (tests/damaged.py builds 20 kinds): it
never crashes, names the damaged path and the problem, keeps working, and
changes or deletes no file that was there. A save that fails (disk full,
read-only) is told at once; the game goes on in memory and can be saved
elsewhere."""

from __future__ import annotations

import errno

import pytest

from damaged import KINDS, drive, snapshot
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
