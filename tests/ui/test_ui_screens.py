"""The app around the turn: hand-over, resizing, languages, a new game from
the title screen, undo, illegal choices, saving, resuming and replaying."""

from __future__ import annotations

import pytest
from uihelpers import game_of, goto, until
from helpers import begin, place, position
from textual.widgets import Static

from thorskliff import record
from thorskliff.game import Game
from thorskliff.ui import i18n, saves
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.handover import HandOver
from thorskliff.ui.screens.summary import CombatSummary
from thorskliff.ui.screens.help import HelpScreen
from thorskliff.ui.screens.replay import ReplayScreen
from thorskliff.ui.screens.resume import ResumeScreen
from thorskliff.ui.screens.title import ENTRIES, TitleScreen
from thorskliff.ui.session import LocalSession
from thorskliff.ui.widgets.hexmap import IslandMap
from thorskliff.ui.widgets.panels import Tableaus

SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey")]
KINDS = ("Heiltrank", "Krafttrank", "Eiletrank", "Schutztrank")


def shown(screen) -> str:
    return "\n".join(str(w.content) for w in screen.query(Static))


def potion_session():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].potions = [("kraft", 1)]
    st.players[1].potions = [("heil", 1), ("schutz", 1)]
    begin(st, 0, 1)
    return LocalSession(game_of(st))


async def test_handover_hides_potion_kinds():
    """R-SECRET-2: between seats nobody sees another seat's potion kinds."""
    session = potion_session()
    app = ThorsApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        game = app.screen_stack[-2]
        text = str(game.query_one(Tableaus).content)
        assert not any(k in text for k in KINDS), text
        assert "Astrid" not in text and "P1" in text
        await pilot.press("enter")
        await pilot.pause()
        # P1 holds the keyboard: its own Krafttrank shows, P2's kinds do not
        text = str(game.query_one(Tableaus).content)
        assert "Krafttrank" in text
        assert "Heiltrank" not in text and "Schutztrank" not in text
        await pilot.press("e")  # P1 ends movement
        await pilot.pause()
        assert session.state.step == "haste"  # a potion holder stops at its haste phase, whatever the kind
        await pilot.press("e")  # and ends it: the turn passes to P2
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        assert "P2" in shown(app.screen)
        text = str(game.query_one(Tableaus).content)
        assert not any(k in text for k in KINDS), text
        await pilot.press("enter")
        await pilot.pause()
        text = str(game.query_one(Tableaus).content)
        assert "Heiltrank" in text and "Schutztrank" in text and "Krafttrank" not in text


async def test_resize_changes_the_map_scale_live():
    session = LocalSession(Game.new("base", SEATS, 5))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        m = app.screen.query_one(IslandMap)
        assert (m.geo.a, m.geo.h) == (6, 2) and m.size.width == 74
        assert app.screen.has_class("-logside")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert (m.geo.a, m.geo.h) == (4, 1) and m.size.width == 46
        assert app.screen.has_class("-compact") and app.screen.has_class("-logleft")
        await pilot.resize_terminal(110, 26)
        await pilot.pause()
        assert (m.geo.a, m.geo.h) == (6, 1)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert (m.geo.a, m.geo.h) == (6, 2)


def _screen_text(app) -> str:
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def test_a_window_too_small_for_the_game_says_so_and_the_game_comes_back():
    """Below 80x24 the island and the side panel were cut to an island alone
    (a phone held upright, a small browser window): the screen says how
    large it must be instead, and shows the game again once it is."""
    session = LocalSession(Game.new("base", SEATS, 5))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(46, 14)) as pilot:
        await pilot.pause()
        gs = app.screen
        assert gs.has_class("-toosmall")
        shown = " ".join(_screen_text(app).split())
        assert "Dein Fenster (46×14) ist zu klein für das Spiel" in shown and "80×24" in shown
        await pilot.resize_terminal(79, 40)
        await pilot.pause()
        assert gs.has_class("-toosmall") and "(79×40)" in " ".join(_screen_text(app).split())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not gs.has_class("-toosmall") and "zu klein" not in _screen_text(app)
        assert gs.map.has_focus and gs.map.region.width > 0
        before, target = gs.map.cursor, gs.map.peek("right")
        await pilot.press("right")  # the keys reach the island again
        await pilot.pause()
        assert gs.map.cursor == (before if target is None else target)


