"""The game at 80x24 (#27, 10): the footer names the game's keys (t, h, b and
: were left out), the bot's line fits its box, the phase bar shows only the
phases in force, and the result screen says what its fights count."""

from __future__ import annotations

import pytest
from helpers import begin, place, position
from uihelpers import game_of, until

from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession


def footer_keys(screen) -> list[tuple[str, str, int]]:
    """The footer's keys as shown: (key, word, right edge)."""
    from textual.widgets._footer import FooterKey

    return [(k.key_display, k.description, k.region.right) for k in screen.query(FooterKey) if k.display]


async def test_the_footer_names_every_key_at_80_columns():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    session.submit("W 1c2-1c3", 0)  # something to take back: u too
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until(pilot, lambda: footer_keys(app.screen), "the footer")
        shown = footer_keys(app.screen)
        keys = {k for k, _, _ in shown}
        assert {"t", "h", "b", ":", "u", "e", "?", "q"} <= keys, shown
        assert all(word for k, word, _ in shown if k != "^p"), shown  # each with its word
        assert max(right for _, _, right in shown) <= 80, shown  # and all of it on the screen


def screen_text(app) -> str:
    """The whole screen as plain text (what a terminal capture shows)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def test_each_bot_level_fits_its_box_in_the_new_game_form():
    """'Bot: Mittel (Heuristik)' spilled out of its box at 80x24: its last letters were cut."""
    from textual.widgets import Select

    from thorskliff.bots.registry import LEVELS
    from thorskliff.ui.screens.setup import SetupScreen, level_label

    for lang in ("de", "en"):
        from thorskliff.ui import i18n

        i18n.set_lang(lang)
        app = ThorsApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # Neues Spiel
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the new game form")
            for level in LEVELS:
                app.screen.query_one("#kind-1", Select).value = level
                await pilot.pause()
                assert level_label(level) + " " in screen_text(app), "\n".join(ln for ln in screen_text(app).splitlines() if "Bot" in ln or "Björn" in ln)


async def test_chapter_1s_phase_bar_shows_only_the_phases_in_force():
    """Campaign chapter 1 begins without the Gode and without haste (R-CAMP-1, R-CAMP-5):
    its phase bar showed "0 Gode" and "6 Eile" all the same. A base game has all seven."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_campaign_ui import new_group, read_all_cards

    from thorskliff.game import Game
    from thorskliff.ui.screens.campaign_game import CampaignGameScreen
    from thorskliff.ui.session import CampaignSession
    from thorskliff.ui.widgets.panels import PhaseBar

    table = new_group()
    table.start_chapter("Wikinger", 1, seed=3)
    session = CampaignSession(Game.new_chapter(table.group("Wikinger"), 1, seed=3), table, "Wikinger")
    assert not {"haste", "gode"} & session.state.rules
    app = ThorsApp(handover=False, bot_delay=0)
    for size in ((120, 40), (80, 24)):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(CampaignGameScreen(session, handover=False))
            await read_all_cards(pilot, app)
            await until(pilot, lambda: str(app.screen.query_one(PhaseBar).content).strip(), "the phase bar")
            bar = str(app.screen.query_one(PhaseBar).content)
            assert "1 Bewegung" in bar and "5 Rekrutieren" in bar or "[1 Bewegung]" in bar, bar
            assert "Eile" not in bar and "Gode" not in bar and " 6 " not in bar and " 0 " not in bar, bar
        app = ThorsApp(handover=False, bot_delay=0)

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    app = ThorsApp(session=LocalSession(game_of(st)), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(PhaseBar).content)
        assert "0 Gode" in bar and "6 Eile" in bar, bar


