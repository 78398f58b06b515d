"""Bots at the table of a local game: chosen per seat on the new-game screen,
playing their seats (in turn and off turn) through the session with their
seat's view only, never behind a hand-over screen, never taken back, and
kept in the saved record."""

from __future__ import annotations

import random

import pytest
from helpers import begin, place, position
from textual.widgets import Button, Label, Select, Static
from uihelpers import bot_stepped, game_of, seat_lines, until

from thorskliff import record
from thorskliff.bots.registry import LEVELS
from thorskliff.game import Game
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.combat import CombatScreen
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.handover import HandOver
from thorskliff.ui.screens.setup import SetupScreen, kind_choices
from thorskliff.ui.session import LocalSession
from thorskliff.ui.widgets.panels import PhaseBar, Tableaus


async def open_setup(pilot) -> SetupScreen:
    await pilot.pause()
    await pilot.press("enter")  # Neues Spiel
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    return pilot.app.screen


async def test_duell_one_human_one_bot_with_keys():
    """Seat 2 becomes a bot on the setup screen (keys only); it chooses its
    hero and colour, its beach and plays its turns; the person plays with
    keys and gets the keyboard back each time, with no hand-over screen."""
    app = ThorsApp(seed=11, handover=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(pilot)
        await pilot.press("down", "enter")  # Duell
        await pilot.pause()
        assert setup.mode == "duell" and setup.players == 2
        setup.query_one("#kind-1", Select).focus()
        await pilot.press("enter", "down", "down", "enter")  # Mensch → Bot: Leicht → Bot: Mittel (Heuristik)
        await pilot.pause()
        assert setup.kinds[:2] == ["human", "mittel"]  # the level; the session gets its bot (below)
        assert setup.query_one("#name-1").value == "Bot 2"  # the default name of a bot seat
        assert "Bots wählen" in str(setup.query_one("#bots-hint", Static).content)
        setup.query_one("#next").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert setup.stage == 2
        # the choosing order on a line of its own (it read "(Astrid, Bot 2 (Bot))", brackets in brackets)
        head = str(setup.query_one("#pick-order", Static).content)
        # and "Bot 2" once: not "Bot 2 (Bot)", the name says it already
        order = ", ".join(["Astrid", "Bot 2"][s] for s in setup.order)
        assert f"\nReihenfolge: {order}\n" in head and "((" not in head and "))" not in head, head
        if setup.order[0] == 0:
            await pilot.press("enter", "enter")  # Astrid: first free hero and colour
        await pilot.pause()
        assert 1 in setup.picks  # the bot chose by itself
        if 0 not in setup.picks:
            await pilot.press("enter", "enter")
            await pilot.pause()
        await pilot.press("enter")  # Spiel beginnen
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        session = game.session
        assert session.bots == {1: "heuristic"}
        await until(pilot, lambda: session.decider() == 0, "Astrid chooses a beach")
        assert not isinstance(app.screen, HandOver)
        await pilot.press("enter")  # the beach under the cursor
        await until(pilot, lambda: session.state.step != "beach" and session.decider() == 0 and game.legal,
                    "Astrid's first turn")
        assert session.state.round == 1 and session.state.seat == 0
        tableaus = str(game.query_one(Tableaus).content)
        assert "Bot 2" in tableaus and "(Bot)" not in tableaus  # "Bot 2" says it once
        # Astrid ends every phase with 'e' until the turn passes to the bot
        beach = len(seat_lines(session, 1))
        for _ in range(12):
            if len(seat_lines(session, 1)) > beach:
                break
            await pilot.press("e")
            await pilot.pause()
        # the bot plays its turn by itself, and the game comes back to Astrid
        await until(pilot, lambda: session.state.round >= 2 and session.decider() == 0 and game.legal,
                    "Astrid's turn again")
        assert not isinstance(app.screen, HandOver)
        turn_lines = [ln for ln in seat_lines(session, 1) if not ln.startswith("2 beach")]
        assert turn_lines, "the bot made its turn's decisions"
        assert any(line.startswith("2 ") for line in session.game.lines)
        assert game.viewer == 0
        # saved like any decision
        assert record.load(session.path).lines == session.game.lines


async def test_all_bot_game_plays_by_itself():
    """Nobody at the table: the setup screen says so, the bots choose
    everything and the game runs several rounds on its own, shown as a
    spectator sees it, with no hand-over screen and no combat dialog."""
    app = ThorsApp(seed=3, handover=True, bot_delay=0)
    seen: list[type] = []
    push = app.push_screen

    def spy(screen, *args, **kwargs):
        # every screen shown, even when the bots finish between two pauses
        seen.append(type(screen))
        return push(screen, *args, **kwargs)

    app.push_screen = spy
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(pilot)
        await pilot.press("down", "enter")  # Duell
        await pilot.pause()
        setup.query_one("#kind-0", Select).value = "leicht"
        setup.query_one("#kind-1", Select).value = "mittel"
        await pilot.pause()
        assert "Nur Bots" in str(setup.query_one("#bots-hint", Static).content)
        setup.query_one("#next").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert len(setup.picks) == 2 and setup.query_one("#start", Button).display
        await pilot.press("enter")
        await pilot.pause()
        # with no delay the bots may already have ended the game, and the
        # result box then lies over the island
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        session = game.session
        assert session.humans() == []

        def watch() -> bool:
            return session.state.round >= 4 or session.state.is_terminal()

        await until(pilot, watch, "four rounds")
        assert HandOver not in seen and CombatScreen not in seen
        assert game.viewer is None and game.obs["viewer"] is None
        assert seat_lines(session, 0) and seat_lines(session, 1)


async def test_no_handover_before_a_bot_and_only_between_people():
    """Two people and a bot: the hand-over screen comes before each
    person's decisions when the keyboard changes hands, never before the
    bot's."""
    seats = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Bot 3", "Jorund", "grey")]
    session = LocalSession(Game.new("base", seats, 8, first=0), bots={2: "random"})
    handovers: list[tuple[str, int]] = []
    orig = HandOver.__init__

    def spy(self, player, why):
        handovers.append((player["name"], session.decider()))
        orig(self, player, why)

    HandOver.__init__ = spy
    try:
        app = ThorsApp(session=session, handover=True, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(60):
                if session.state.round >= 2 and seat_lines(session, 2)[1:]:
                    break
                await until(pilot, lambda: session.decider() != 2 and app.screen is not None, "a person decides")
                if isinstance(app.screen, HandOver):
                    await pilot.press("enter")
                elif session.state.step == "beach":
                    await pilot.press("enter")
                else:
                    await pilot.press("e")
                await pilot.pause()
            assert session.state.round >= 2
            assert len(seat_lines(session, 2)) > 1  # the bot chose its beach and played a turn
    finally:
        HandOver.__init__ = orig
    assert handovers, "the people were asked to take over"
    assert all(name != "Bot 3" and seat != 2 for name, seat in handovers), handovers
    names = [n for n, _ in handovers]
    assert "Astrid" in names and "Björn" in names


class Recorder:
    """A bot that keeps what it was shown."""

    name = "recorder"

    def __init__(self):
        self.seen: list[dict] = []

    def choose(self, obs, legal, rng: random.Random):
        self.seen.append(obs)
        return next((a for a in legal if a.verb == "end"), legal[0])


async def test_bot_sees_only_its_seat():
    """R-SECRET-1: the bot deciding for seat 2 gets seat 2's view: its own
    potion kinds, none of seat 1's."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].potions = [("kraft", 1), ("heil", 1)]
    st.players[1].potions = [("schutz", 1)]
    begin(st, 1, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={1: "random"})
    rec = Recorder()
    session.seats.takeover(1, rec)
    app = ThorsApp(session=session, handover=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: rec.seen and session.decider() != 1, "the bot's turn")
        obs = rec.seen[0]
        assert obs["viewer"] == 2  # seats count from 1 in the view
        assert [p["kind"] for p in obs["players"][1]["potions"]] == ["schutz"]
        assert [p["kind"] for p in obs["players"][0]["potions"]] == [None, None]
        assert all(o["players"][0]["potions"] == [{"kind": None, "uses": None}] * 2 for o in rec.seen)
        assert seat_lines(session, 1)


async def test_a_bots_decision_is_never_taken_back():
    # the bot moves its hero and still decides: the engine alone would let anyone take it back
    session = bot_stepped()
    assert session.decider() == 0
    assert session.game.undo_problem(None) is None
    assert session.undo_problem(None) is not None and session.undo_problem(1) is not None
    with pytest.raises(Exception, match="R-TURN-4"):
        session.undo()
    app = ThorsApp(session=session, handover=True, bot_delay=600)  # the bot waits: the key comes first
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = list(session.game.lines)
        await pilot.press("u")
        await pilot.pause()
        status = str(app.screen.query_one("#status", Static).content)
        assert "Nicht zurücknehmbar" in status and "Bot" in status
        assert session.game.lines == lines
        assert "(Bot)" in str(app.screen.query_one(PhaseBar).content)
        assert "ist ein Bot" in str(app.screen.query_one("#prompt", Static).content)


async def test_save_and_resume_keeps_the_bots():
    seats = [("Astrid", "Oleif", "brown"), ("Bot 2", "Bera", "black")]
    app = ThorsApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_game("duell", seats, 4, 1, bots={1: "heuristic"})  # the bot chooses the first beach
        await pilot.pause()
        session = app.screen.session
        path = session.path
        await until(pilot, lambda: seat_lines(session, 1) and session.decider() == 0, "the bot's beach")
    text = path.read_text()
    assert 'bot = "heuristic"' in text
    assert record.seat_bots(record.load(path)) == {1: "heuristic"}
    resumed = LocalSession.load(path)
    assert resumed.bots == {1: "heuristic"} and resumed.humans() == [0]
    # resumed, the bot plays on: Astrid takes her beach and ends her first turn, then the bot's turn
    app = ThorsApp(session=resumed, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: resumed.decider() == 0 and app.screen.legal, "Astrid decides")
        await pilot.press("enter")
        for _ in range(12):
            await until(pilot, lambda: resumed.decider() != 1, "the bot answers")
            if seat_lines(resumed, 1)[1:]:
                break
            await pilot.press("e")
        await until(pilot, lambda: seat_lines(resumed, 1)[1:] and resumed.decider() == 0, "the bot's turn")
    assert record.load(path).lines == resumed.game.lines
    assert record.seat_bots(record.load(path)) == {1: "heuristic"}


async def test_setup_follows_a_language_switch():
    app = ThorsApp(seed=5, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(pilot)
        setup.query_one("#kind-2", Select).value = "schwer"
        name = setup.query_one("#name-0")
        name.value = "Gudrun"
        await pilot.pause()
        assert str(setup.query_one("#heading", Static).content) == "Neues Spiel"
        app.action_switch_lang()
        await pilot.pause()
        assert i18n.lang() == "en"
        assert str(setup.query_one("#heading", Static).content) == "New game"
        assert "human or bot" in str(setup.query_one("#l-names", Label).content)
        assert str(setup.query_one("#next", Button).label) == "Next"
        assert "Base game – 3–4 players" in str(setup.query_one("#mode-base").label)
        sel = setup.query_one("#kind-2", Select)
        assert sel.value == "schwer" and setup.kinds[2] == "schwer"
        assert str(dict((v, p) for p, v in sel._options)["schwer"]) == "Bot: Hard (search)"
        assert "Human" in str(dict((v, p) for p, v in sel._options)["human"])
        assert str(setup.query_one("#kind-0", Select).query_one("#label", Static).content) == "Human"
        assert str(sel.query_one("#label", Static).content) == "Bot: Hard (search)"
        assert name.value == "Gudrun" and setup.query_one("#name-2").value == "Bot 3"
        assert "Bots choose" in str(setup.query_one("#bots-hint", Static).content)
        # stage 2 follows too
        setup.query_one("#next").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert setup.stage == 2
        assert "Choosing goes counter-clockwise" in str(setup.query_one("#pick-order", Static).content)
        assert "Bots take the first free hero" in str(setup.query_one("#pick-order", Static).content)
        app.action_switch_lang()
        await pilot.pause()
        assert i18n.lang() == "de"
        assert "Wahl gegen den Uhrzeigersinn" in str(setup.query_one("#pick-order", Static).content)
        assert str(setup.query_one("#l-hero", Label).content) == "Heldin"


async def test_setup_offers_the_difficulty_levels_and_seats_their_bots():
    """The levels (bots.registry.LEVELS) come first in a seat's choice, in
    words with the bot that plays them; the game and its record get the
    level's bot, so a resumed game keeps it."""
    app = ThorsApp(seed=11, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(pilot)
        sel = setup.query_one("#kind-2", Select)
        said = [str(p) for p, _ in sel._options]
        # the levels only: "Bot: Heuristik" beside "Bot: Mittel (Heuristik)" read as two bots
        assert said == ["Mensch", "Bot: Leicht (Nachlässig)", "Bot: Mittel (Heuristik)", "Bot: Schwer (Suche)"]
        sel.focus()
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        assert setup.kinds[2] == "schwer"
        assert str(sel.query_one("#label", Static).content) == "Bot: Schwer (Suche)"
        setup.query_one("#kind-1", Select).value = "leicht"
        await pilot.pause()
        assert setup.bot_seats() == {1: "careless", 2: LEVELS["schwer"]}
        i18n.set_lang("en")
        try:
            assert [str(p) for p, _ in kind_choices()][1:4] == [
                "Bot: Easy (careless)", "Bot: Medium (heuristic)", "Bot: Hard (search)"]
        finally:
            i18n.set_lang("de")


async def test_a_refusal_during_the_bots_turn_names_the_players_and_is_gone_at_ones_own_turn():
    """R-TURN-5: Astrid (seat 1) tries to resign while Bot 2 (seat 2) moves:
    refused, in names, not seat numbers. Once the bot's turn is over and
    Astrid decides, that refusal no longer stands on the screen."""
    from thorskliff.ui.screens.summary import SinceSummary

    st = position(("Oleif", "Bera"))
    st.players[0].name, st.players[1].name = "Astrid", "Bot 2"
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    begin(st, 1, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={1: "random"})
    app = ThorsApp(session=session, handover=True, bot_delay=600)  # the bot waits: we play its turn below
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert session.decider() == 1 and screen.viewer == 0
        screen.action_resign()
        await pilot.pause()
        status = str(screen.query_one("#status", Static).content)
        # Astrid reads her own refusal: in the second person, not "Astrid entscheidet jetzt nicht"
        assert status == "Nicht erlaubt: du entscheidest jetzt nicht; es entscheidet Bot 2"
        i18n.set_lang("en")
        try:
            screen.action_resign()
            await pilot.pause()
            status = str(screen.query_one("#status", Static).content)
            assert status.endswith("you are not deciding now; Bot 2 is")
        finally:
            i18n.set_lang("de")
        while (job := session.bot_job()) is not None:  # the bot's turn, as the bot worker plays it
            session.submit_bot(job, job.think())
            screen.sync()
            await pilot.pause()
        assert session.decider() == 0
        if isinstance(app.screen, SinceSummary):
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen, "back to the game")
        assert "Nicht erlaubt" not in str(screen.query_one("#status", Static).content)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_hero_s_long_description_wraps_under_itself(size):
    """At 120x40, Duell → Weiter: Jorund's line wrapped to the list's left edge and its
    last word "Taler" stood alone on the next row, like an entry of its own. Each hero
    fits one row at 120 columns now; where one does not (80), its description continues
    under itself, after the heroes' names."""
    from textual.widgets import OptionList

    app = ThorsApp(seed=11, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        setup = await open_setup(pilot)
        await pilot.press("down", "enter")  # Duell
        await pilot.pause()
        setup.query_one("#next").focus()
        await pilot.press("enter")
        await pilot.pause()
        heroes = setup.query_one("#heroes", OptionList)
        r = heroes.content_region
        strips = app.screen._compositor.render_strips()
        rows = ["".join(seg.text for seg in strip)[r.x:r.right].rstrip() for strip in strips[r.y:r.bottom]]
        rows = [row for row in rows if row.strip()]
        names = ("Raghild", "Bera", "Oleif", "Jorund")
        starts = [row for row in rows if row.lstrip().startswith(names)]
        assert len(starts) == 4, rows
        jorund = next(i for i, row in enumerate(rows) if "Jorund –" in row)
        said = " ".join(" ".join(rows[jorund:]).split())
        assert said.startswith("Jorund – " + i18n.t("hero.Jorund")), rows
        desc_at = rows[jorund].index("10 Leben")
        for row in rows:
            if not row.lstrip().startswith(names):  # a wrapped row: under the description, not at the edge
                assert len(row) - len(row.lstrip()) >= desc_at, rows
        if size[0] >= 120:
            assert len(rows) == 4, rows  # one row each


@pytest.mark.parametrize("lang,want", [
    ("de", ["Schwer", "Schwer", "Leicht", "Mittel", "Gierig", "Zufall", "Suche mit 400 Iterationen",
            "Suche mit 0,5 s je Entscheidung", "Suche mit 0,25 s je Entscheidung",
            "Suche mit 400 Iterationen, höchstens 3000 Heuristik-Entscheidungen",
            "Suche mit höchstens 2500 Heuristik-Entscheidungen", "unbekannter Bot"]),
    ("en", ["Hard", "Hard", "Easy", "Medium", "greedy", "random", "search with 400 iterations",
            "search with 0.5 s a decision", "search with 0.25 s a decision",
            "search with 400 iterations, at most 3000 heuristic decisions",
            "search with at most 2500 heuristic decisions", "unknown bot"]),
])
def test_a_stored_bot_in_words(lang, want):
    """Every spec a record, group or host may keep, as a player reads it: a
    level's bot (however spelt) as the level, any other by kind and budget."""
    from thorskliff.ui.botwords import bot_words

    specs = [LEVELS["schwer"], "Search:400IT/2500h", "careless", "heuristic", "greedy", "random", "search:400it",
             "search", "search:0.25s", "search:400it/3000h", "search:2500h", "search:lots"]
    i18n.set_lang(lang)
    try:
        assert [bot_words(s) for s in specs] == want
    finally:
        i18n.set_lang("de")


async def test_the_prompt_names_an_old_bot_in_words():
    """A game whose record keeps a bot as search:400it (from before the
    levels): while it decides the prompt says what it is in words."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={0: "search:400it"})
    app = ThorsApp(session=session, handover=True, bot_delay=600)  # the bot waits: it never searches here
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        prompt = str(app.screen.query_one("#prompt", Static).content)
        assert "ist ein Bot (Suche mit 400 Iterationen)" in prompt and "400it" not in prompt


@pytest.mark.parametrize("bots", [{0: "random", 1: "random"}, {1: "random"}])
async def test_with_bots_alone_the_footer_leaves_out_enter_colon_and_tab(bots):
    """Last play-test: with bots alone at the table the footer still offered
    ⏎ Wählen, : Notation and Tab Liste/Karte, which only refuse then; with a
    person at the table (her turn) they are there."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    app = ThorsApp(session=LocalSession(game_of(st, auto_chance=True), bots=bots), handover=False, bot_delay=600)
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and getattr(app.screen, "obs", None),
                    "the game")
        def drawn() -> str:
            return "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])

        # the footer is drawn after the screen's first view (a loaded machine: not yet at a pause)
        await until(pilot, lambda: i18n.t("key.help") in drawn(), "the footer")
        footer = drawn()
        for key in ("key.select", "key.command", "key.focus"):
            assert (i18n.t(key) in footer) == (len(bots) == 1), (key, footer)


@pytest.mark.parametrize("lang, names, want", [
    ("de", ["Bot 2", "Knut", "Robotnik", "bot 3"], ["Bot 2", "Knut (Bot)", "Robotnik (Bot)", "bot 3"]),
    ("en", ["Bot 2", "Ann"], ["Bot 2", "Ann (bot)"]),
])
def test_a_bot_seat_is_marked_once(lang, names, want):
    """A bot seat's default name "Bot 2" says it is a bot: it read "Bot 2 (Bot)"."""
    from thorskliff.ui.botwords import bot_name

    i18n.set_lang(lang)
    try:
        assert [bot_name(n) for n in names] == want
    finally:
        i18n.set_lang("de")


@pytest.mark.parametrize("name, prefixed", [("Bot 1", False), ("P1", True)])
async def test_the_status_line_says_bot_once(name, prefixed):
    """Play-test: a bot's step read "Bot · Bot 2 wählt den Strand 1c3"; a bot
    named "Bot 2" is named once, one with a person's name keeps "Bot · "."""
    st = position(("Oleif", "Bera"))
    st.players[0].name = name
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={0: "random"})
    said: list[str] = []
    orig = GameScreen.say

    def spy(self, text, *a, **kw):
        said.append(str(text))
        return orig(self, text, *a, **kw)

    GameScreen.say = spy
    try:
        app = ThorsApp(session=session, handover=False, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: any(x.count(name) for x in said), "a bot step in the status line")
            # the bot ends its turn: the person's "since your last turn" comes up whole
            await until(pilot, lambda: session.decider() == 1 and app.screen.query("#sum-go"), "Bera's turn")
    finally:
        GameScreen.say = orig
    steps = [x for x in said if name in x]
    assert all(x.startswith("Bot · ") == prefixed for x in steps), steps
    assert not any("Bot · Bot" in x for x in said), said


@pytest.mark.parametrize("lang, word", [("de", "Liste schließen"), ("en", "Close list")])
async def test_an_open_select_list_names_its_key_in_the_players_language(lang, word):
    """Play-test: with a seat's "Mensch / Bot" list open the footer read "esc Dismiss
    menu", Textual's own English."""
    app = ThorsApp(seed=11, handover=True, bot_delay=0, lang=lang)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            setup = await open_setup(pilot)
            setup.query_one("#kind-1", Select).focus()
            await pilot.pause()
            await pilot.press("enter")  # the list opens
            await pilot.pause()
            footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
            assert word in footer and "Dismiss" not in footer, footer
    finally:
        i18n.set_lang("de")


async def test_with_bots_alone_at_the_end_enter_is_offered_again():
    """The game over, the list offers the result and the title: ⏎ works then
    and the footer names it, bots alone or not."""
    from pathlib import Path

    from thorskliff.ui.screens.result import ResultScreen

    path = Path(__file__).resolve().parent.parent / "records" / "duell-greedy.tkr"
    session = LocalSession(record.load(path), bots={0: "greedy", 1: "greedy"})
    app = ThorsApp(session=session, handover=False, bot_delay=0)
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        await pilot.press("escape")  # look at the island
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        await pilot.pause()
        footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
        assert i18n.t("key.select") in footer, footer


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_modes_are_said_whole_at_80x24(lang):
    """At 80x24 the setup screen read "Grundspiel – 3–4 Spieler, ganze Insel;
    3 Bernsteine oder 3 Kristalle g…": each mode's line is whole now."""
    from thorskliff.ui import i18n

    app = ThorsApp(seed=11, bot_delay=0, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await open_setup(pilot)
            text = "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())
            for m in ("base", "duell", "episch"):
                assert f"{i18n.t('mode.' + m)} – {i18n.t('mode.' + m + '_about')}" in text, text
            assert "…" not in text
    finally:
        i18n.set_lang("de")