async def test_at_80x24_every_seat_shows_its_race_to_the_goals():
    """The compact tableaus keep each opponent to one line, which says its
    delivered ambers and crystals once it has any (R-AMBER-4, R-CRYSTAL-2):
    the race decides the game and is public."""
    st = position(("Oleif", "Bera", "Jorund"))
    place(st, 0, "S", hero=True)
    place(st, 1, "2c2", hero=True)
    place(st, 2, "4c2", hero=True)
    st.players[1].delivered, st.players[2].crystals = 2, 1
    begin(st, 0, 1)
    app = ThorsApp(session=LocalSession(game_of(st)), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-compact")
        lines = str(app.screen.query_one(Tableaus).content).splitlines()
        others = [ln for ln in lines if ln.lstrip(" ▶").startswith(("■", "◆"))]
        assert [ln.split("$", 1)[1].strip() for ln in others] == ["★2 *0", "★0 *1"], lines


async def test_german_and_english():
    for lang, words in (("de", ("Aufstellung", "Strand", "Tränke")), ("en", ("Setup", "beach", "potions"))):
        session = LocalSession(Game.new("base", SEATS, 5))
        app = ThorsApp(session=session, handover=False, lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            # the side panel is built after the first frame: wait for it, not for one pause
            await until(pilot, lambda: getattr(app.screen, "ready", False) and words[1] in shown(app.screen),
                        f"the {lang} screen built")
            text = shown(app.screen)
            for w in words:
                assert w in text, (lang, w)
    assert i18n.lang() == "en"


async def test_language_switch_from_the_title():
    app = ThorsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Neues Spiel" in str(app.screen.query_one("#menu").get_option_at_index(0).prompt)
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert i18n.lang() == "en"
        assert "New game" in str(app.screen.query_one("#menu").get_option_at_index(0).prompt)


async def test_switching_the_language_twice_from_the_title_menu_stays_on_the_title():
    """A play-tester chose "Sprache: Deutsch" with Enter, read English, pressed Enter again to
    go back and found herself in "New game": the rebuilt menu had its cursor on the first
    entry. It stays on the language entry, so Enter twice is German again, on the title."""
    app = ThorsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        menu.highlighted = ENTRIES.index("lang")
        assert menu.highlighted_option.id == "lang"
        for lang in ("en", "de"):
            await pilot.press("enter")
            await until(pilot, lambda: i18n.lang() == lang and isinstance(app.screen, TitleScreen)
                        and app.screen.query("#menu")
                        and app.screen.query_one("#menu").highlighted_option is not None
                        and app.screen.query_one("#menu").highlighted_option.id == "lang", f"{lang}, on the title")
            await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and "Sprache: Deutsch" in str(
            app.screen.query_one("#menu").highlighted_option.prompt)


async def test_new_game_from_the_title_screen_with_keys():
    """Mode, seats and names, then heroes and colours counter-clockwise
    (R-SETUP-B4), then beaches on the island; the game is saved at once."""
    app = ThorsApp(seed=11, handover=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Neues Spiel
        await pilot.pause()
        setup = app.screen
        # Duell: down in the mode list, then go to the button
        await pilot.press("down", "enter")
        await pilot.pause()
        assert setup.mode == "duell" and setup.players == 2
        setup.query_one("#next").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert setup.stage == 2
        first = setup.order[0]
        for _ in range(2):
            await pilot.press("enter", "enter")  # first free hero, first free colour
            await pilot.pause()
        await pilot.press("enter")  # Spiel beginnen
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        st = session.state
        assert st.mode.id == "duell" and st.first_chooser == first
        assert st.players[first].hero == "Raghild"
        # beaches in the same order: Enter takes the beach under the cursor
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.step != "beach"
        assert session.path.exists()
        assert record.load(session.path).lines == session.game.lines


async def test_illegal_choice_explains_the_rule_without_its_id():
    """A refusal is a sentence a player reads: it gives the reason, not the
    rule's id ("(R-MOVE-1)"; #27, 4); the help, the JSON and the CLI keep the ids."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h", "enter")
        await goto(pilot, "1b1")  # level 2 from level 1 is fine …
        await goto(pilot, "1a1")  # … but 1a1 is no neighbour
        await pilot.press("enter")
        await pilot.pause()
        status = str(app.screen.query_one("#status").content)
        assert "Nicht erlaubt" in status and "kein Nachbar von 1c2" in status and "R-" not in status, status
        await pilot.press("colon")
        for k in "recruit W S":
            await pilot.press({" ": "space"}.get(k, k))
        await pilot.press("enter")
        await pilot.pause()
        status = str(app.screen.query_one("#status").content)
        assert "Nicht erlaubt" in status and "R-" not in status, status


async def test_undo_takes_back_a_step():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = session.state.players[0].hero_at
        await pilot.press("h", "enter")
        await goto(pilot, "1c3")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.players[0].hero_at != before
        await pilot.press("u")
        await pilot.pause()
        assert session.state.players[0].hero_at == before
        assert session.game.lines == []
        await pilot.press("u")
        await pilot.pause()
        assert "Nicht zurücknehmbar" in str(app.screen.query_one("#status").content)


def saved_game(path, decisions: int = 4) -> Game:
    game = Game.new("duell", SEATS[:2], 3)
    while len(game.lines) < decisions:
        game.submit(game.state.legal_actions()[0])
    record.write(game, path)
    return game


async def test_resume_and_damaged_save():
    d = saves.save_dir()
    d.mkdir(parents=True)
    game = saved_game(d / "good.tkr")
    bad = d / "bad.tkr"
    bad.write_text("format = 'thorskliff-record/1'\nmode = 'duell'\n[decisions]\n1 nonsense\n")
    bad_text = bad.read_text()
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = "\n".join(str(o.prompt) for o in app.screen.query_one("#r-list").options)
        assert "bad.tkr" in text and "Beschädigt" in text
        good = next(i for i, s in enumerate(app.screen.infos) if not s.problem)
        app.screen.query_one("#r-list").highlighted = good
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.lines == game.lines
    assert bad.read_text() == bad_text


@pytest.mark.parametrize("handover", [True, False])
async def test_tab_pressed_while_the_game_screen_opens_does_not_end_the_app(tmp_path, handover):
    """#27.13: Tab pressed while the game screen opened (``--resume FILE``,
    ``--position FILE``) ended the app: "'GameScreen' object has no attribute
    'map'". The key comes before the screen is mounted; the game then opens
    as ever and Tab works."""
    from textual import events

    from thorskliff.ui.widgets.panels import DecisionList

    saved_game(tmp_path / "g.tkr", decisions=6)
    app = ThorsApp(handover=handover)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.play(LocalSession.load(tmp_path / "g.tkr"))
        app.post_message(events.Key("tab", None))  # in the same turn as the screen is pushed
        if handover:
            await until(pilot, lambda: isinstance(app.screen, HandOver), "the hand-over opens")
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and getattr(app.screen, "ready", False), "the game is built")
        game = app.screen
        assert game.map.has_focus
        await pilot.press("tab")
        await until(pilot, lambda: isinstance(app.focused, DecisionList), "Tab takes the keys to the list")
    assert app.return_code in (None, 0)


async def test_replay_steps_through_a_game(tmp_path):
    game = saved_game(tmp_path / "g.tkr", decisions=6)
    from thorskliff.ui.session import ReplaySession

    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(ReplaySession(record.load(tmp_path / "g.tkr", auto_chance=False))))
        await pilot.pause()
        s = app.screen.session
        assert s.at == 0  # from the game's start
        await pilot.press("end")
        assert s.at == len(game.lines)
        await pilot.press("home")
        assert s.at == 0
        await pilot.press("n", "n")
        assert s.at == 2
        assert "Schritt 2" in str(app.screen.query_one("#prompt").content)
        await pilot.press("p")
        assert s.at == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_replay_shows_no_empty_decision_box(tmp_path, size):
    """A replay decides nothing: its screen showed an empty "Entscheidungen (Tab)" frame
    (and Tab does nothing there); the box is left out, its rows go to the curve."""
    saved_game(tmp_path / "g.tkr", decisions=6)
    from thorskliff.ui.session import ReplaySession

    app = ThorsApp(handover=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(ReplaySession(record.load(tmp_path / "g.tkr", auto_chance=False))))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())
        assert "Schritt 1" in screen and i18n.t("game.decisions") not in screen, screen



async def test_the_replay_footer_is_whole_at_80_columns(tmp_path):
    """At 80 columns the replay's footer was cut in the middle of a key ("s Wendung Pos1
    Anf▏^p Befehle", "Ende Schluss" gone). Below 100 columns Home and End leave the
    footer and a line under the step names them; every key the footer shows is whole."""
    saved_game(tmp_path / "g.tkr", decisions=6)
    from thorskliff.ui.session import ReplaySession

    for lang, keys, ends in (("de", ["← Schritt zurück", "→ Schritt vor", "? Hilfe", "esc Zurück", "s Wendung"],
                              "Pos1/Ende: Anfang/Schluss"),
                             ("en", ["← Step back", "→ Step on", "? Help", "esc Back", "s Swing"],
                              "Home/End: start/last step")):
        i18n.set_lang(lang)
        try:
            app = ThorsApp(handover=False)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                app.push_screen(ReplayScreen(ReplaySession(record.load(tmp_path / "g.tkr", auto_chance=False))))
                await until(pilot, lambda: getattr(app.screen, "ready", False), "the replay")
                await pilot.pause()
                rows = ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]
                footer = rows[-1]
                assert [k for k in keys if k not in footer] == [], footer
                assert "Pos1" not in footer and "Home" not in footer, footer  # not half of it
                assert any(r.rstrip().endswith(ends) for r in rows), "\n".join(rows)
                await pilot.press("end")
                assert app.screen.session.at == 6  # the keys still work
        finally:
            i18n.set_lang("de")

async def test_help_opens_and_closes():
    app = ThorsApp(session=LocalSession(Game.new("base", SEATS, 5)), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("right")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_off_turn_decision_asks_the_defender_by_name():
    """R-TURN-5: the defender's potion window belongs to the defender; the
    hand-over screen names that player and why."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    st.players[1].potions = [("kraft", 1)]
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # hand-over to P1
        await pilot.pause()
        await pilot.press("h", "enter")
        await goto(pilot, "1c3")
        await pilot.press("enter")  # the hero steps into Bera's hex
        await pilot.pause()
        await pilot.press("e")  # end of movement: the combat phase
        await pilot.pause()
        await goto(pilot, "1c3")
        await pilot.press("enter")  # fight
        await pilot.pause()
        assert session.state.step == "c:def_pre"
        assert isinstance(app.screen, HandOver)
        text = shown(app.screen)
        assert "P2" in text and "Verteidiger" in text
        await pilot.press("enter")
        await pilot.pause()
        items = app.screen.query_one("#c-decisions").options
        assert any("Krafttrank" in str(o.prompt) for o in items)


async def test_mouse_click_chooses_a_hex():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        m = app.screen.query_one(IslandMap)
        i = st.island.index("1c2")
        x, y, _ = m.geo.rows(i)[0]
        await pilot.click(IslandMap, offset=(x + 1, y))
        await pilot.pause()
        assert m.cursor == i and app.screen.selected == i
        j = st.island.index("1c3")
        x, y, _ = m.geo.rows(j)[0]
        await pilot.click(IslandMap, offset=(x + 1, y))
        await pilot.pause()
        assert session.state.players[0].hero_at == j


async def test_command_palette_offers_the_apps_commands():
    app = ThorsApp(session=LocalSession(Game.new("base", SEATS, 5)), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        names = [c.title for c in app.get_system_commands(app.screen)]
        for want in ("Neues Spiel", "Hilfe", "Sprache", "Rückgängig", "Feldnamen"):
            assert want in names, names


def test_engine_explanations_in_german():
    """A refusal is said from the catalogue by its key, in the app's
    language, without its rule id (a sentence players read, #27 4); the
    error keeps the id for the CLI and the JSON."""
    from thorskliff.engine.actions import IllegalActionError

    error = IllegalActionError("R-MOVE-1", "not_neighbour", {"to": "3c3", "at": "1c2"})
    assert i18n.said(error) == "3c3 ist kein Nachbar von 1c2"
    assert error.say("de") == "3c3 ist kein Nachbar von 1c2 (R-MOVE-1)"
    assert i18n.said("words of the app") == "words of the app"
    i18n.set_lang("en")
    assert i18n.said(error) == "3c3 is no neighbour of 1c2"


def test_catalogues_have_the_same_keys():
    de, en = set(i18n.catalogue("de")), set(i18n.catalogue("en"))
    assert de == en, (de - en, en - de)


async def test_language_switch_during_a_game():
    session = LocalSession(Game.new("base", SEATS, 5))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Aufstellung" in str(app.screen.query_one("#phasebar").content)
        app.action_switch_lang()
        await pilot.pause()
        assert "Setup" in str(app.screen.query_one("#phasebar").content)
        assert "beach" in str(app.screen.query_one("#prompt").content)
        assert any(b.description == "Undo" for _, b in app.screen._bindings)


async def test_troll_counter_roll_goes_to_the_left_neighbour_by_name():
    """R-COMBAT-3: the troll's counter roll is assigned by the attacker's left
    neighbour, who is asked to take the keyboard."""
    from helpers import play, roll

    st = position(("Oleif", "Bera", "Jorund"), trolls=True)
    place(st, 0, "1a2", hero=True, warriors=1)
    begin(st, 0, 1)
    play(st, "H 1a2-1a1", "W 1a2-1a1", "end")
    session = LocalSession(game_of(st))
    session.submit("fight 1a1", 0)
    session.roll("M1 M1 K1")
    session.roll("M2 M2 M2")
    assert st.step == "c:def_assign" and st.current_player() == 1
    app = ThorsApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        text = shown(app.screen)
        assert "P2" in text and "Troll" in text
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        # the keyboard goes back to P1, who then sees how the combat ended
        assert isinstance(app.screen, HandOver) and "P1" in shown(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatSummary)  # the summary waited for P1, who fought
        text = str(app.screen.query_one("#sum-body").content)
        assert "Oleif zieht sich zurück: 1a1→1a2" in text and "Troll" in text


async def oleif_attacks_bera_on_1c3(pilot, app, entries) -> None:
    """Oleif (1c2) steps into Bera's hex and fights her there: the combat dialog opens
    with Bera's first window before the roll (c:def_pre)."""
    await pilot.pause()
    await pilot.press("h", "enter")
    await goto(pilot, "1c3")
    await pilot.press("enter")  # Oleif steps into Bera's hex
    await pilot.pause()
    await pilot.press("e")  # the combat phase
    await pilot.pause()
    await goto(pilot, "1c3")
    await pilot.press("enter")  # fight
    await until(pilot, lambda: app.screen.query("#c-decisions") and entries(), "the combat dialog")


async def test_the_combat_dialog_after_a_potion_says_what_is_left_and_whose_decision_it_is():
    """A play-tester defending with a Krafttrank drank it and read "Weiter (kein Trank)"
    as the only entry left (she had drunk one), over "P2 entscheidet im Kampf." as if
    someone else decided. R-POT-3/R-COMBAT: the defender's window before the roll
    (c:def_pre) offers her Krafttrank; with two, a second one after the first."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    st.players[1].potions = [("kraft", 1), ("kraft", 1)]
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session, handover=False)

    def entries() -> list[str]:
        return [str(o.prompt) for o in app.screen.query_one("#c-decisions").options]

    def prompt() -> str:
        return str(app.screen.query_one("#c-prompt", Static).content)

    async with app.run_test(size=(120, 40)) as pilot:
        await oleif_attacks_bera_on_1c3(pilot, app, entries)
        assert session.state.step == "c:def_pre"
        assert prompt() == "P2: deine Entscheidung im Kampf."
        assert "P2 entscheidet" not in shown(app.screen)
        assert sorted(entries()) == ["Krafttrank trinken", "Weiter (kein Trank)"]  # nothing drunk yet: true

        async def drink() -> None:
            for _ in range(entries().index("Krafttrank trinken")):
                await pilot.press("down")
            await pilot.press("enter")

        await drink()
        await until(pilot, lambda: len(st.players[1].potions) == 1 and "Weiter (kein Trank)" not in entries(),
                    "the first Krafttrank drunk")
        assert sorted(entries()) == ["Keinen weiteren Trank", "Krafttrank trinken"]
        await drink()  # the second
        await until(pilot, lambda: not st.players[1].potions and len(entries()) == 1, "the second drunk")
        assert entries() == ["Weiter"]
        assert "Weiter (kein Trank)" not in shown(app.screen)
        # hers, and why only "Weiter" is left
        assert prompt() == "P2: du hast keinen Trank, den du jetzt trinken darfst – weiter (Enter)."


async def test_after_a_heiltrank_a_later_window_of_the_combat_offers_no_further_potion():
    """A play-tester who drank a Heiltrank at the combat's first window read "Weiter (kein
    Trank)" at its next window (the combat keeps only its Kraft- and Schutztränke). R-POT-4:
    the defender, hurt, may drink a Heiltrank before the attack roll (c:def_pre, which also
    takes a Krafttrank); R-POT-5/6: after the roll (c:def_post) her Krafttrank is still
    offered. Once she has drunk the Heiltrank both windows say "Keinen weiteren Trank"."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    st.players[1].potions = [("heil", 1), ("kraft", 1)]
    st.players[1].life -= 3
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session, handover=False)

    def entries() -> list[str]:
        return [str(o.prompt) for o in app.screen.query_one("#c-decisions").options]

    async with app.run_test(size=(120, 40)) as pilot:
        await oleif_attacks_bera_on_1c3(pilot, app, entries)
        assert session.state.step == "c:def_pre"
        assert entries() == ["Weiter (kein Trank)", "Heiltrank trinken", "Krafttrank trinken"]  # nothing drunk
        await pilot.pause()
        footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
        assert "Hilfe" in footer and "Vorschlag" not in footer, footer  # no dice to assign here: no "a"
        await pilot.press("down", "enter")  # the Heiltrank
        await until(pilot, lambda: st.players[1].life == 8 and "Heiltrank trinken" not in entries(), "drunk")
        assert session.state.step == "c:def_pre"  # the window stays open (R-POT-3)
        assert entries() == ["Keinen weiteren Trank", "Krafttrank trinken"]
        assert session.view(1)["combat"]["drunk"] == {"attacker": [], "defender": ["heil"]}  # the engine's, in the view
        await pilot.press("enter")  # no Krafttrank now
        await until(pilot, lambda: session.state.step == "c:roll", "the attack roll")
        await pilot.press("colon")
        await pilot.press(*"roll M1 M1", "enter")  # the attack roll, forced
        await until(pilot, lambda: session.state.step == "c:def_post" and "Krafttrank trinken" in entries(),
                    "the defender's window after the roll")
        assert session.view(1)["combat"]["drunk"]["defender"] == ["heil"]  # kept past the first roll (R-POT-4)
        assert entries() == ["Keinen weiteren Trank", "Krafttrank trinken"]
        assert "kein Trank" not in "\n".join(entries())


async def test_a_saved_game_row_never_breaks_inside_a_name():
    """The list of saved games broke a row at a space inside a seat's name in a narrow
    terminal ("Björn Eisenbart | der Starke"): each name is whole on one line; the row goes
    on, indented, between two names, and says all it said before."""
    names = ["Anna Maria von Thorsberg", "Björn Eisenbart der Starke", "Sigrun die Weise", "Ulf Langbart der Alte"]
    seats = [(n, h, c) for n, h, c in zip(names, ("Oleif", "Bera", "Jorund", "Raghild"),
                                          ("brown", "black", "grey", "white"))]
    d = saves.save_dir()
    d.mkdir(parents=True)
    record.write(Game.new("base", seats, 3), d / "four.tkr")
    for size in ((80, 24), (120, 40)):
        app = ThorsApp(handover=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            strips = app.screen._compositor.render_strips()  # the screen as the terminal shows it
            lines = ["".join(seg.text for seg in strip).strip(" │") for strip in strips]
            first = next(i for i, ln in enumerate(lines) if "Grundspiel ·" in ln)
            row = [ln for ln in lines[first:first + 3] if ln and not ln.startswith("╰")]
            for name in names:
                assert sum(name in ln for ln in row) == 1, (name, row)
            said = str(next(o.prompt for o in app.screen.query_one("#r-list").options if "Grundspiel" in str(o.prompt)))
            assert " ".join(row) == said and said.endswith("Ulf Langbart der Alte · Runde 0")


async def test_the_replay_footer_names_keys_as_a_german_keyboard_does(tmp_path):
    """A play-tester's replay footer read "← Zurück → Weiter … esc Zurück … home Anfang end
    Ende": two "Zurück" for a step back and for leaving, and English key names beside
    "Pos1/Ende" in the line above it. The steps are "Schritt zurück/vor", the keys Pos1 and
    Ende; in English Home and End."""
    saved_game(tmp_path / "g.tkr", decisions=6)
    from thorskliff.ui.session import ReplaySession

    for lang, want, gone in (("de", ["← Schritt zurück", "→ Schritt vor", "Pos1 Anfang", "Ende Schluss",
                                     "esc Zurück"], ["home", "end ", "Weiter"]),
                             ("en", ["← Step back", "→ Step on", "Home Start", "End Last"], ["home", "end "])):
        i18n.set_lang(lang)
        try:
            app = ThorsApp(handover=False)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                app.push_screen(ReplayScreen(ReplaySession(record.load(tmp_path / "g.tkr", auto_chance=False))))
                await until(pilot, lambda: getattr(app.screen, "ready", False), "the replay")
                await pilot.pause()
                footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
                for w in want:
                    assert w in footer, (w, footer)
                for g in gone:
                    assert g not in footer, (g, footer)
                assert footer.count(i18n.t("key.back")) == 1
                assert "n p" in str(app.screen.query_one("#prompt").render())
        finally:
            i18n.set_lang("de")
