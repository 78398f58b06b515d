"""The campaign in the app: a group from the title screen, a chapter with
its time track and its cards shown as cards, a card's choice asked of the
seat it names, the rules in force in the help, a chapter resumed exactly
from the campaign table, and the group table (R-CAMP-7) with the move on to
the next chapter and its carried cards. Chapters are driven to the point a
test needs by the greedy bot (or a passive one) through the session."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from textual.widgets import Button, Checkbox, Input, RadioSet, Select, Static

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "campaign"))

from campaign_helpers import greedy_policy, passive  # noqa: E402

from thorskliff import record  # noqa: E402
from thorskliff.engine.actions import fmt  # noqa: E402
from thorskliff.campaign.table import CampaignTable  # noqa: E402
from thorskliff.engine.state import CHANCE  # noqa: E402
from thorskliff.ui import i18n  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.campaign import (  # noqa: E402
    CampaignScreen, GroupScreen, NewGroupScreen, record_path, table_of,
)
from thorskliff.ui.screens.campaign_card import CardListScreen, CardScreen  # noqa: E402
from thorskliff.ui.screens.campaign_game import CampaignGameScreen  # noqa: E402
from thorskliff.ui.screens.campaign_help import CampaignHelpScreen  # noqa: E402
from thorskliff.ui.screens.handover import HandOver  # noqa: E402
from thorskliff.ui.screens.title import TitleScreen  # noqa: E402
from thorskliff.ui.session import CampaignSession  # noqa: E402
from thorskliff.ui.widgets.campaign import TimeTrack, table_plain  # noqa: E402

MEMBERS = [("Ann", "Bera", "brown"), ("Bo", "Oleif", "black")]


def text_of(widget) -> str:
    return str(widget.content)


def new_group(name: str = "Wikinger", members=MEMBERS) -> CampaignTable:
    table = CampaignTable()
    table.create_group(name, members)
    return table


def drive(session: CampaignSession, stop, policy=None, seed: int = 0, limit: int = 5000):
    """Submit the bot's decisions through the session until ``stop(state,
    decision)`` says the next decision is the one the test makes itself;
    returns that decision."""
    policy = policy or greedy_policy()
    rng = random.Random(seed)
    for _ in range(limit):
        st = session.state
        assert not st.is_terminal(), "the chapter ended before the point the test needs"
        a = policy(st, st.legal_actions(), rng)
        if stop(st, a):
            return a
        session.submit(a, st.current_player())
    raise AssertionError("the point the test needs never came")


def reads_a_card_next(st, a, how: str = "time") -> bool:
    """Would decision ``a`` (and the dice after it) read a card?"""
    probe = st.clone()
    probe.apply_action(a)
    while probe.current_player() == CHANCE:
        probe.apply_action(probe.sample_chance())
    return any(e[3] == how for e in probe.card_log[len(st.card_log):])


async def read_all_cards(pilot, app) -> list[str]:
    """Close every card shown; returns their texts."""
    seen = []
    for _ in range(20):
        await pilot.pause()
        if not isinstance(app.screen, CardScreen):
            return seen
        seen.append(app.screen.body)
        await pilot.press("enter")
    raise AssertionError("the cards do not end")


# ---------------------------------------------------------------- a campaign from the title screen


async def test_a_campaign_starts_from_the_title_screen():
    app = ThorsApp(handover=False, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("enter")  # "+ Neue Gruppe"
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGroupScreen)
        form.query_one("#ng-players", RadioSet).query_one("#ng-players-2").value = True
        await pilot.pause()
        form.query_one("#ng-name", Input).value = "Wikinger"
        form.query_one("#ng-player-0", Input).value = "Ann"
        form.query_one("#ng-player-1", Input).value = "Bo"
        form.query_one("#ng-hero-1", Select).value = "Bera"
        form.query_one("#ng-hero-0", Select).value = "Bera"  # the same hero twice is refused
        await pilot.click("#ng-create")
        await pilot.pause()
        assert isinstance(app.screen, NewGroupScreen)
        assert "jeder Held kann nur einmal gewählt werden" in text_of(form.query_one("#ng-problem", Static))
        form.query_one("#ng-hero-0", Select).value = "Jorund"
        form.query_one("#ng-create", Button).press()  # a click again would land in the first's flash
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GroupScreen)
        # the group is in the table in SQLite, with its heroes for every chapter
        with CampaignTable() as table:
            g = table.group("Wikinger")
            assert [(m.player, m.hero) for m in g.members] == [("Ann", "Jorund"), ("Bo", "Bera")]
        assert "Als Nächstes: Kapitel 1 „Die erste Begegnung“" in text_of(page.query_one("#grp-next"))
        page.query_one("#grp-short", Checkbox).value = True  # "bis 2 Bernsteine"
        await pilot.click("#grp-begin")
        cards = await read_all_cards(pilot, app)
        assert "Kapitel 1: Die erste Begegnung" in cards[0] and "Frühling - Prolog" in cards[1]
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen)
        assert gs.session.state.short and gs.session.state.mode.goal_ambers == 2
        assert "abgegeben 0/2" in text_of(gs.query_one("#tableaus"))
        track = text_of(gs.query_one(TimeTrack))
        assert "▶1" in track and "Feld 1/19" in track and "nächste Karte auf Feld 4 (Sommer)" in track
        with CampaignTable() as table:
            assert table.in_progress("Wikinger") == 1


# ---------------------------------------------------------------- a time card when its space is reached


async def test_the_summer_card_is_shown_when_the_marker_reaches_it():
    new_group().close()
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=5)
        last = drive(session, lambda st, a: reads_a_card_next(st, a))
        assert session.state.round == 3 and "potions" not in session.state.rules
        app.push_screen(CampaignGameScreen(session, handover=False))
        await read_all_cards(pilot, app)  # the chapter's story and spring
        gs = app.screen
        assert "▶3" in text_of(gs.query_one(TimeTrack))
        gs.command(fmt(last))  # the round ends: the marker moves onto summer
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)
        body = app.screen.body
        assert "Zeitkarte 4" in body and "Sommer - Der Kräuterkessel" in body
        assert "Tränke" in body  # the effect in words
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is gs
        track = text_of(gs.query_one(TimeTrack))
        assert "▶4" in track and "nächste Karte auf Feld 6" in track
        assert {"potions", "haste"} <= session.state.rules
        # the help says which rules are in force now
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, CampaignHelpScreen)
        helptext = app.screen.query_one("#campaign-help").source
        in_force, _, not_yet = helptext.partition("Noch nicht in Kraft")
        assert "**Tränke kaufen**" in in_force and "**Eile-Phase (Phase 6)**" in in_force
        assert "Bernstein am Markt kaufen" in not_yet
        assert "4 (Sommer): Sommer - Der Kräuterkessel ◀" in helptext
        await pilot.press("escape")
        await pilot.pause()
        # every card so far, as a list
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, CardListScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CardScreen) and "Beras Fähigkeiten" in app.screen.body


async def test_a_sanctuary_card_is_shown_to_the_deliverer():
    new_group().close()
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=5)
        last = drive(session, lambda st, a: reads_a_card_next(st, a, "sanctuary"))
        seat = session.state.current_player()
        app.push_screen(CampaignGameScreen(session, handover=False))
        await read_all_cards(pilot, app)
        app.screen.command(fmt(last))
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)
        body = app.screen.body
        assert "Heiligtumkarte A" in body and f"gezogen von {MEMBERS[seat][0]}" in body


# ---------------------------------------------------------------- a card's choice


async def test_a_cards_choice_is_asked_of_the_seat_it_names():
    """Die lange Nacht (space 16) asks the player furthest behind."""
    new_group().close()
    app = ThorsApp()  # with the hand-over between seats
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=3)
        drive(session, lambda st, a: st.step == "card", policy=passive)
        st = session.state
        assert st.round == 16 and st.waiting.card == "lange_nacht"
        chooser = st.current_player()
        app.push_screen(CampaignGameScreen(session, handover=True))
        await read_all_cards(pilot, app)
        assert isinstance(app.screen, HandOver)
        who = "\n".join(text_of(w) for w in app.screen.query(Static))
        name = MEMBERS[chooser][0]
        assert f"Die Karte „Die lange Nacht“ fragt {name}." in who
        await pilot.press("enter")
        await pilot.pause()
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen) and gs.viewer == chooser
        prompt = text_of(gs.query_one("#prompt"))
        assert f"{name} entscheidet für die Karte:" in prompt and "Die lange Nacht" in prompt
        items = gs.decision_items()
        assert [d for d, _, ok in items if ok] == ["choose taler", "choose trank"]
        assert all(not p.startswith("choose") for _, p, _ in items)
        taler = st.players[chooser].taler
        gs.decide("choose taler")
        await pilot.pause()
        assert session.state.players[chooser].taler == taler + 3


# ---------------------------------------------------------------- resuming a chapter


async def test_a_chapter_in_progress_resumes_exactly():
    new_group().close()
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 2, seed=4, short=True, start=1,
                                        path=record_path("Wikinger", 2))
        drive(session, lambda st, a: st.round >= 7 and st.step == "move")
        want = session.state.observation(None)
        lines = list(session.game.lines)
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("enter")  # the group: the list opens on its chapter in progress
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GroupScreen)
        assert "Kapitel 2 „Thors Blut“ läuft." in text_of(page.query_one("#grp-next"))
        await pilot.click("#grp-resume")
        await pilot.pause()
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen)  # nothing new to read: no card is shown again
        assert gs.session.state.observation(None) == want and gs.session.game.lines == lines
        assert "▶7" in text_of(gs.query_one(TimeTrack))
        # the chapter's record beside the table replays to the same position
        again = record.load(record_path("Wikinger", 2))
        assert again.lines == lines and again.state.observation(None) == want


# ---------------------------------------------------------------- the group table and the next chapter


async def test_the_group_table_and_the_next_chapter_with_carried_cards():
    table = new_group()
    session = CampaignSession(*_finished_chapter1(table), "Wikinger")
    session.save()
    result = session.result
    assert result is not None and result.winner is not None
    winner = MEMBERS[result.winner][0]
    table.close()
    app = ThorsApp(handover=False, seed=9)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_campaign()
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GroupScreen)
        shown = table_plain(page.group.table(), page.group.carried)
        for col in ("Spieler", "Heldin", "Kap. 1", "Kap. 2", "Tätowierung", "Seekarte", "Kap. 3", "Karten"):
            assert col in shown
        row = next(ln for ln in shown.splitlines() if winner in ln)
        assert "✔" in row and "Segen des Kindes" in row
        assert f"Kapitel 1 „Die erste Begegnung“: {winner} gewinnt mit den Bernsteinen!" in \
            text_of(page.query_one("#grp-results"))
        assert "Als Nächstes: Kapitel 2 „Thors Blut“" in text_of(page.query_one("#grp-next"))
        assert "Segen des Kindes" in text_of(page.query_one("#grp-carry"))
        await pilot.click("#grp-begin")
        await read_all_cards(pilot, app)
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen) and gs.session.state.chapter.number == 2
        assert "segen1" in gs.session.state.held[result.winner]
        assert "Segen des Kindes" in text_of(gs.query_one("#tableaus"))
        # the table is reachable from the game too
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GroupScreen)
        assert "Kapitel 2 „Thors Blut“ läuft." in text_of(app.screen.query_one("#grp-next"))


def _finished_chapter1(table: CampaignTable):
    from thorskliff.game import Game

    table.start_chapter("Wikinger", 1, seed=3, short=True)
    game = Game.new_chapter(table.group("Wikinger"), 1, seed=3, short=True)
    rng, policy = random.Random(3), greedy_policy()
    while not game.state.is_terminal():
        st = game.state
        game.submit(policy(st, st.legal_actions(), rng))
    return game, table


async def test_the_end_of_a_chapter_goes_to_the_group_table():
    table = new_group()
    game, _ = _finished_chapter1(table)
    st = game.state
    # the last decision is made in the app: the winner's cards and the epilogue follow
    from thorskliff.game import Game

    table.start_chapter("Wikinger", 1, seed=3, short=True)
    replay = Game.new_chapter(table.group("Wikinger"), 1, seed=3, short=True)
    session = CampaignSession(replay, table, "Wikinger")
    decided = [ln for ln in game.lines if not ln.startswith("*")]
    for ln in decided[:-1]:
        col, _, text = ln.partition(" ")
        session.submit(text, int(col) - 1)
    last = decided[-1].partition(" ")[2]
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(CampaignGameScreen(session, handover=False))
        await read_all_cards(pilot, app)
        app.screen.command(last)
        cards = await read_all_cards(pilot, app)
        assert session.state.outcome() == st.outcome()
        assert any("Der Segen" in c for c in cards)
        assert "Ende des Kapitels „Die erste Begegnung“" in cards[-1] and "Tjure" in cards[-1]
        gs = app.screen
        assert gs.decision_items() == [("@group", "Zur Gruppentafel", True)]
        gs.decide("@group")
        await pilot.pause()
        assert isinstance(app.screen, GroupScreen)
        assert table.in_progress("Wikinger") is None and table.group("Wikinger").results[1].short


async def test_the_campaign_in_english():
    i18n.set_lang("en")
    new_group().close()
    app = ThorsApp(handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=5)
        app.push_screen(CampaignGameScreen(session, handover=False))
        cards = await read_all_cards(pilot, app)
        assert "Chapter 1: The First Encounter" in cards[0] and "Spring - Prologue" in cards[1]
        assert "space 1/19" in text_of(app.screen.query_one(TimeTrack))