async def test_the_result_says_combats_won_of_those_fought():
    """'Kämpfe gewonnen 8 / 4' after 13 combats: nobody could tell what it counted.
    Each seat's cell says how many it won of those it fought ('2 von 5'), the fought
    ones counted as the events tell them (R-COMBAT-1: a lone strike is no combat),
    and a line under the table says what wins one."""
    import random

    from thorskliff.engine import events as E
    from thorskliff.game import Game
    from thorskliff.ui.screens.result import ResultScreen

    game = Game.new("duell", [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")], 4)
    rng = random.Random(2)
    began = lambda: [e for evs in game.events for e in evs if isinstance(e, E.CombatBegan)]  # noqa: E731
    while len([e for e in began() if not e.strike]) < 3 or game.state.combat is not None:
        legal = game.state.legal_actions()
        fights = [a for a in legal if str(a).startswith("fight")]
        game.submit(rng.choice(fights or legal))
    game.submit("resign", game.state.seat)
    fought = [sum(1 for e in began() if not e.strike and seat in (e.attacker, e.defender)) for seat in (0, 1)]
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result screen")
        await pilot.pause()
        text = screen_text(app)
        box = app.screen.query_one("#r-table").region  # the table as the screen shows it
        rows = [ln[box.x:box.right] for ln in text.splitlines()[box.y:box.bottom]]
        for seat, name in enumerate(("Astrid", "Björn")):
            row = next(ln for ln in rows if f"{name} " in ln)
            assert f" von {fought[seat]}" in row, (row, fought)
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:  # tall enough for the line saying what wins one
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result screen")
        await pilot.pause()
        assert "Kämpfe gewonnen von geführten" in screen_text(app)


async def test_the_hand_over_button_stays_on_an_80x24_screen(monkeypatch):
    """#27, 2: after resuming a game the hand-over's "Ich bin Björn – weiter" lay below
    the screen at 80x24. The list "since your last turn" is fitted to the rows left
    once the box is laid out (HandOver._fit); where that came too early (a resumed game
    builds its screen meanwhile) the list pushed the button off. Here the fitting never
    comes: the button, docked at the box's foot, is on the screen all the same."""
    from textual.widgets import Button

    from thorskliff.ui.screens.handover import HandOver

    monkeypatch.setattr(HandOver, "_fit", lambda self: None)
    app = ThorsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = HandOver({"name": "Björn", "hero": "Bera", "colour": "black"}, "Björn ist am Zug.")
        box.since = [f"Runde {n}: Astrid zieht: Oleif 2c2→2c1" for n in range(14)]
        app.push_screen(box)
        await until(pilot, lambda: app.screen is box and box.query("#ho-go"), "the hand-over")
        await pilot.pause()
        button = box.query_one("#ho-go", Button)
        assert app.screen.region.contains_region(button.region), button.region
        assert "Ich bin Björn – weiter" in screen_text(app)


@pytest.mark.parametrize("name", ["base4-greedy", "chapter2-random", "episch-greedy"])
def test_combats_won_and_fought_agree_with_the_events(name):
    """The result's figures, counted by replaying the record (results.combats_won),
    agree with the combats the events tell: fought where a seat attacked or defended
    (no lone strike), won where the attacker holds the hex (Held) or the defender's
    units stand and the attacker's went back or fell (R-COMBAT-1.8)."""
    from pathlib import Path

    from thorskliff import record
    from thorskliff.engine import events as E
    from thorskliff.ui.results import combats_won
    from thorskliff.ui.summary import unit_lives

    game = record.load(Path(__file__).parent.parent / "records" / f"{name}.tkr")
    won, fought = [0] * game.state.num_players, [0] * game.state.num_players
    for group in E.combats([e for evs in game.events for e in evs]):
        b = group[0]
        if b.strike:
            continue
        for seat in {s for s in (b.attacker, b.defender) if s >= 0}:  # not a troll
            fought[seat] += 1
        standing = {s for s, _lab, _b, _a, beaten in unit_lives(group) if not beaten}
        went_back = any(isinstance(e, E.Retreated) and e.seat == b.attacker for e in group)
        if any(isinstance(e, E.Held) and e.seat == b.attacker for e in group):
            won[b.attacker] += 1
        elif b.defender >= 0 and b.defender in standing and (went_back or b.attacker not in standing):
            won[b.defender] += 1
    assert combats_won(game) == list(zip(won, fought))


async def test_the_new_game_forms_choices_are_marked_without_colour():
    """The game mode and the number of players read "▐●▌" on every entry, the chosen one
    only in another colour (#27, 1, as the Kurze Variante): only the chosen is marked."""
    from thorskliff.ui.screens.setup import SetupScreen

    app = ThorsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Neues Spiel
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the new game form")
        await pilot.pause()
        marks = {b.id: "".join(seg.text for seg in b.render_line(0)).strip()[:3]
                 for b in app.screen.query("RadioButton")}
        assert marks == {"mode-base": "▐●▌", "mode-duell": "▐ ▌", "mode-episch": "▐ ▌",
                         "players-2": "▐ ▌", "players-3": "▐●▌", "players-4": "▐ ▌"}, marks
