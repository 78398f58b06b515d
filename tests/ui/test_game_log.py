"""The game log drawn from the engine's events as the viewer may know them:
what it says after exact decisions (a move, the rulebook's combat with its
printed dice), a potion bought by another seat (R-SECRET-1/2), an undo and
a replay's steps (the rows of the lines taken back are cut, the rest stays),
in German and English."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from helpers import begin, place, position
from mirror import Mirror
from test_event_views import example_session
from uihelpers import game_of, until

from thorskliff import record
from thorskliff.ui import glyphs as G
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.handover import HandOver
from thorskliff.ui.session import LocalSession, ReplaySession
from thorskliff.ui.widgets.panels import GameLog


def log_text(screen) -> str:
    """The log's rows joined, white space folded (a long line wraps under its first word)."""
    return " ".join(" ".join(strip.text.split()) for lg in screen.query(GameLog) for strip in lg.lines)


def rows(screen) -> list[str]:
    return [strip.text.rstrip() for lg in screen.query(GameLog) for strip in lg.lines]


def in_order(text: str, lines: list[str]) -> None:
    """Each of ``lines`` in ``text``, one after the other."""
    at = 0
    for line in lines:
        found = text.find(line, at)
        assert found >= 0, f"{line!r} not after position {at} in {text!r}"
        at = found + len(line)


#: the rulebook's combat example, variant A (R-COMBAT-1): Oleif (P1) with two
#: warriors attacks Bera's (P2) three on 1c3; attack M3 M1 K1 K1, counter K1 K2 K2;
#: Bera assigns 1 to Oleif and the 2s to his warriors; Oleif retreats, plunder 2
COMBAT_DE = [
    "P1: Oleif 1c2→1c3", "P1: Krieger 1c2→1c3", "P1: Krieger 1c2→1c3",
    "⚔ Kampf auf 1c3: P1 greift P2 an",
    "Angriffswurf: M⚂3 M⚀1 K⚀1 K⚀1",
    "■ Krieger 1 von P2: 2 Schaden", "■ Krieger 1 von P2 besiegt",
    "■ Krieger 2 von P2: 4 Schaden", "■ Krieger 2 von P2 besiegt",
    "Gegenwurf: K⚀1 K⚁2 K⚁2",
    "▲ Oleif: 1 Schaden (♥10→9)",
    "▲ Krieger 1 von P1: 2 Schaden", "▲ Krieger 1 von P1 besiegt",
    "▲ Krieger 2 von P1: 2 Schaden", "▲ Krieger 2 von P1 besiegt",
    "▲ Oleif zieht sich zurück: 1c3→1c2",
    "▲ Beute: P1 erhält 2 Taler",
]
COMBAT_EN = [
    "P1: Oleif 1c2→1c3", "P1: Warrior 1c2→1c3",
    "⚔ Combat on 1c3: P1 attacks P2",
    "Attack roll: M⚂3 M⚀1 K⚀1 K⚀1",
    "■ Warrior 1 of P2: 2 damage", "■ Warrior 1 of P2 defeated",
    "Counter roll: K⚀1 K⚁2 K⚁2",
    "▲ Oleif: 1 damage (♥10→9)",
    "▲ Oleif retreats: 1c3→1c2",
    "▲ Plunder: P1 gets 2 Taler",
]


def fought() -> LocalSession:
    session = example_session()
    for hit in ("1>H", "2>W1", "2>W2"):
        session.submit(hit, 1)
    return session


