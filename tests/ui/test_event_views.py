"""What the screen shows from the engine's events: the combat summary (the
rulebook's example, both counter variants, word for word), a combat without
a decision, a bot's whole turn followed on the map, and "since your last
turn" (R-COMBAT-1, R-TURN-5)."""

from __future__ import annotations

from combat_example import VARIANT_A, VARIANT_B
from helpers import begin, place, position
from uihelpers import game_of, until

from thorskliff.engine import events as E
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.handover import HandOver
from thorskliff.ui.screens.summary import CombatSummary, SinceSummary
from thorskliff.ui.session import LocalSession
from thorskliff.ui.widgets.hexmap import IslandMap



def example_session() -> LocalSession:
    """The rulebook's combat example (R-COMBAT-1) up to Bera's assignment of
    the counter roll: Oleif (P1) and two warriors attacked Bera's (P2) three
    on 1c3, with the printed dice."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    for d in ("H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3"):
        session.submit(d, 0)
    session.roll("M3 M1 K1 K1")
    session.submit("auto", 0)
    session.roll("K1 K2 K2")
    return session


def up(app, kind) -> bool:
    """``kind`` of summary is on screen and drawn."""
    return isinstance(app.screen, kind) and bool(app.screen.query("#sum-body"))


def body(app) -> list[str]:
    return str(app.screen.query_one("#sum-body").content).splitlines()


async def _variant(hits: tuple[str, ...], expected: list[str]) -> None:
    session = example_session()
    app = ThorsApp(session=session, handover=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOver), "the hand-over to Bera")
        await pilot.press("enter")
        await until(pilot, lambda: session.decider() == 1 and app.screen.__class__.__name__ == "CombatScreen",
                    "Bera's combat dialog")
        for h in hits:
            app.screen.gs.decide(h)
        # Bera, who defended, reads the result before the keyboard goes back to Oleif
        await until(pilot, lambda: up(app, CombatSummary), "the summary for Bera")
        assert body(app) == expected
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandOver), "the hand-over back to Oleif")
        await pilot.press("enter")
        # Oleif fought too: the same summary, once he has the keyboard
        await until(pilot, lambda: up(app, CombatSummary), "the summary for Oleif")
        assert body(app) == expected
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")
    p = session.state.players[0]
    assert (p.life, p.taler, p.hero_at) == (int(expected[1].split("→")[1]), 2, session.state.island.index("1c2"))


async def test_rulebook_example_variant_a_summary_on_screen():
    await _variant(("1>H", "2>W1", "2>W2"), VARIANT_A)


async def test_rulebook_example_variant_b_summary_on_screen():
    await _variant(("1>H", "2>H", "2>H"), VARIANT_B)


async def test_a_combat_without_a_decision_gets_its_summary_too():
    """Oleif alone attacks a troll: no potion, no choice of dice, the
    neighbour's assignment has one target — the whole combat is one decision,
    and its summary still shows (a bot plays seat 2)."""
    st = position(("Oleif", "Bera"), trolls=True)
    place(st, 0, "1a2", hero=True)
    place(st, 1, "3c3", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={1: "random"})
    session.submit("H 1a2-1a1", 0)
    session.submit("end", 0)
    app = ThorsApp(session=session, handover=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the game")
        n = len(session.game.lines)
        app.screen.decide("fight 1a1")
        await until(pilot, lambda: up(app, CombatSummary), "the summary")
        assert all(ln.startswith("*") for ln in session.game.lines[n + 1:])  # only dice fell after the fight
        lines = body(app)
        assert lines[0] == "Kampf auf 1a1: P1 greift Troll an"
        group = E.combats([e for evs in session.events(0) for e in evs])[-1]
        rolls = [e for e in group if isinstance(e, E.Rolled)]
        assert [ln for ln in lines if ln.startswith("• Angriffswurf") or ln.startswith("• Gegenwurf")] == [
            "• Angriffswurf: " + " ".join(f"{k}{v}" for k, v in zip(rolls[0].dice, rolls[0].vals)),
            "• Gegenwurf: " + " ".join(f"{k}{v}" for k, v in zip(rolls[1].dice, rolls[1].vals))]


async def test_a_whole_bot_turn_is_followed_on_the_map_and_told_at_the_next_turn():
    """Every step of the bot's turn is shown on the map (its hex and target
    marked) and, when the person's turn begins, "since your last turn" lists
    the bot's moves as the events say them."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "3c2", hero=True, warriors=3)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={1: "greedy"})
    shown: list[tuple[int, frozenset]] = []
    orig = IslandMap.show

    def spy(self, obs, marks=None):
        if marks is not None:
            shown.append((marks.selected, marks.targets))
        return orig(self, obs, marks)

    IslandMap.show = spy
    try:
        app = ThorsApp(session=session, handover=True, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the game")
            game = app.screen
            said: list[str] = []
            say = game.say

            def spy_say(text, *args, **kwargs):
                said.append(str(text))
                return say(text, *args, **kwargs)

            game.say = spy_say

            def bots_turn_began() -> bool:
                return any(isinstance(e, E.TurnBegan) and e.seat == 1 for evs in session.events(0) for e in evs)

            while not bots_turn_began():
                game.decide("end")  # the person passes the rest of the turn
            await until(pilot, lambda: up(app, SinceSummary), "since your last turn")
            flat = [e for evs in session.events(0) for e in evs]
            turns = [i for i, e in enumerate(flat) if isinstance(e, E.TurnBegan)]
            bot_turn = flat[turns[-2]:turns[-1]]
            assert flat[turns[-2]].seat == 1 and flat[turns[-1]].seat == 0
            moves = [e for e in bot_turn if isinstance(e, E.Moved)]
            assert moves, "the bot moved nothing: the test would say nothing"
            for m in moves:
                assert (m.src, frozenset({m.dst})) in shown, f"the map never showed {m}"
            text = "\n".join(body(app))
            steps = [f"{'Bera' if m.unit == 'H' else 'Krieger'} {lab(m.src)}→{lab(m.dst)}" for m in moves]
            told = [s for ln in text.splitlines() if ln.startswith("P2 zieht: ")
                    for s in ln.removeprefix("P2 zieht: ").split(", ")]
            assert told == steps  # every move, in order, as the events say
            # the status line tells each bot step once, the player named once
            bot_says = [x for x in said if x.startswith("Bot · ")]
            assert bot_says and all(x.count("P2") == 1 for x in bot_says if "P2 zieht" in x), bot_says
            assert text.splitlines()[0].startswith("Runde 1: P2 ist am Zug")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")
    finally:
        IslandMap.show = orig


def lab(h: int) -> str:
    from thorskliff.engine.actions import hexlabel

    return hexlabel(h)


async def test_the_counter_roll_shows_no_damage_of_the_attack_roll():
    """The rulebook's example (R-COMBAT-1) with a Schutztrank in Oleif's
    hand: after Bera's counter roll K1 K2 K2 Oleif may drink it (R-POT-5)
    before any of those dice is assigned. The dialog then shows the counter
    roll; no unit has taken damage from it yet — the 2 and 4 Oleif's side
    dealt in the attack roll are not his."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    st.players[0].potions = [("schutz", 1)]
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    for d in ("H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3", "end"):
        session.submit(d, 0)
    session.roll("M3 M1 K1 K1")
    session.submit("end", 0)
    session.submit("auto", 0)
    session.roll("K1 K2 K2")
    assert session.state.step == "c:att_post2"
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "CombatScreen" and app.screen.last is not None,
                    "Oleif's combat dialog")
        view = str(app.screen.query_one("#c-view").content).splitlines()
        assert view[2] == "  Oleif ♥10/10 ←1c2  Krieger 1 ←1c2  Krieger 2 ←1c2"
        assert view[6].startswith("Angriffswurf:") and view[7].startswith("Gegenwurf:")  # both rolls (#27, 7)


async def test_a_word_said_while_the_combat_dialog_is_being_built_reaches_it():
    """The game screen says things (a refusal, a cleared status) while bots
    decide; a combat dialog just pushed has no widgets yet. Saying then
    raised NoMatches and took the app down (CI saw it in the whole-campaign
    test); now the dialog shows the word once it is built."""
    from uihelpers import combat_example

    from thorskliff.ui.screens.combat import CombatScreen

    s = LocalSession(game_of(combat_example(), auto_chance=True))
    app = ThorsApp(session=s, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CombatScreen) and app.screen.last is not None,
                    "the combat dialog")
        gs = app.screen.gs
        app.screen.dismiss(None)
        await pilot.pause()
        dialog = CombatScreen(gs)
        gs._combat = dialog
        app.push_screen(dialog)
        assert dialog.is_attached and not dialog.query("#c-status")  # pushed, not built
        gs.say("Hallo")
        await until(pilot, lambda: dialog.query("#c-status"), "the dialog built")
        await pilot.pause()
        assert str(dialog.query_one("#c-status").content) == "Hallo"


async def test_a_summary_names_only_keys_that_work_over_it():
    """Over "Seit deinem letzten Zug" a play-tester read the game's footer (e Phasenende,
    u Rückgängig, b An Bot, ? Hilfe …) and pressed ?: nothing happened. A summary has its own
    footer: Enter goes on, ? opens the help over it, and Esc there comes back to it."""
    from textual.widgets import Footer

    from thorskliff.ui.screens.help import HelpScreen

    session = example_session()
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SinceSummary("Astrid", ["Bot 2 zieht: Bera 4c2→4b2"]))
        await until(pilot, lambda: up(app, SinceSummary), "the summary")
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        shown = {b.description for _, b in app.screen._bindings if b.show}
        assert shown == {"Weiter", "Hilfe"} and footer.is_attached
        rows = app.screen._compositor.render_strips()
        last = "".join(seg.text for seg in rows[-1])
        assert "⏎ Weiter" in last and "Hilfe" in last and "Phasenende" not in last and "An Bot" not in last
        assert "space" not in last  # a German footer names Enter, not an English key name
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.press("escape")
        await until(pilot, lambda: up(app, SinceSummary), "back at the summary")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, SinceSummary), "back to the combat")


async def test_the_combat_footer_offers_a_only_where_dice_are_assigned():
    """The combat dialog's footer named "a Vorschlag" at a potion window too, where a did
    nothing. R-COMBAT-1.2: the suggestion is for assigning dice; Bera's counter roll (the
    rulebook's example) is assigned with a, and the footer names it there."""
    session = example_session()
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "CombatScreen" and app.screen.last is not None,
                    "Bera's combat dialog")
        await pilot.pause()
        assert session.state.step == "c:def_assign"
        footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
        assert "a Vorschlag" in footer, footer
        await pilot.press("a")
        await until(pilot, lambda: session.state.step != "c:def_assign", "the suggestion taken")
