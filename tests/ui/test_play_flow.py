"""The play flow of the game screen (issue 13): what the screen says about
the focus, the list's cursor, free steps before "end", fights, stacks moving
in one gesture, resigning, the result screen, the replay's arrow keys, the
palette's language and the 80x24 details. Exact positions (tests/helpers.py)
cite the rules they lean on."""

from __future__ import annotations

import pytest
from helpers import begin, place, position
from uihelpers import game_of, goto, until

from thorskliff.engine.actions import parse
from thorskliff.ui import i18n
from thorskliff.ui.app import TEXTUAL_COMMANDS, ThorsApp
from thorskliff.ui.screens.choose import ChooseScreen
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.handover import HandOver
from thorskliff.ui.screens.replay import ReplayScreen
from thorskliff.ui.screens.result import ResultScreen
from thorskliff.ui.session import LocalSession
from thorskliff.ui.widgets.hexmap import IslandMap
from thorskliff.ui.widgets.panels import DecisionList


def screen_text(app) -> str:
    """The whole screen as plain text (what a terminal capture shows)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def options(app) -> list[str]:
    dl = app.screen.query_one(DecisionList)
    return [str(dl.get_option_at_index(i).prompt) for i in range(dl.option_count)]


def highlighted(app) -> str:
    dl = app.screen.query_one(DecisionList)
    return str(dl.get_option_at_index(dl.highlighted).prompt)


def turn_session(tmp_path, taler_on_hex: int = 0, amber: bool = False):
    """P1 (Oleif) on the farm 1c2 with two warriors and 5 Taler, a third
    warrior on the meadow 1b3 (R-SILVER-1 pays for two meadows); P2's hero on
    2c2 and one warrior on the rock 1b2, next to 1c2."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 0, "1b3", warriors=1)
    place(st, 1, "2c2", hero=True)
    place(st, 1, "1b2", warriors=1)
    st.players[0].taler = 5
    st.players[0].amber = amber
    if taler_on_hex:
        st.taler_at[st.island.index("1c2")] = taler_on_hex
    begin(st, 0, 1)
    return LocalSession(game_of(st, auto_chance=True), tmp_path / "play.tkr")


class Keys:
    """Presses keys and counts them."""

    def __init__(self, pilot):
        self.pilot = pilot
        self.n = 0

    async def __call__(self, *keys: str) -> None:
        for k in keys:
            await self.pilot.press(k)
            self.n += 1
        await self.pilot.pause()


# ---------------------------------------------------------------- keys per turn