@pytest.mark.parametrize("lang,want", [("de", COMBAT_DE), ("en", COMBAT_EN)])
async def test_a_move_and_the_rulebooks_combat_in_the_log(lang, want):
    i18n.set_lang(lang)
    try:
        session = fought()
        app = ThorsApp(session=session, handover=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the game")
            await pilot.pause()
            in_order(log_text(app.screen), want)
            shown = rows(app.screen)
            # the combat's events stand indented under it; the plunder, paid after it, does not
            fight = next(i for i, r in enumerate(shown) if "1c3: P1" in r)
            assert shown[fight].startswith(G.FIGHT)
            assert all(r.startswith("  ") for r in shown[fight + 1:fight + 4])
            assert not shown[-1].startswith(" ")
            # dice are drawn as dice: each on its kind's colour
            log = app.screen.query_one(GameLog)
            faces = [(seg.text.strip(), seg.style.bgcolor.name) for strip in log.lines for seg in strip
                     if seg.style and seg.style.bgcolor and seg.text.strip()[:1] in "KMGS" and "⚀" <= seg.text.strip()[1:2] <= "⚅"]
            assert faces[:4] == [("M⚂3", G.DIE_BG["M"]), ("M⚀1", G.DIE_BG["M"]), ("K⚀1", G.DIE_BG["K"]),
                                 ("K⚀1", G.DIE_BG["K"])]
    finally:
        i18n.set_lang("de")


def buying() -> LocalSession:
    """P1 on the market M1 with 10 Taler in its action phase (R-ACT-1)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].taler = 10
    begin(st, 0, 3)
    return LocalSession(game_of(st, auto_chance=True))


@pytest.mark.parametrize("lang,own,hidden", [
    ("de", "P1 kauft einen Trank: Krafttrank (−3 Taler)", "P1 kauft einen Trank: verdeckt (−3 Taler)"),
    ("en", "P1 buys a potion: Krafttrank (−3 Taler)", "P1 buys a potion: face down (−3 Taler)"),
])
async def test_a_potion_bought_reads_by_kind_to_its_owner_and_hidden_to_the_next_seat(lang, own, hidden):
    """R-SECRET-1/2: at the hand-over the log is written anew for the next
    seat, from the events it may see; the kind never reaches its screen."""
    i18n.set_lang(lang)
    try:
        session = buying()
        app = ThorsApp(session=session, handover=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HandOver), "the hand-over to P1")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "P1's screen")
            game = app.screen
            game.decide("buy kraft")
            await until(pilot, lambda: own in log_text(game), "the purchase in P1's log")
            while session.decider() == 0:
                game.decide("end")
            await until(pilot, lambda: isinstance(app.screen, HandOver), "the hand-over to P2")
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is game and game.viewer == 1, "P2 at the keyboard")
            await pilot.pause()
            text = log_text(game)
            assert hidden in text, text
            assert "Krafttrank" not in text and "kraft" not in text.lower(), text
    finally:
        i18n.set_lang("de")


async def test_an_undo_cuts_the_log_back_and_it_goes_on_from_there():
    """R-TURN-4: P1's warrior's step taken back, its row goes and the rest
    stays; the next step is written after it, as a log written afresh says."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the game")
        gs = app.screen
        log = gs.query_one(GameLog)
        gs.decide("H 1c2-1c1")
        gs.decide("W 1c2-1c1")
        await pilot.pause()
        assert rows(gs) == ["▲  P1: Oleif 1c2→1c1", "▲  P1: Krieger 1c2→1c1"]
        gs.action_undo()
        await pilot.pause()
        assert rows(gs) == ["▲  P1: Oleif 1c2→1c1"] and log.count == 1
        gs.decide("W 1c2-1b2")
        await pilot.pause()
        assert rows(gs) == ["▲  P1: Oleif 1c2→1c1", "▲  P1: Krieger 1c2→1b2"]
        log.reset()
        gs.redraw()
        await pilot.pause()
        assert rows(gs) == ["▲  P1: Oleif 1c2→1c1", "▲  P1: Krieger 1c2→1b2"]


async def test_the_replay_viewers_log_at_a_step():
    """A saved game (tests/records/base3-greedy.tkr) at step 57: Jorund's
    attack on Bera at the sanctuary (R-COMBAT-1) with its dice and damage;
    a step back cuts the last line's rows (the counter roll and what it did),
    a step forward writes them again, once."""
    from pathlib import Path

    from thorskliff import record
    from thorskliff.ui.screens.replay import ReplayScreen

    path = Path(__file__).parent.parent / "records" / "base3-greedy.tkr"
    session = ReplaySession(record.load(path, auto_chance=False))
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(session)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and getattr(screen, "ready", False), "the replay")
        screen.action_seek(57)
        await pilot.pause()
        at57 = log_text(screen)
        combat = ["◆ Runde 5: Jorund ist am Zug"[2:], "▲ Jorund: Jorund M4→S", "⚔ Kampf auf dem Heiligtum (S): Jorund greift Bera an",
                  "Angriffswurf: M⚁2 M⚁2", "◆ Bera: 4 Schaden (♥8→4)",
                  "Gegenwurf: M⚁2 M⚁2", "▲ Jorund: 4 Schaden (♥10→6)", "▲ Jorund zieht sich zurück: S→M4"]
        in_order(at57, combat)
        assert at57.endswith(combat[-1]) and "Silber" not in at57.split("Kampf auf dem Heiligtum (S)")[1]
        screen.action_step(-1)
        await pilot.pause()
        at56 = log_text(screen)
        assert at56.endswith("◆ Bera: 4 Schaden (♥8→4)") and at57.startswith(at56)
        screen.action_step(1)
        await pilot.pause()
        assert log_text(screen) == at57
        screen.action_step(1)
        await pilot.pause()
        assert log_text(screen).endswith("(♥10→6) ▲ Jorund zieht sich zurück: S→M4 ▲ Jorund erhält Silber: +1 Taler (Geröll)")


