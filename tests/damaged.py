"""Damaged data folders, and the app driven through them with Pilot.

Each kind in :data:`KINDS` builds a data folder (``THORSKLIFF_DATA``) the way
real damage leaves one: a cut or scrambled save, a group table that is no
SQLite file any more, a folder where a file belongs, a table row whose
history the engine refuses, a chapter file gone. :func:`drive` opens the
app on it, visits the saved games, the campaign (and resumes its chapter),
then starts a new game, which saves at once. tests/test_data_folder.py runs
every kind; scripts/fuzz.py runs them too and counts crashes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

RECORDS = Path(__file__).parent / "records"
GOOD_SAVE = RECORDS / "base3-greedy.tkr"


def _save_text() -> str:
    return GOOD_SAVE.read_text(encoding="utf-8")


def _table(data: Path, *, start: bool = True) -> Path:
    """A healthy group table with one group and chapter 1 in progress."""
    from thorskliff.campaign.table import CampaignTable

    path = data / "campaign.sqlite3"
    with CampaignTable(path) as table:
        table.create_group("Sippe", [("Astrid", "Bera", "brown"), ("Björn", "Oleif", "black")])
        if start:
            table.start_chapter("Sippe", 1, seed=7)
    return path


def _row(data: Path, sql: str, *args) -> None:
    path = _table(data)
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


def _saves(data: Path) -> Path:
    d = data / "saves"
    d.mkdir(parents=True, exist_ok=True)
    return d


def save_garbage(data: Path) -> Path:
    p = _saves(data) / "duell-1.tkr"
    p.write_bytes(bytes(range(256)) * 8)
    return p


def save_truncated(data: Path) -> Path:
    p = _saves(data) / "base-cut.tkr"
    text = _save_text()
    p.write_text(text[: len(text) // 3], encoding="utf-8")
    return p


def save_cut_in_header(data: Path) -> Path:
    p = _saves(data) / "base-head.tkr"
    p.write_text(_save_text()[:120], encoding="utf-8")
    return p


def save_illegal_line(data: Path) -> Path:
    p = _saves(data) / "base-illegal.tkr"
    p.write_text(_save_text() + "1 H S-6c4\n", encoding="utf-8")
    return p


def save_deep(data: Path) -> Path:
    p = _saves(data) / "deep.tkr"
    p.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n[decisions]\n", encoding="utf-8")
    return p


def save_not_utf8(data: Path) -> Path:
    p = _saves(data) / "latin1.tkr"
    p.write_bytes(_save_text().encode("utf-8").replace(b"[decisions]", b"# Bj\xf6rn\n[decisions]"))
    return p


def save_is_folder(data: Path) -> Path:
    p = _saves(data) / "folder.tkr"
    p.mkdir()
    (p / "inside.txt").write_text("not a save")
    return p


def save_dangling_link(data: Path) -> Path:
    p = _saves(data) / "gone.tkr"
    p.symlink_to(data / "nowhere" / "gone.tkr")
    return p


def save_fifo(data: Path) -> Path:
    p = _saves(data) / "pipe.tkr"
    os.mkfifo(p)
    return p


def save_device_link(data: Path) -> Path:
    p = _saves(data) / "zero.tkr"
    p.symlink_to("/dev/zero")
    return p


def saves_is_file(data: Path) -> Path:
    data.mkdir(parents=True, exist_ok=True)
    p = data / "saves"
    p.write_text("a file where the folder of saves belongs\n")
    return p


def table_garbage(data: Path) -> Path:
    data.mkdir(parents=True, exist_ok=True)
    p = data / "campaign.sqlite3"
    p.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    return p


def table_truncated(data: Path) -> Path:
    path = _table(data)
    db = sqlite3.connect(path)  # fill a few pages, so that a cut loses some
    with db:
        db.execute("UPDATE chapters SET history = ?", (json.dumps(["1 end"] * 2000),))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    return path


def table_is_folder(data: Path) -> Path:
    p = data / "campaign.sqlite3"
    p.mkdir(parents=True)
    return p


def table_device_link(data: Path) -> Path:
    data.mkdir(parents=True, exist_ok=True)
    p = data / "campaign.sqlite3"
    p.symlink_to("/dev/zero")
    return p


def table_foreign(data: Path) -> Path:
    data.mkdir(parents=True, exist_ok=True)
    p = data / "campaign.sqlite3"
    db = sqlite3.connect(p)
    with db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO photos(name) VALUES ('holiday')")
    db.close()
    return p


def table_illegal_history(data: Path) -> Path:
    _row(data, "UPDATE chapters SET history = ?", json.dumps(["1 H S-6c4", "2 end"]))
    return data / "campaign.sqlite3"


def table_history_not_list(data: Path) -> Path:
    _row(data, "UPDATE chapters SET history = ?", "5")
    return data / "campaign.sqlite3"


def table_history_not_json(data: Path) -> Path:
    _row(data, "UPDATE chapters SET history = ?", "[\"1 end\", ")
    return data / "campaign.sqlite3"


def table_chapter_gone(data: Path) -> Path:
    gone = data / "own-chapters" / "chapter1-mine.toml"
    _row(data, "UPDATE chapters SET file = ?", str(gone))
    return gone


def table_bad_carried(data: Path) -> Path:
    _row(data, "UPDATE groups SET carried = ?", "[1, 2]")
    return data / "campaign.sqlite3"


def table_bad_member(data: Path) -> Path:
    _row(data, "UPDATE members SET hero = ? WHERE seat = 1", "Zeus")
    return data / "campaign.sqlite3"


def data_is_file(data: Path) -> Path:
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("a file where the data folder belongs\n")
    return data


#: kind -> builder(data folder) -> the damaged path, which the app must name
KINDS: dict[str, Callable[[Path], Path]] = {f.__name__: f for f in (
    save_garbage, save_truncated, save_cut_in_header, save_illegal_line, save_deep, save_not_utf8,
    save_is_folder, save_dangling_link, saves_is_file, table_garbage, table_truncated, table_is_folder,
    save_fifo, save_device_link, table_device_link, table_foreign, table_illegal_history, table_history_not_list, table_history_not_json, table_chapter_gone,
    table_bad_carried, table_bad_member, data_is_file)}


def snapshot(root: Path) -> dict[str, str]:
    """Every file and folder under ``root`` (itself included) with a hash of
    its bytes; SQLite's own -wal/-shm companions left out."""
    out: dict[str, str] = {}
    if root.is_symlink() or root.is_file():
        return {".": _hash(root)}
    if not root.exists():
        return out
    for p in sorted(root.rglob("*")):
        if p.name.endswith(("-wal", "-shm")):
            continue
        out[str(p.relative_to(root))] = _hash(p)
    return out


