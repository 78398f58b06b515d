"""Durable writes (issue 15): a process killed in the middle of a write
leaves the target whole, and the hidden temporary file it leaves is swept
by the next write of that file and by the app's start, never a younger one
(a write under way) nor anything not named as durable names its files."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from thorskliff import durable

HOUR = 3600


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def _killed_mid_write(target: Path) -> Path:
    """A child writes ``target`` and is killed with SIGKILL while it fsyncs
    the temporary file; returns the temporary file it left."""
    child = textwrap.dedent(f"""
        import os, sys, time
        from thorskliff import durable
        real = os.fsync
        def stall(fd):
            real(fd)
            print("writing", flush=True)
            time.sleep(60)
        os.fsync = stall
        durable.write_text({str(target)!r}, "new " * 100_000)
    """)
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "writing"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    left = [p for p in target.parent.iterdir() if p.name.startswith(f".{target.name}.")]
    assert len(left) == 1, left
    return left[0]


def test_a_write_killed_midway_leaves_the_old_file_and_the_next_write_sweeps_it(tmp_path):
    target = tmp_path / "game.tkr"
    target.write_text("old")
    left = _killed_mid_write(target)
    assert target.read_text() == "old" and left.name.endswith(".tmp")
    durable.write_text(target, "newer")  # a leftover this young may be a write under way: kept
    assert left.exists()
    _age(left, HOUR)
    durable.write_text(target, "newer still")  # swept once per file and process, not at every write
    assert left.exists()
    durable._swept.clear()  # the next process that writes the file
    durable.write_text(target, "newest")
    assert not left.exists() and target.read_text() == "newest"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.tkr"]


def test_the_sweep_removes_only_stale_leftovers_named_as_durable_names_them(tmp_path):
    stale = tmp_path / ".a.tkr.0123abcd.tmp"
    young = tmp_path / ".b.tkr.89abcdef.tmp"
    foreign = [tmp_path / ".notes.tmp", tmp_path / "a.tkr.0123abcd.tmp", tmp_path / ".a.tkr.XYZ.tmp"]
    folder = tmp_path / ".c.tkr.00000000.tmp"
    for p in (stale, young, *foreign):
        p.write_text("x")
    folder.mkdir()
    for p in (stale, *foreign, folder):
        _age(p, HOUR)
    assert durable.sweep(tmp_path) == [stale]
    assert not stale.exists() and young.exists() and folder.is_dir() and all(p.exists() for p in foreign)
    _age(young, HOUR)
    assert durable.sweep(tmp_path, name="other.tkr") == []  # only the named file's leftovers
    assert durable.sweep(tmp_path, name="b.tkr") == [young]


def test_a_folder_that_cannot_be_read_is_left_alone(tmp_path):
    assert durable.sweep(tmp_path / "missing") == []


async def test_the_app_start_sweeps_the_saves_folder(tmp_path, monkeypatch):
    from thorskliff.ui.app import ThorsApp

    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path))
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saves / "duell-20261201-120000.tkr"
    save.write_text("kept as it is")
    left = saves / f".{save.name}.deadbeef.tmp"
    left.write_text("half a record")
    _age(left, HOUR)
    async with ThorsApp().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert not left.exists() and save.read_text() == "kept as it is"