async def test_a_typical_turn_takes_at_most_twelve_keys(tmp_path):
    """Hero and two warriors moved together, silver, one recruit, the
    hand-over: 8 keys here (the issue asks for at most 12; it took ~25)."""
    session = turn_session(tmp_path)
    st = lambda: session.state  # noqa: E731
    isl = st().island
    app = ThorsApp(session=session, handover=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        await pilot.press("enter")  # P1 takes the keyboard (the previous turn's hand-over)
        await pilot.pause()
        gs = app.screen
        assert isinstance(gs, GameScreen) and gs.map.has_focus
        assert gs.map.cursor == isl.index("1c2")  # the cursor starts on the hero
        keys = Keys(pilot)
        await keys("enter")  # the stack on 1c2: hero and both warriors
        assert gs.stack == ["H", "W", "W"] and all(gs.chosen)
        assert "1☒Heldin  2☒Krieger  3☒Krieger" in str(gs.query_one("#prompt").content)
        await keys("left", "enter")  # to 1c1: three decisions, one gesture
        assert st().players[0].hero_at == isl.index("1c1") and st().wc[0][isl.index("1c1")] == 2
        assert "Heldin, 2 Krieger → 1c1" in str(gs.query_one("#status").content)
        await keys("e")  # end of movement; no combat (R-COMBAT-1): silver
        assert st().step == "silver" and gs.decisions.has_focus
        assert highlighted(app).startswith("Silber: Wiese")
        await keys("enter")  # R-SILVER-1: two meadows pay 1 Taler
        assert st().players[0].taler == 6
        assert st().step == "recruit" and gs.map.has_focus  # no action on a meadow (R-ACT-1)
        await keys("enter")  # a warrior at the hero on 1c1 (R-RECRUIT-1)
        assert st().wc[0][isl.index("1c1")] == 3 and st().players[0].taler == 4
        await keys("e")  # end of recruiting: no haste, the turn ends
        assert st().seat == 1
        assert isinstance(app.screen, HandOver)
        await keys("enter")  # P2 takes over
        assert isinstance(app.screen, GameScreen) and app.screen.viewer == 1
        assert keys.n <= 12
        assert keys.n == 8


# ---------------------------------------------------------------- focus and the list's cursor


async def test_the_focus_shows_in_the_text_of_the_screen(tmp_path):
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until(pilot, lambda: "Entscheidungen" in screen_text(app), "the list drawn")
        text = screen_text(app)
        # the island has the keys: the cursor hex carries ▶ ◀, the list a thin frame
        assert any("▶⌂1 •◀" in ln for ln in text.split("\n"))  # 1c2, a farm at level 1 (its stack can move)
        assert "╭─ Entscheidungen (Tab)" in text and "▶ Entscheidungen ◀" not in text
        await pilot.press("tab")
        await until(pilot, lambda: "┏━ ▶ Entscheidungen ◀" in screen_text(app), "the list's heavy frame")
        assert not app.screen.map.marks.focus
        await pilot.press("tab")
        await until(pilot, lambda: "╭─ Entscheidungen (Tab)" in screen_text(app), "the list's thin frame")
        assert app.screen.map.marks.focus


async def test_the_list_cursor_starts_on_the_first_entry_at_each_decision_point(tmp_path):
    """Taler lie on the hero's hex (R-TURN-3): "Taler aufheben" comes first.
    The cursor moved down in one point starts on the first entry in the
    next (it used to keep its row: Tab, ↓↓, Enter moved the hero)."""
    session = turn_session(tmp_path, taler_on_hex=2)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        assert options(app)[0] == "Taler aufheben"
        assert options(app)[-1] == "Bewegung beenden"
        await pilot.press("tab", "down", "down")
        await pilot.pause()
        assert highlighted(app) == "⚔ Heldin 1c2 → 1b2 – Kampf!"
        await pilot.press("up", "up", "enter")  # takes the Taler
        await pilot.pause()
        assert session.state.players[0].taler == 7
        await pilot.press("down", "down")
        await pilot.pause()
        await pilot.press("e")  # a new decision point: silver? no, combat? none — the list starts again
        await pilot.pause()
        dl = app.screen.query_one(DecisionList)
        assert dl.highlighted == 0


async def test_ending_with_a_delivery_possible_asks_first(tmp_path):
    """The hero carries an amber on the sanctuary (R-AMBER-3): deliver is the
    first entry, and "e" asks before ending the movement."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "S", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].amber = True
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        assert options(app)[0] == "Bernstein am Heiligtum abgeben"
        assert options(app)[-1] == "Bewegung beenden"
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert "Bernstein am Heiligtum abgeben. Trotzdem beenden?" in str(app.screen.title_text)
        await pilot.press("escape")  # back: nothing ended
        await pilot.pause()
        assert session.state.step == "move"
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("enter")  # the first answer delivers
        await pilot.pause()
        assert session.state.players[0].delivered == 1 and session.state.step == "move"
        await pilot.press("e")  # nothing to deliver any more: no question; the turn ends (no silver, no action)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session.state.seat == 1


async def test_a_reflex_enter_never_sells_the_amber_or_puts_a_potion_back(tmp_path):
    """Play-test: at the turn's end "Bernstein verkaufen (+5 Taler)" stood on the
    first row and a newcomer's Enter sold the amber (R-AMBER-2), and in the
    movement "Heiltrank zurücklegen" (R-POT-3) stood first. Both give something
    up for good: the cursor never starts on them (and Tab's first row is another)."""
    st = position(("Bera", "Oleif"))
    place(st, 0, "1c2", hero=True)  # a farm: the amber can be sold here
    place(st, 1, "2c2", hero=True)
    st.players[0].amber = True
    st.players[0].potions = [("heil", 1)]
    st.potion_supply["heil"] -= 1
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        shown = options(app)
        await pilot.press("tab")
        await pilot.pause()
        assert highlighted(app) not in ("Bernstein verkaufen (+5 Taler)", "Heiltrank zurücklegen"), shown


async def test_free_steps_come_first_in_the_list_and_end_last(tmp_path):
    """#27.5: the list showed "Bewegung beenden" above "Bernstein verkaufen (+5
    Taler)"; the README says free steps (deliver, sell, take) come first and
    "end" last (R-TURN-3: a free step costs no action)."""
    st = position(("Bera", "Oleif"))
    place(st, 0, "1c2", hero=True)  # a farm: the amber can be sold here
    place(st, 1, "2c2", hero=True)
    st.players[0].amber = True
    st.players[0].potions = [("heil", 1)]
    st.potion_supply["heil"] -= 1
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        shown = options(app)
        assert shown[0] == "Bernstein verkaufen (+5 Taler)", shown
        assert shown[-1] == "Bewegung beenden", shown
        assert highlighted(app) != shown[0]  # a reflex Enter still sells nothing


async def test_tab_and_enter_in_one_packet_choose_in_the_list():
    """Play-test: Tab then Enter typed fast (one read, as over SSH) selected the
    hex under the island's cursor: Tab's focus came a turn late, after the Enter.
    Both keys are queued at once here, as a terminal delivers them."""
    from textual import events

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        game = app.screen
        assert game.map.has_focus
        first = options(app)[0]
        app.post_message(events.Key("tab", None))
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert game.selected < 0 and isinstance(app.focused, DecisionList)
        assert first == "Heldin 1c2 → 1c3" and session.game.lines[-1] == "1 H 1c2-1c3"


# ---------------------------------------------------------------- fights


def test_the_engine_says_which_steps_lead_into_a_fight():
    """R-MOVE-3, R-COMBAT-1: a step onto a hex with an enemy (units, a troll)
    means a combat; onto an empty hex not. The view carries them as ``fights``."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 1, "1b2", warriors=1)
    st.troll[st.island.index("1c3")] = True
    begin(st, 0, 1)
    fights = st.observation(0)["fights"]
    assert sorted(fights) == ["H 1c2-1b2", "H 1c2-1c3", "W 1c2-1b2", "W 1c2-1c3"]
    assert st.observation(1)["fights"] == []  # not P2's decision


async def test_fights_are_marked_in_the_list_and_on_the_island(tmp_path):
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        opts = options(app)
        assert "⚔ Heldin 1c2 → 1b2 – Kampf!" in opts and "⚔ Krieger 1c2 → 1b2 – Kampf!" in opts
        assert "Heldin 1c2 → 1c1" in opts  # an empty meadow: no mark
        await pilot.press("enter")
        await pilot.pause()
        m = app.screen.query_one(IslandMap)
        isl = session.state.island
        assert m.marks.fights == frozenset({isl.index("1b2")})
        assert isl.index("1c1") in m.marks.targets
        lines = ["".join(seg.text for seg in m.render_line(y)) for y in range(m.geo.height)]
        assert sum(ln.count("⚔") for ln in lines) == 1


async def test_a_stack_moving_into_a_fight_is_marked_in_the_list(tmp_path):
    """A play-tester selected hero and warrior (Enter) next to an enemy: the island
    marked the enemy's hex ⚔, the list's "Heldin + 2 Krieger: 1c2 → 1b2" did not,
    though the single steps are marked (R-MOVE-3: entering it starts a combat)."""
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        await pilot.press("enter")  # the stack on 1c2
        await pilot.pause()
        opts = options(app)
        assert "⚔ Heldin + 2 Krieger: 1c2 → 1b2 – Kampf!" in opts, opts
        assert "Heldin + 2 Krieger: 1c2 → 1c1" in opts  # an empty meadow: no mark


async def test_a_fight_to_choose_says_fight_once(tmp_path):
    """A play-tester read "⚔ Kampf auf 2c1 – Kampf!": the mark for a decision that leads
    into a fight was put on the fight itself. A move into a fight keeps it (above)."""
    session = turn_session(tmp_path)
    session.submit("H 1c2-1b2", 0)
    session.submit("end", 0)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        fights = [o for o in options(app) if o.startswith("⚔")]
        assert fights == ["⚔ Kampf auf 1b2"], options(app)


# ---------------------------------------------------------------- stacks


async def test_a_stack_leaves_a_unit_behind_when_switched_off(tmp_path):
    session = turn_session(tmp_path)
    isl = session.state.island
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1")  # the hero stays
        await pilot.pause()
        assert options(app)[:3] == ["☐ 1 Heldin bleibt stehen", "☒ 2 Krieger zieht mit", "☒ 3 Krieger zieht mit"]
        await goto(pilot, "1c1")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.players[0].hero_at == isl.index("1c2")
        assert session.state.wc[0][isl.index("1c1")] == 2
        assert [ln.partition(" ")[2] for ln in session.game.lines] == ["W 1c2-1c1", "W 1c2-1c1"]
        # each step is its own decision: one undo takes one warrior back
        await pilot.press("u")
        await pilot.pause()
        assert session.state.wc[0][isl.index("1c1")] == 1


# ---------------------------------------------------------------- resigning and the result


async def test_resign_from_the_menu_asks_and_ends_in_the_result_screen(tmp_path):
    """R-RESIGN-1: P1 resigns in its own turn; the last player standing wins
    (R-OUT-1): the result screen names P2, and Enter goes to the title."""
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        await pilot.press("down", "enter")  # "Aufgeben …"
        await pilot.pause()
        assert "P1 gibt auf und scheidet aus. Wirklich?" == app.screen.title_text
        await pilot.press("enter")  # the first answer is "no"
        await pilot.pause()
        assert session.state.result is None and isinstance(app.screen, GameScreen)
        app.screen.action_resign()
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert session.state.players[0].out
        assert isinstance(app.screen, ResultScreen)
        await until(pilot, lambda: "gewonnen" in screen_text(app), "the result table drawn")
        text = screen_text(app)
        rounds = session.view(None)["round"]
        when = "in der ersten Runde" if rounds == 1 else f"nach {rounds} Runden"
        assert "Das Spiel ist aus" in text and f"P2 gewinnt {when} als letzter Spieler auf der Insel!" in text
        assert "ausgeschieden" in text
        assert "Kämpfe" in text and "gewonnen" in text  # the column's head, in two lines
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_resign_is_in_the_command_palette(tmp_path):
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Aufgeben …" in titles


@pytest.mark.parametrize("attack, counter, won", [
    ("M3 M1 K1 K1", "K2 K2 K1", [0, 1]),  # the rulebook's example: one of Bera's stands, Oleif goes back
    ("M3 M3 K2 K2", "K1 K1 K1", [1, 0]),  # all three of Bera's fall: Oleif holds 1c3
])
def test_combats_won_come_from_replaying_the_record(attack, counter, won):
    """R-COMBAT-1.8: the attacker won when it holds the hex; the defender when
    one of its units stands and the attacker's went back. Counted by
    replaying the record lines through the engine."""
    from helpers import legal, play

    from thorskliff.engine.actions import parse
    from thorskliff.ui.results import combats_won_from

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end")
    start = st.clone()
    lines = []

    def do(col, text: str) -> None:
        lines.append(f"{col} {text}")
        st.apply_action(parse(text))

    do(1, "fight 1c3")
    rolls = [attack, counter]
    while st.combat is not None:
        d = st.current_player()
        if d < 0:
            do("*", "roll " + rolls.pop(0))
        else:
            do(d + 1, "auto" if "auto" in legal(st) else legal(st)[0])
    assert not rolls
    assert combats_won_from(start, lines) == won


def test_a_record_that_does_not_replay_gives_no_count(tmp_path):
    """A game begun from a position replays to something else from its setup:
    the table says "–" rather than a wrong figure."""
    from thorskliff.ui.results import combats_won

    session = turn_session(tmp_path)
    session.submit("H 1c2-1c1", 0)
    assert combats_won(session.game) is None


@pytest.mark.parametrize("lang, n, want", [
    ("de", 20, "Bot 2 gewinnt nach 20 Runden mit den Bernsteinen!"),
    ("en", 20, "Bot 2 wins with the ambers after 20 rounds!"),
    ("de", 1, "Bot 2 gewinnt in der ersten Runde mit den Bernsteinen!"),
])
def test_the_end_screen_says_who_won_in_one_sentence(lang, n, want):
    """A play-tester read "Bot 2 gewinnt mit den Bernsteinen!  nach 20 Runden": two
    spaces and the rounds after the exclamation mark. One sentence now."""
    from thorskliff.ui.screens.result import winner_sentence

    i18n.set_lang(lang)
    try:
        obs = {"round": n, "outcome": {"winner": 2, "reason": "ambers"},
               "players": [{"name": "Astrid"}, {"name": "Bot 2"}]}
        assert winner_sentence(obs) == want
        obs["outcome"] = {"winner": None, "reason": None}
        assert winner_sentence(obs) == ("Unentschieden in der ersten Runde." if n == 1 else
                                        "Unentschieden nach 20 Runden." if lang == "de" else "A draw after 20 rounds.")
    finally:
        i18n.set_lang("de")


async def test_the_result_screen_replays_the_game(tmp_path):
    """From the result screen, r opens the replay at the game's start (a play-tester
    read "Schritt 336 von 336": the position he had just left); ← → step it, and its
    footer names only keys that work there (it listed e, u and Tab)."""
    from thorskliff.game import Game

    seats = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")]
    game = Game.new("duell", seats, 3)
    for _ in range(12):
        game.submit(game.state.legal_actions()[0])
    seat = game.state.seat
    game.submit("resign", seat)
    assert game.state.result is not None
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        winner = game.state.observation(None)["players"][1 - seat]["name"]
        rounds = game.state.observation(None)["round"]
        assert rounds > 1
        said = f"{winner} gewinnt nach {rounds} Runden als letzter Spieler auf der Insel!"
        # on a busy machine the result screen is drawn some frames after the start
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and said in screen_text(app),
                    "the result screen says who won")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and getattr(app.screen, "ready", False),
                    "the replay")
        await pilot.pause()
        rs = app.screen
        total = rs.session.total
        assert rs.session.at == 0
        shown = screen_text(app)
        assert f"Nachspielen: Schritt 0 von {total}" in shown
        footer = shown.splitlines()[-1]
        for gone in ("Phasenende", "Rückgängig", "Liste/Karte", "Notation", "Wählen", "An Bot", "Tipp"):
            assert gone not in footer, footer
        for kept in ("Schritt vor", "Schritt zurück", "Pos1 Anfang", "Ende Schluss", "Hilfe"):
            assert kept in footer, footer
        await pilot.press("end")
        await pilot.pause()
        assert rs.session.at == total
        await pilot.press("left", "left")
        await pilot.pause()
        assert rs.session.at == total - 2
        await pilot.press("right")
        await pilot.pause()
        assert rs.session.at == total - 1
        assert rs.map.cursor == 0  # the arrows step; they leave the island's cursor alone


# ---------------------------------------------------------------- texts and 80x24


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_every_palette_entry_is_in_the_chosen_language(tmp_path, lang):
    i18n.set_lang(lang)
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        english_textual = set(TEXTUAL_COMMANDS)
        cat = i18n.catalogue(lang)
        said = set(cat.values())
        for c in commands:
            if lang == "de":
                assert c.title not in english_textual, c.title
            assert c.title in said or c.title == str(session.path), c.title
            assert c.help in said or c.help == str(session.path), c.help


async def test_80x24_footer_has_whole_keys_and_no_stray_character(tmp_path):
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until(pilot, lambda: "^p" in screen_text(app).split("\n")[-1], "the footer drawn")
        footer = screen_text(app).split("\n")[-1]
        assert footer.rstrip().endswith("^p")  # its word left for the game's keys (#27, 10)
        assert "q Menü" in footer and "e Ende" in footer and "t Tipp" in footer
        assert "^pi" not in footer


async def test_with_bots_alone_playing_the_footer_names_no_key_that_only_refuses():
    """A play-tester watched two bots play: the footer listed "e Phasenende
    u Rückgängig b An Bot t Tipp", keys that only answered with a refusal
    (R-TURN-5: nobody at the keyboard decides). Those keys leave the footer;
    a press still says why not."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={0: "random", 1: "random"})
    app = ThorsApp(session=session, handover=True, bot_delay=600)  # the bots wait
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Menü" in screen_text(app).split("\n")[-1], "the footer drawn")
        assert app.screen.viewer is None
        footer = screen_text(app).split("\n")[-1]
        for gone in ("Phasenende", "Rückgängig", "An Bot", "Tipp"):
            assert gone not in footer, footer
        for kept in ("q Menü", "h Heldin", "Hilfe"):  # h finds the hero of the seat on turn
            assert kept in footer, footer
        await pilot.press("e")  # the key itself still answers
        await pilot.pause()
        assert str(app.screen.query_one("#status").content).startswith("Nicht erlaubt")


async def test_at_the_beaches_the_footer_names_neither_phase_end_nor_hero():
    """At the beach choice (R-SETUP) there is no phase to end and no hero on
    the island: the footer said "e Phasenende" and "h Heldin" all the same."""
    from thorskliff.game import Game

    game = Game.new("duell", [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")], 3)
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Menü" in screen_text(app).split("\n")[-1], "the footer drawn")
        assert "Aufstellung" in screen_text(app) and app.screen.legal
        footer = screen_text(app).split("\n")[-1]
        for gone in ("Phasenende", "Heldin", "Rückgängig"):
            assert gone not in footer, footer
        for kept in ("Wählen", "q Menü", "t Tipp", "Hilfe"):
            assert kept in footer, footer
        await pilot.press("h")  # the key itself still answers (no hero to jump to: the cursor stays)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_footer_works_out_its_idle_keys_once_per_decision_point_and_brings_them_back():
    """The keys that only refuse (R-SETUP: at the beaches no phase to end, no hero to
    find) are worked out once per decision point, not at every redraw and footer
    refresh (a hosted table redraws every screen at every decision); once the heroes
    stand on the island, "h Heldin" is back in the footer, and "e Phasenende" where
    the seat at the keyboard has a phase to end."""
    from thorskliff.game import Game

    game = Game.new("duell", [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")], 3)
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Menü" in screen_text(app).split("\n")[-1], "the footer drawn")
        screen = app.screen
        worked_out = []
        idle_now = screen._idle_now
        screen._idle_now = lambda obs: worked_out.append(obs["step"]) or idle_now(obs)
        for _ in range(3):  # the same decision point: nothing worked out again
            screen.redraw()
            screen.refresh_bindings()
            await pilot.pause()
        assert worked_out == [] and {"end", "hero"} <= screen.idle_keys()
        while game.state.step == "beach":
            await pilot.press("enter")  # the first beach offered
            await until(pilot, lambda: worked_out and screen.obs["step"] == game.state.step, "the next point")
        assert worked_out == ["beach", "move"], worked_out  # once per decision point, not per redraw
        await until(pilot, lambda: "Heldin" in screen_text(app).split("\n")[-1], "h back in the footer")
        footer = screen_text(app).split("\n")[-1]
        assert ("Phasenende" in footer) == bool(screen.legal) and screen.legal, footer
        n = len(worked_out)
        screen.redraw()
        screen.refresh_bindings()
        await pilot.pause()
        assert len(worked_out) == n


async def test_80x24_a_combat_hex_shows_both_sides(tmp_path):
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    from helpers import play

    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3")
    app = ThorsApp(session=LocalSession(game_of(st, auto_chance=True)), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        m = app.screen.query_one(IslandMap)
        assert (m.geo.a, m.geo.h) == (4, 1)  # the smallest island
        lines = ["".join(seg.text for seg in m.render_line(y)) for y in range(m.geo.height)]
        text = "\n".join(lines)
        assert "■3" in text and "▲O2" in text


async def test_80x24_a_long_log_line_wraps(tmp_path):
    session = turn_session(tmp_path)
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready and app.screen.legal,
                    "the screen built (on a busy machine after the first pause)")
        app.screen.command("H 1c2-1c1")
        await pilot.pause()
        app.screen.command("W 1c2-1c1")
        await until(pilot, lambda: "P1: Krieger 1c2→1c1" in screen_text(app), "the log drawn")
        text = screen_text(app)
        assert "P1: Oleif 1c2→1c1" in text and "P1: Krieger 1c2→1c1" in text


async def test_a_board_step_puts_the_cursor_where_enter_chooses():
    """The hero stands on a market, where nobody recruits (R-RECRUIT-1): when
    the recruit step begins the cursor stands on a hex where a warrior can be
    recruited (the warrior's on 1b3), so Enter recruits instead of saying
    that nothing can be done here."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 0, "1b3", warriors=1)
    place(st, 1, "2c2", hero=True)
    st.players[0].taler = 5
    begin(st, 0, 5)
    isl = st.island
    session = LocalSession(game_of(st, auto_chance=True))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.map.has_focus, "the island")
        gs = app.screen
        assert session.state.step == "recruit"
        await until(pilot, lambda: gs.ready and gs.legal, "the decisions")
        assert gs.map.cursor == isl.index("1b3")
        await Keys(pilot)("enter")
        assert session.state.wc[0][isl.index("1b3")] == 2


async def test_moves_from_other_hexes_are_named_in_the_list():
    """The list shows the moves of the cursor's hex; a warrior left behind
    when the hero moved on is not forgotten: an entry names its hex and the
    number of its moves, and Enter on it takes the cursor there, whose moves
    the list then shows (R-MOVE-1: each unit moves on its own)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "2c2", hero=True, warriors=1)
    place(st, 1, "4c2", hero=True)
    begin(st, 0, 1)
    isl = st.island
    session = LocalSession(game_of(st, auto_chance=True))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready and app.screen.legal,
                    "the island")
        gs = app.screen
        gs.decide("H 2c2-2c3")
        await pilot.pause()
        gs.map.set_cursor(isl.index("2c3"))  # where the hero went, as the move leaves it
        await pilot.pause()
        n = len([a for a in session.state.legal_actions() if a.verb == "step" and a.a == isl.index("2c2")])
        assert n > 0 and f"Züge von 2c2 ({n}) – dorthin" in options(app)
        assert options(app)[-1] == "Bewegung beenden"
        gs.decide(f"@goto:{isl.index('2c2')}")
        await pilot.pause()
        assert gs.map.cursor == isl.index("2c2")
        assert sum(o.startswith("Krieger 2c2 →") for o in options(app)) == n


async def test_the_menu_greys_resigning_while_a_bot_decides_and_says_why():
    """R-RESIGN-1 in one's own turn only (R-TURN-5): during the bot's turn the
    menu shows "Aufgeben" greyed with the engine's reason, not an entry that
    then refuses."""
    from textual.widgets import OptionList

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "4c2", hero=True)
    begin(st, 1, 1)  # the bot's turn
    session = LocalSession(game_of(st, auto_chance=True), bots={1: "random"})
    app = ThorsApp(session=session, handover=False, bot_delay=60)  # the bot waits: its turn lasts
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the island")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "the menu")
        ol = app.screen.query_one(OptionList)
        resign = ol.get_option("resign")
        assert resign.disabled
        # the seat at the keyboard reads its refusal in the second person
        bot = session.game.state.players[1].name
        assert str(resign.prompt) == f"Aufgeben … — du entscheidest jetzt nicht; es entscheidet {bot}"
        # the other entries still answer the keys (a greyed entry once disabled the whole menu)
        assert not app.screen.disabled and not ol.disabled
        await pilot.press("down")  # past the greyed entry to "Platz übernehmen …" (a bot plays seat 2)
        assert ol.get_option_at_index(ol.highlighted).id == "take"
        await pilot.press("down")
        assert ol.get_option_at_index(ol.highlighted).id == "title"
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen", "the title screen")


@pytest.mark.parametrize("kind", ["eile", "heil"])
async def test_the_haste_step_reads_alike_to_the_others_whatever_potion_is_held(kind):
    """R-SECRET-1: every seat holding a potion passes the haste step, so its
    prompt must not sound to the others as if an Eiletrank were held; the
    person deciding is asked the question."""
    from textual.widgets import Static

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "4c2", hero=True)
    st.players[0].potions = [(kind, 1)]
    begin(st, 0, 6)
    assert st.step == "haste"
    watched = LocalSession(game_of(st, auto_chance=True), bots={0: "random"})
    app = ThorsApp(session=watched, handover=False, bot_delay=60)  # the bot waits: its step lasts
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the island")
        assert app.screen.viewer == 1
        said = str(app.screen.query_one("#prompt", Static).content)
        assert said.startswith(i18n.t("ask.haste_other", name="P1")) and "Extraschritt?" not in said

    st2 = position(("Oleif", "Bera"))
    place(st2, 0, "1c2", hero=True)
    place(st2, 1, "4c2", hero=True)
    st2.players[0].potions = [(kind, 1)]
    begin(st2, 0, 6)
    app = ThorsApp(session=LocalSession(game_of(st2, auto_chance=True)), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the island")
        assert app.screen.viewer == 0
        assert str(app.screen.query_one("#prompt", Static).content) == i18n.t("ask.haste", name="P1")


async def test_80x24_the_hand_over_keeps_its_heading_and_seat_over_a_long_since_list():
    """A play-tester's hand-over at 80x24 after a long round: "Tastatur
    übergeben" and "▲ Astrid  Oleif, braun" had scrolled off the top. The
    "since your last turn" list scrolls inside the box; the box's own footer
    names the keys that work over it (the game's named e, u, b, t)."""
    from thorskliff.game import Game

    game = Game.new("duell", [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")], 3)
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the island")
        box = HandOver(app.screen.obs["players"][0], "Astrid ist am Zug.")
        box.since = [f"Runde 3: Björn zieht Krieger {n}" for n in range(1, 31)]
        await app.push_screen(box)
        await until(pilot, lambda: "Weiter" in (screen_text(app).splitlines() or [""])[-1], "the box's footer")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        shown = "\n".join(lines)
        assert "Tastatur übergeben" in shown
        assert any("Astrid" in ln and "Oleif, braun" in ln for ln in lines), shown
        assert "Bitte gib die Tastatur an Astrid." in shown
        assert "Runde 3: Björn zieht Krieger 1" in shown and "Krieger 30" not in shown  # the rest scrolls
        assert app.screen is box and "Ich bin Astrid – weiter (Enter)" in shown
        footer = lines[-1]
        assert "⏎ Weiter" in footer and "? Hilfe" in footer
        for gone in ("Phasenende", "Rückgängig", "An Bot", "Tipp", "Menü"):
            assert gone not in footer, footer


# ---------------------------------------------------------------- a fainted heroine's turn


async def test_the_x_turn_says_what_it_allows(tmp_path):
    """R-FAINT-3: a play-tester's heroine fainted; the next turn the panel said only
    "ohnmächtig" and the prompt asked for moves as in any turn. The prompt now says
    that this is the X turn: units move and fight, no silver, no plunder, the heroine
    is laid on a farm at its end."""
    from thorskliff.engine.player import FAINTED

    st = position(("Oleif", "Bera"))
    p = st.players[0]
    p.hero_at, p.life, p.faint = -1, 0, FAINTED
    place(st, 0, "1c1", warriors=1)
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    session = LocalSession(game_of(st, auto_chance=True), tmp_path / "x.tkr")
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        prompt = str(app.screen.query_one("#prompt").render())
        assert prompt.endswith("\nX-Zug: deine Heldin ist ohnmächtig; kein Silber, keine Beute."), prompt


async def test_beras_second_potion_is_declined_as_such(tmp_path):
    """R-POT-2: Bera bought a Krafttrank (her action) and was asked "ein zweiter Trank?";
    the way to decline read "Keine Aktion", though the action was taken."""
    st = position(("Bera", "Oleif"))
    place(st, 0, "M1", hero=True)
    place(st, 0, "1b1", warriors=1)
    place(st, 1, "3b1", hero=True)
    st.players[0].taler = 6
    begin(st, 0, 4)
    st.apply_action(parse("buy kraft"))
    assert st.step == "potion2"
    session = LocalSession(game_of(st, auto_chance=True), tmp_path / "p2.tkr")
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(DecisionList) and options(app), "the decision list is filled")
        opts = options(app)
        assert "Kein zweiter Trank" in opts and "Keine Aktion" not in opts, opts
        assert "ein zweiter Trank?" in str(app.screen.query_one("#prompt").render())
