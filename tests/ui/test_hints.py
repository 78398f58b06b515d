"""Hints on the game screen (issue 17): the key t asks the search for the
three best decisions of the person deciding now; the screen says them with
their chances, computed off the UI thread while the keys answer; a changed
decision drops the hint; no hint for a bot's decision, a spectator, or at an
SSH host that does not allow them.

The position is tests/test_chances.py's ``fight``: seat 1 (Oleif, M1) may
step into seat 2's hero on M2 (a fight, R-COMBAT-1) or deliver its amber at
the sanctuary next to it (R-AMBER-3)."""

from __future__ import annotations

import re

import pytest
from test_chances import fight
from uihelpers import game_of, until

from thorskliff.bots.chances import choices
from thorskliff.ui.screens.hint import hint_pct
from thorskliff.ui import i18n, words
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.hint import HintPanel
from thorskliff.ui.session import LocalSession

IT = 120


def screen_text(app) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def panel_text(app, selector: str = "#hint-text") -> str:
    """A widget as the screen shows it (the hint's text unless said), its
    lines joined by spaces."""
    r = app.screen.query_one(selector).region
    rows = screen_text(app).split("\n")[r.y:r.y + r.height]
    return " ".join(" ".join(row[r.x:r.x + r.width].split()) for row in rows).strip()


@pytest.fixture(autouse=True)
def _budget(monkeypatch):
    """A small budget and no time cap: the same hint on every run."""
    monkeypatch.setattr(GameScreen, "HINT_ITERATIONS", IT)
    monkeypatch.setattr(GameScreen, "HINT_SECONDS", None)


def session(bots=None) -> LocalSession:
    return LocalSession(game_of(fight(("kraft", "schutz")), auto_chance=True), bots=bots)


async def ready(pilot) -> GameScreen:
    await until(pilot, lambda: getattr(pilot.app.screen, "ready", False), "the game screen built")
    await pilot.pause()
    return pilot.app.screen


def expected(s: LocalSession, seat: int) -> list[str]:
    """What the hint must say, from the search itself on the seat's public copy."""
    obs = s.view(seat)
    got = choices(s.hint_state(seat), seat, n=3, iterations=IT)
    assert len(got) == 3
    # each chance with its uncertainty (issue 30): "Siegchance 73% ±10"
    return [i18n.t("hint.title", name=obs["players"][seat]["name"])] + [
        i18n.t("hint.line", n=n, what=words.decision(str(c.action), obs["step"], obs), pct=hint_pct(c.chance),
               spread=max(1, round(100 * c.spread)))
        for n, c in enumerate(got, 1)] + [i18n.t("hint.basis", n=IT)]


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_key_t_shows_the_three_best_decisions_with_their_chances(lang):
    i18n.set_lang(lang)
    try:
        s = session()
        app = ThorsApp(session=s, handover=False)
        async with app.run_test(size=(120, 40)) as pilot:
            gs = await ready(pilot)
            assert panel_text(app) == ""  # no hint before it is asked for
            await pilot.press("t")
            await until(pilot, lambda: gs._hint_found is not None, "the hint found")
            await pilot.pause()
            said = panel_text(app)
            assert said == " ".join(expected(s, 0)), said
            pct = r"\d{1,3} ?%"
            assert len(re.findall(r"[123]\. [^—]+ — [^0-9]+" + pct, said)) == 3
            assert not gs.query_one(HintPanel).has_class("-working")  # the bar is gone
            assert s.game.lines == [] and s.decider() == 0  # asking decided nothing
    finally:
        i18n.set_lang("de")


