"""The win-chance curve on screen: the end screen and the replay say the
same swings as ``thorskliff analyse`` for the same game, and fit 80x24."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from uihelpers import until

from thorskliff import record
from thorskliff.cli import main
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.replay import ReplayScreen
from thorskliff.ui.screens.result import ResultScreen
from thorskliff.ui.session import LocalSession, ReplaySession

RECORDS = Path(__file__).resolve().parent.parent / "records"


def screen_text(app) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def analysed(capsys, path: Path, lang: str) -> dict:
    code = main(["analyse", str(path), "--json", "--lang", lang])
    out, err = capsys.readouterr()
    assert code == 0, err
    i18n.set_lang(lang)  # analyse set it; the app below uses the same
    return json.loads(out)


@pytest.mark.parametrize("name, lang, size", [("base4-greedy", "de", (80, 24)), ("duell-greedy", "en", (120, 40))])
async def test_the_end_screen_says_the_swings_analyse_finds(capsys, monkeypatch, name, lang, size):
    # the swings as the screen shows them before its review replaces them (tests/ui/test_result_review.py)
    monkeypatch.setattr(ResultScreen, "REVIEW_BUDGET", 0)
    path = RECORDS / f"{name}.tkr"
    doc = analysed(capsys, path, lang)
    assert len(doc["swings"]) == 3
    app = ThorsApp(session=LocalSession(record.load(path)), handover=False)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        await pilot.pause()
        text = screen_text(app)
        # every swing, marked as the chart marks it, on one line of the box; the marks are
        # circled and named by the heading (a play-tester read "2  1      3" as an axis)
        for i, sw in enumerate(doc["swings"], 1):
            assert f"{'①②③'[i - 1]} {sw['text']}" in text, sw["text"]
        assert i18n.t("curve.swings_marked", marks="① ② ③") in text
        marks_row = next(r for r in text.splitlines() if "①" in r and "Runde" not in r and "Round" not in r)
        assert sorted(c for c in marks_row if c in "①②③") == ["①", "②", "③"], marks_row
        assert not any(c in "0123456789" for c in marks_row.split("█")[1]), marks_row
        # a line per seat: its name, its curve and its final chance on one row, all inside the box
        final = doc["points"][-1]["chances"]
        rows = text.splitlines()
        for seat, chance in zip(doc["seats"], final):
            row = next(r for r in rows
                       if f" {seat['name']} " in r and "%" in r and any(c in r for c in "▁▂▃▄▅▆▇█"))
            assert f"{round(100 * chance):>3} %" in row
        # the keys are still there at this size
        for key in ("result.to_title", "result.replay", "result.board"):
            assert i18n.t(f"play.{key}") in text
        # the footer is the end screen's own: the game's (t Tipp beside "Zum Titel (t)", e, u) is not shown
        footer = rows[-1]
        assert i18n.t("key.menu") in footer and i18n.t("key.close") in footer, footer
        for gone in ("hint.key", "key.undo", "key.end"):
            assert i18n.t(gone) not in footer, footer


async def test_the_replay_marks_the_step_and_jumps_to_the_swings(capsys):
    path = RECORDS / "base4-greedy.tkr"
    doc = analysed(capsys, path, "de")
    first = min(doc["swings"], key=lambda s: s["turn"])  # the earliest of the three
    end_of_first = doc["points"][first["turn"]]["lines"]
    app = ThorsApp(session=LocalSession(record.load(path)), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and getattr(app.screen, "ready", False),
                    "the replay")
        await pilot.press("s")  # from the end: round to the first swing
        await pilot.pause()
        rs = app.screen
        assert rs.session.at == end_of_first
        prompt = str(rs.query_one("#prompt").render())
        assert prompt.rstrip().endswith(first["text"])  # what moved the chances most in the turn shown
        assert i18n.t("curve.replay_marked", marks="① ② ③") in " ".join(prompt.split())  # what the marks are
        # on screen, whole, at 80x24: the rows of the prompt's region, as a terminal shows them
        r = rs.query_one("#prompt").region
        rows = screen_text(app).splitlines()[r.y:r.bottom]
        shown = [row[r.x:r.right] for row in rows]
        assert first["text"] in " ".join(" ".join(shown).split())
        # the step is at a swing: its mark stays, in reverse, where ↑ would be
        content = rs.query_one("#prompt").render()
        here = [content.plain[sp.start:sp.end] for sp in content.spans if getattr(sp.style, "reverse", False)]
        assert here == ["①②③"[doc["swings"].index(first)]], here
        assert "↑" not in content.plain
        await pilot.press("home")
        await pilot.pause()
        assert "↑" in str(rs.query_one("#prompt").render())  # at the start, no swing: ↑ marks the step
        await pilot.press("s")
        await pilot.pause()
        assert rs.session.at == end_of_first
        await pilot.press("s")
        await pilot.pause()
        later = sorted(doc["points"][s["turn"]]["lines"] for s in doc["swings"])
        assert rs.session.at == later[1]


async def test_the_replay_never_names_the_kind_of_a_potion_still_face_down():
    """R-SECRET-1: the replay says what moved the chances most in the turn shown,
    to whoever watches it (a hosted game's seats and spectators): in this Episch
    record it said "Runde 14, Oleif: Heiltrank kaufen", a potion bought face down
    (a chapter's card said "Eiletrank" chosen the same way). It says that a potion
    was bought, not which; one bought and drunk at once stays named."""
    path = RECORDS / "episch-random.tkr"
    game = record.load(path)
    i18n.set_lang("de")
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(ReplaySession(game)))  # the record ends before the game does
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and getattr(app.screen, "ready", False),
                    "the replay")
        rs = app.screen
        said = []
        for at in range(rs.session.total + 1):
            rs.action_seek(at)
            said.append(" ".join(str(rs.query_one("#prompt").render()).split()))
        said = "\n".join(said)
    for kind in ("heil", "kraft", "eile", "schutz"):
        for key in ("buy", "discard", "gift"):
            assert i18n.t(f"do.{key}", potion=i18n.t(f"potion.{kind}")) + " —" not in said, (key, kind)
    assert "Runde 14, Oleif: " + i18n.t("do.buy_hidden") in said
    assert "Runde 14, Bera: Heiltrank kaufen und sofort trinken" in said  # drunk at once: public


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_swing_never_wraps_between_its_number_and_the_percent(capsys, lang):
    """The replay at 120x40 showed "… — Bot 3 53" on one row and "% → 95 %" on the
    next: the swing line is wrapped as the screen wraps it (Textual's Content), at every
    width a panel may have, and no row begins with "%"."""
    from textual.content import Content

    doc = analysed(capsys, RECORDS / "base4-greedy.tkr", lang)
    for sw in doc["swings"]:
        for width in range(16, 90):
            rows = [line.plain for line in Content(sw["text"]).wrap(width)]
            assert not any(row.lstrip().startswith("%") for row in rows), (width, rows)
    i18n.set_lang("de")


async def test_the_replay_shows_a_turn_start_apart_from_the_decision_before_it():
    """R-FAINT-5: in this record Raghild stands up at her turn's start in round 7, inside
    the line that ends Jorund's turn ("lay 3c2"): the curve has a point for each
    (bots.curve.TURN_START), both at that step. s goes to the turn start's swing and says it
    ("Zugbeginn: Raghild steht auf", no decision); a swing of the turn before, at the same
    step, is shown as its own (point_at alone would show the start's)."""
    from thorskliff.bots.curve import turn_swings

    path = RECORDS / "base3-greedy.tkr"
    game = record.load(path)
    i18n.set_lang("de")
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and getattr(app.screen, "ready", False),
                    "the replay")
        rs = app.screen
        start = next(sw for sw in rs.swings if sw.decision.automatic)
        before = rs.points[start.point - 1]
        assert before.lines == rs.points[start.point].lines  # one step for both points

        def prompt() -> str:
            return " ".join(str(rs.query_one("#prompt").render()).split())

        await pilot.press("home")
        for _ in rs.swings:  # s walks the swings in the record's order, the start among them
            await pilot.press("s")
            await pilot.pause()
            if rs.session.at == before.lines:
                break
        assert prompt().endswith("Runde 7, Raghild: Zugbeginn: Raghild steht auf — 12% → 58%"), prompt()
        # the turn before, ended at the same step, were it a swing: s shows it, then the start
        rs.swings = [turn_swings(rs.points)[before.index - 1], start]
        await pilot.press("home")
        await pilot.press("s")
        await pilot.pause()
        assert rs.session.at == before.lines
        assert prompt().endswith("Runde 7, Jorund: Heldin auf 3c2 legen — Raghild 10% → 12%"), prompt()
        await pilot.press("s")
        await pilot.pause()
        assert rs.session.at == before.lines
        assert prompt().endswith("Runde 7, Raghild: Zugbeginn: Raghild steht auf — 12% → 58%"), prompt()