async def test_a_log_written_at_one_width_is_written_anew_at_another():
    """A long line wraps under its first word at the log's width; at another
    width the rows are written again for it."""
    session = fought()
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the game")
        await pilot.pause()
        wide = log_text(app.screen)
        log = app.screen.query_one(GameLog)
        log.styles.width = 26
        await pilot.pause()
        await pilot.pause()
        narrow = rows(app.screen)
        assert log.size.width == 26 and max(len(r) for r in narrow) <= 26
        assert log_text(app.screen) == wide
        # "▲  Oleif zieht sich zurück: 1c3→1c2" in the combat, under "Oleif"; the plunder under "Beute"
        i = narrow.index("  ▲  Oleif zieht sich")
        assert narrow[i + 1] == "     zurück: 1c3→1c2"
        assert narrow[-2:] == ["▲  Beute: P1 erhält 2", "   Taler"]


async def test_a_step_back_in_a_log_longer_than_it_keeps():
    """The log keeps its last ``max_lines`` rows: a step back cuts within
    them, and one past them writes the log anew; either way the rows are
    those of a log written afresh at that step."""
    from pathlib import Path

    from thorskliff import record
    from thorskliff.ui.screens.replay import ReplayScreen

    path = Path(__file__).parent.parent / "records" / "base3-greedy.tkr"
    session = ReplaySession(record.load(path, auto_chance=False))
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(session)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and getattr(screen, "ready", False), "the replay")
        for lg in screen.query(GameLog):  # the one shown beside the island, and the other one
            lg.max_lines = 6

        async def at(k: int) -> list[str]:
            screen.action_seek(k)
            await pilot.pause()
            return rows(screen)

        async def afresh(k: int) -> list[str]:
            screen.action_seek(k)
            for lg in screen.query(GameLog):
                lg.reset()
            screen.redraw()
            await pilot.pause()
            return rows(screen)

        await afresh(57)
        log = next(lg for lg in screen.query(GameLog) if lg.lines)
        assert log._start_line > 0 and len(log.lines) == 6
        cut = await at(56)  # the counter roll's three rows go, within the six kept
        assert cut == (await afresh(56))[-len(cut):] and cut[-1] == "  ◆  Bera: 4 Schaden (♥8→4)"
        await afresh(57)
        assert await at(40) == await afresh(40)  # rows no longer kept: written anew


async def test_a_resumed_game_shows_the_newest_lines_of_its_log_behind_the_hand_over(tmp_path):
    """#27.9: after resuming, the log beside the island showed its oldest lines
    ("Jorund wählt den Strand 1c3") on the terminal behind the hand-over: its
    rows were laid out and scrolled to their end after the dialog had opened.
    What a terminal shows (the app's updates fed to an emulator) is checked."""
    src = Path(__file__).resolve().parent.parent / "records" / "base4-random.tkr"
    path = tmp_path / "resumed.tkr"
    path.write_text("\n".join(src.read_text(encoding="utf-8").splitlines()[:250]) + "\n", encoding="utf-8")
    size = (80, 24)
    app = ThorsApp(session=LocalSession(record.load(path), path), handover=True)
    mirror = Mirror(app)
    async with app.run_test(size=size):
        # polled with asyncio.sleep, not pilot.pause: the pilot's pause makes the top screen
        # update, which painted the screen behind it anew and hid the fault
        async def until_shown(cond, what: str) -> None:
            deadline = asyncio.get_running_loop().time() + 10
            while not cond():
                assert asyncio.get_running_loop().time() < deadline, f"never happened: {what}"
                await asyncio.sleep(0.01)

        await until_shown(lambda: isinstance(app.screen, HandOver), "the hand-over opens")
        game = app.screen_stack[-2]
        log = game.query_one("#log-left", GameLog)

        def shown() -> bool:
            newest = [r for r in rows(game) if r][-3:]  # the log's rows at the bottom left, beside the dialog
            bottom = mirror.terminal(size)[-4:-1]  # the rows above the footer
            return log.count > 100 and [line[:8] for line in bottom] == [r[:8].ljust(8) for r in newest]

        await until_shown(shown, "the terminal shows the log's newest rows")