async def test_keys_answer_while_the_search_runs_and_a_decision_drops_the_hint(monkeypatch):
    monkeypatch.setattr(GameScreen, "HINT_ITERATIONS", 1_000_000)  # runs until the decision below
    s = session()
    app = ThorsApp(session=s, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        gs = await ready(pilot)
        assert not gs.query("#hint-bar")  # made at the first hint, not at the game's start (#28)
        await pilot.press("t")
        bar = gs.query_one("#hint-bar")
        await until(pilot, lambda: bar.progress > 0, "the search under way")
        assert gs.query_one(HintPanel).has_class("-working") and bar.region.width > 0  # the bar is shown
        assert i18n.t("hint.working", name="P1") in panel_text(app)
        before = panel_text(app, "HexInfo")
        assert "M1" in before
        await pilot.press("right")  # the map's cursor moves on while the search runs
        await until(pilot, lambda: panel_text(app, "HexInfo") != before, "the hex info redrawn")
        first = gs._hint_worker
        assert first is not None and first.is_running and gs._hint_found is None
        await pilot.press("t")  # asked again: the first search gives way to a new one
        await until(pilot, lambda: first.is_finished, "the first search stopped")
        worker = gs._hint_worker
        assert first.is_cancelled and worker is not first and worker.is_running
        await pilot.press("e")  # a decision: the hint's decision point is gone
        await until(pilot, lambda: s.game.lines, "the movement ended")
        await until(pilot, lambda: worker.is_finished, "the search stopped")
        await until(pilot, lambda: not gs.query_one(HintPanel).has_class("-shown") and panel_text(app) == "",
                    "the hint panel hidden")
        assert worker.is_cancelled and gs._hint_found is None


async def test_no_hint_for_a_bot_s_decision_nor_for_a_spectator():
    s = session(bots={0: "heuristic"})
    app = ThorsApp(session=s, handover=False, bot_delay=600)  # the bot waits: it decides "now"
    async with app.run_test(size=(120, 40)) as pilot:
        gs = await ready(pilot)
        assert gs.viewer == 1 and s.decider() == 0
        assert not gs.hint_offered()
        assert i18n.t("hint.cmd") not in [c.title for c in app.get_system_commands(gs)]
        await pilot.press("t")
        await pilot.pause()
        assert panel_text(app, "#status") == i18n.t("hint.bot", name="P1")
        assert gs._hint_worker is None
        gs.viewer = None  # between seats: a spectator's view
        await pilot.press("t")
        await pilot.pause()
        assert panel_text(app, "#status") == i18n.t("hint.spectator")
        assert gs._hint_worker is None


async def test_the_palette_offers_the_hint_to_the_person_deciding():
    s = session()
    app = ThorsApp(session=s, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        gs = await ready(pilot)
        cmd = next(c for c in app.get_system_commands(gs) if c.title == i18n.t("hint.cmd"))
        cmd.callback()
        await until(pilot, lambda: gs._hint_found is not None, "the hint found")
        await pilot.pause()
        assert panel_text(app) == " ".join(expected(s, 0))


async def test_a_host_gives_hints_only_with_serve_hints(tmp_path):
    from thorskliff.host.hub import Hub, HubGame, SeatInfo
    from thorskliff.host.sqlitestore import SqliteStore
    from thorskliff.ui.screens.lobby import SeatScreen

    class Seat(ThorsApp):
        def get_default_screen(self):
            return SeatScreen(self.start_session)

    store = SqliteStore(tmp_path / "hub.sqlite3")
    try:
        for allowed in (False, True):
            hub = Hub(store, hints=allowed)
            hub.games[99] = HubGame(99, game_of(fight(("kraft", "schutz"))), [SeatInfo("alice"), SeatInfo("bob")])
            alice = hub.resume(99, "alice")
            app = Seat(session=alice)
            async with app.run_test(size=(120, 40)) as pilot:
                gs = await ready(pilot)
                await pilot.press("t")
                if not allowed:
                    await pilot.pause()
                    assert panel_text(app, "#status") == i18n.t("hint.host_off")
                    assert gs._hint_worker is None
                    continue
                await until(pilot, lambda: gs._hint_found is not None, "the hint found")
                await pilot.pause()
                local = hub.games[99].local
                assert panel_text(app) == " ".join(expected(local, 0))
    finally:
        store.close()


def test_serve_hints_reaches_the_host(monkeypatch):
    from thorskliff import cli
    from thorskliff.host import host as server

    seen = []
    monkeypatch.setattr(server, "serve", lambda config: seen.append(config) or 0)
    assert cli.main(["serve", "--port", "0"]) == 0
    assert cli.main(["serve", "--port", "0", "--hints"]) == 0
    assert [c.hints for c in seen] == [False, True]


async def test_a_hint_shown_follows_a_language_switch():
    s = session()
    app = ThorsApp(session=s, handover=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            gs = await ready(pilot)
            await pilot.press("t")
            await until(pilot, lambda: gs._hint_found is not None, "the hint found")
            app.action_switch_lang()
            await pilot.pause()
            assert i18n.lang() == "en"
            assert panel_text(app) == " ".join(expected(s, 0))
            assert "Siegchance" not in panel_text(app) and "chance to win" in panel_text(app)
    finally:
        i18n.set_lang("de")


async def test_the_combat_dialog_asks_for_a_hint_with_t_and_shows_it_in_its_own_panel():
    """The rulebook's combat example right after the attack roll (R-COMBAT-1):
    the dialog is on top; t there searches for the one deciding and the
    dialog shows the same three decisions as the game screen's panel, each
    one the dialog's list offers."""
    from uihelpers import combat_example

    from thorskliff.ui.screens.combat import CombatScreen

    s = LocalSession(game_of(combat_example(), auto_chance=True))
    app = ThorsApp(session=s, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CombatScreen) and app.screen.last is not None,
                    "the combat dialog open")
        dialog = app.screen
        gs = dialog.gs
        seat = s.decider()
        assert gs.viewer == seat and gs.hint_offered()
        assert i18n.t("hint.cmd") in [c.title for c in app.get_system_commands(dialog)]
        decided = len(s.game.lines)
        await pilot.press("t")
        await until(pilot, lambda: gs._hint_found is not None, "the hint found")
        await pilot.pause()
        assert app.screen is dialog  # the dialog stays on top
        said = panel_text(app)  # the dialog's own panel, as the screen shows it
        lines = gs.hint_lines()
        assert said == " ".join(lines), said
        assert len(re.findall(r"[123]\. [^—]+ — [^0-9]+\d{1,3} ?%", said)) == 3
        offered = {str(p) for _, p, _ in gs._decision_items()}
        got, _ = gs._hint_found
        assert all(gs._hint_words(c.action) in offered for c in got)
        assert len(s.game.lines) == decided and s.decider() == seat  # asking decided nothing