def _hash(p: Path) -> str:
    if p.is_symlink():
        return "link:" + str(p.readlink())
    if p.is_dir():
        return "folder"
    if not p.is_file():  # a pipe (reading it would wait for a writer)
        return "pipe"
    return hashlib.sha256(p.read_bytes()).hexdigest()


async def drive(data: Path, lang: str = "en") -> list[str]:
    """Open the app on ``data`` and go everywhere the data folder is read
    or written; returns every text the app showed about it (notices, the
    saves list's problem lines, the group screen's problem line). Raises
    whatever the app raised (Pilot re-raises a crash)."""
    import os

    from textual.widgets import OptionList, Static

    from thorskliff.ui import i18n
    from thorskliff.ui.app import ThorsApp
    from thorskliff.ui.screens.campaign import CampaignScreen, GroupScreen
    from thorskliff.ui.screens.game import GameScreen
    from thorskliff.ui.screens.resume import ResumeScreen
    from thorskliff.ui.screens.title import TitleScreen

    old = os.environ.get("THORSKLIFF_DATA")
    os.environ["THORSKLIFF_DATA"] = str(data)
    said: list[str] = []
    try:
        app = ThorsApp(lang=lang, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            said += [str(w.render()) for w in app.screen.query(Static) if w.id == "r-problem"]
            menu = app.screen.query_one(OptionList)
            said += [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)
                     if menu.get_option_at_index(i).disabled]
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("k")
            await pilot.pause()
            if isinstance(app.screen, CampaignScreen):
                menu = app.screen.query_one(OptionList)
                for i in range(menu.option_count):
                    opt = menu.get_option_at_index(i)
                    if opt.disabled:
                        said.append(str(opt.prompt))
                    elif opt.id != "@new":
                        app.push_screen(GroupScreen(opt.id))
                        await pilot.pause()
                        if app.screen.query("#grp-resume"):
                            await pilot.click("#grp-resume")
                            await pilot.pause()
                        if isinstance(app.screen, GroupScreen):
                            said.append(str(app.screen.query_one("#grp-problem", Static).render()))
                        app.pop_to_title()
                        await pilot.pause()
            app.pop_to_title()
            await pilot.pause()
            app.start_game("duell", [("Anna", "Bera", "brown"), ("Ben", "Oleif", "black")], seed=3, first=0)
            await pilot.pause()
            gs = app._game_screen()
            assert isinstance(gs, GameScreen), app.screen_stack
            gs.session.submit("beach 1c3", 0)
            gs.session.save()
            await pilot.pause()
            said += [n.message for n in app._notifications]
        return said
    finally:
        i18n.set_lang("de")
        if old is None:
            os.environ.pop("THORSKLIFF_DATA", None)
        else:
            os.environ["THORSKLIFF_DATA"] = old
        shutil.rmtree(data / "nowhere", ignore_errors=True)
