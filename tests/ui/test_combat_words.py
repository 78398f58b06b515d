"""What the combat dialog says about potions drunk, blocked dice, defeated units and
whose heroine a die goes onto (a play-test's findings), in German and English.

The position: Oleif (hero, Krafttrank, one warrior) steps from 1c2 onto Bera's 1c3
(hero, Schutztrank, one warrior) and fights (R-COMBAT-1). Bera holds only a
Schutztrank, which is drunk after the opposing roll (R-POT-6): her window before the
roll (c:def_pre) has nothing to drink."""

from __future__ import annotations

import pytest
from helpers import KRAFT_FIGHT, begin, kraft_against_schutz, place, play, position
from textual.widgets import Static
from uihelpers import game_of, until

from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession


def fight():
    st = kraft_against_schutz()
    play(st, *KRAFT_FIGHT)
    return st


def shown(screen) -> str:
    return "\n".join(str(w.content) for w in screen.query(Static))


def entries(app) -> list[str]:
    return [str(o.prompt) for o in app.screen.query_one("#c-decisions").options]


async def dialog(pilot, app) -> None:
    await until(pilot, lambda: app.screen.query("#c-decisions") and entries(app), "the combat dialog")


WORDS = {
    "de": {"no_potion": "P2: du hast keinen Trank, den du jetzt trinken darfst – weiter (Enter).",
           "go_on": "Weiter (kein Trank)",
           "kraft": "+1 G-Würfel (Krafttrank)", "schutz": "+1 Schutz (Schutztrank)",
           "from_kraft": "– davon 1× G aus dem Krafttrank",
           "blocks": ["Mit dem Schutz blocken: G5", "Mit dem Schutz blocken: M3", "Mit dem Schutz blocken: M1"],
           "blocked": "vom Schutz geblockt: G5",
           "hit": "Würfel 1 → Bera (Heldin von P2)", "defeated": "Krieger 1 ✝ besiegt",
           "plan": "Vorschlag: 1→Krieger 1  1→Krieger 1  3→Bera",
           "counter": "Gegenwurf: noch nicht gewürfelt", "damage": "Schaden"},
    "en": {"no_potion": "P2: you have no potion you may drink now – go on (Enter).",
           "go_on": "Go on (no potion)",
           "kraft": "+1 G die (Krafttrank)", "schutz": "+1 protection (Schutztrank)",
           "from_kraft": "– including 1× G from the Krafttrank",
           "blocks": ["Block with the protection: G5", "Block with the protection: M3",
                      "Block with the protection: M1"],
           "blocked": "blocked by the protection: G5",
           "hit": "Die 1 → Bera (P2's heroine)", "defeated": "Warrior 1 ✝ defeated",
           "plan": "Suggestion: 1→Warrior 1  1→Warrior 1  3→Bera",
           "counter": "Counter roll: not rolled yet", "damage": "damage"},
}


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_window_with_nothing_to_drink_says_why_and_reads_like_the_attackers(lang):
    """Bera's window before the roll (c:def_pre) offers no potion (R-POT-6: a Schutztrank
    after the opposing roll): she read "deine Entscheidung im Kampf" over a bare "Weiter"
    where the attacker's window said "Weiter (kein Trank)"."""
    i18n.set_lang(lang)
    st = fight()
    app = ThorsApp(session=LocalSession(game_of(st)), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await dialog(pilot, app)
        assert st.step == "c:def_pre"
        assert entries(app) == [WORDS[lang]["go_on"]]
        assert str(app.screen.query_one("#c-prompt", Static).content) == WORDS[lang]["no_potion"]


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_dialog_says_what_the_potions_did_what_blocks_and_who_falls(lang):
    """R-POT-5: Oleif's Krafttrank drunk after the attack roll M3 M1 K1 adds a G die,
    rolled at once (G5); R-POT-6: Bera's Schutztrank gives +1 protection, which blocks one
    red die of her choice (R-COMBAT-1 step 3, §8); she blocks the G5. Then Oleif assigns
    M3 onto her warrior, who falls (life 1, R-COMBAT-1 step 5), and the next die, 1,
    onto Bera's heroine."""
    i18n.set_lang(lang)
    w = WORDS[lang]
    st = fight()
    game = game_of(st)
    for line in ("end", "end", "roll M3 M1 K1", "drink kraft", "roll G5", "end", "drink schutz", "end"):
        game.submit(game.parse(line))  # through the game: its record has the "drank" events
    assert st.step == "c:def_block"
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await dialog(pilot, app)
        text = shown(app.screen)
        assert w["kraft"] in text and w["schutz"] in text and w["from_kraft"] in text, text
        assert entries(app) == w["blocks"]
        await pilot.press("enter")  # the G5
        await until(pilot, lambda: st.step == "c:att_assign" and w["hit"] in "\n".join(entries(app)),
                    "Oleif's assignment")
        assert w["blocked"] in shown(app.screen) and w["plan"] in shown(app.screen), shown(app.screen)
        assert w["defeated"] not in shown(app.screen)
        for die in ("1>H", "1>H", "3>W1"):  # smallest first: the ones onto Bera, the 3 onto her warrior
            await pilot.press("colon", *die, "enter")
            await pilot.pause()
        await until(pilot, lambda: st.step == "c:roll", "the counter roll")
        text = shown(app.screen)
        assert w["defeated"] in text, text
        # before the counter roll: not the attack roll's dice and damage, put on the attackers
        assert w["counter"] in text and w["damage"] not in text, text


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_potions_effect_is_never_cut_in_its_middle_at_80_columns(lang):
    """At 80 columns an attacker line with a potion's effect wrapped in its middle
    ("+1 G-Würfel" / "(Krafttrank)"). Oleif attacks with his hero and three warriors
    (R-COMBAT-1), drinks a Krafttrank after the roll M3 M1 K1 K2 K2 and rolls its G die, G5
    (R-POT-5); Bera drinks her Schutztrank (R-POT-6). Each phrase the potions add stands
    whole on one row of the screen: where the line is full, on a row of its own."""
    i18n.set_lang(lang)
    w = WORDS[lang]
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=3)
    place(st, 1, "1c3", hero=True, warriors=1)
    st.players[0].potions = [("kraft", 1)]
    st.players[1].potions = [("schutz", 1)]
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    game = game_of(st)
    for line in ("end", "end", "roll M3 M1 K1 K2 K2", "drink kraft", "roll G5", "end", "drink schutz", "end"):
        game.submit(game.parse(line))
    assert st.step == "c:def_block"
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await dialog(pilot, app)
        await pilot.pause()
        rows = ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]
        for phrase in (w["kraft"], w["schutz"], w["from_kraft"]):
            assert any(phrase in row for row in rows), (phrase, "\n".join(rows))
        # the attackers' line is full: the Krafttrank's effect stands on the row under it
        at = next(i for i, row in enumerate(rows) if "Oleif ♥10/10" in row)
        assert w["kraft"] in rows[at + 1], "\n".join(rows)


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_a_heroine_at_0_faints_in_the_dialog_and_a_warrior_is_defeated(lang):
    """A play-tester read "Raghild ♥0/10 ✝ besiegt" in the combat dialog while its result
    said "ohnmächtig": a hero at 0 faints (R-FAINT-1). Bera (♥1) takes the first 1 of
    Oleif's M3 M1 K1, her warrior the rest (R-COMBAT-1 step 4/5)."""
    i18n.set_lang(lang)
    st = fight()
    st.players[1].life = 1
    game = game_of(st)
    for line in ("end", "end", "roll M3 M1 K1", "end", "end", "1>H"):  # the rest onto the warrior (one answer)
        game.submit(game.parse(line))
    assert st.step == "c:roll"
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query("#c-decisions"), "the combat dialog")
        await pilot.pause()
        text = shown(app.screen)
        fainted = {"de": "Bera ♥0/8 ✝ ohnmächtig", "en": "Bera ♥0/8 ✝ fainted"}[lang]
        assert fainted in text and WORDS[lang]["defeated"] in text, text


async def test_the_defenders_dialog_shows_the_attack_roll_beside_the_counter_roll():
    """#27, 7: at the counter roll the defender read only "Gegenwurf"; the roll that
    struck his side (the rulebook's M3 M1 K1 K1, R-COMBAT-1) was gone from his dialog."""
    from helpers import begin, place, position
    from uihelpers import game_of, until

    from thorskliff.ui.app import ThorsApp
    from thorskliff.ui.screens.combat import CombatScreen
    from thorskliff.ui.session import LocalSession

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    for line in ("H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3"):
        session.submit(line, 0)
    session.submit("roll M3 M1 K1 K1", None)
    session.submit("auto", 0)
    assert session.state.step == "c:roll" and session.state.combat.side == "def"
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CombatScreen), "the combat dialog")
        await pilot.pause()
        view = lambda: str(app.screen.query_one("#c-view").content)  # noqa: E731
        # before the counter roll: the attack roll, and the counter roll still to fall
        assert "Angriffswurf:" in view() and "M⚂3" in view() and "Gegenwurf: noch nicht gewürfelt" in view(), view()
        await pilot.press("colon")
        from uihelpers import type_text
        await type_text(pilot, "roll K1 K1 K2")
        await pilot.press("enter")
        await until(pilot, lambda: session.state.step == "c:def_assign", "the defender assigns")
        await pilot.pause()
        text = view()
        attack, _, counter = text.partition("Gegenwurf:")
        assert "Angriffswurf:" in attack and all(d in attack for d in ("M⚂3", "M⚀1", "K⚀1")), text
        assert "K⚁2" in counter, text


async def test_since_your_turn_says_where_a_fainted_heroes_taler_and_amber_went():
    """#27, 8: the summary of the turn before ("Seit deinem letzten Zug") said
    "Oleif ohnmächtig" but not that his 4 Taler and his amber went to the seat that
    knocked him out (R-FAINT-1: an enemy hero on the hex takes them)."""
    from helpers import begin, place, position
    from uihelpers import game_of, until

    from thorskliff.ui.app import ThorsApp
    from thorskliff.ui.screens.summary import SinceSummary
    from thorskliff.ui.session import LocalSession

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c3", hero=True)
    place(st, 1, "1c2", hero=True)
    oleif = st.players[0]
    oleif.life, oleif.taler, oleif.amber = 1, 4, True
    begin(st, 1, 0)
    game = game_of(st)
    for line in ("H 1c2-1c3", "end", "fight 1c3", "roll M3 M3", "roll M1 M1"):
        game.submit(line)
    # R-FAINT-1: Bera took his 4 Taler and his amber; +1 Taler plunder (R-COMBAT-5)
    assert game.state.players[1].taler == 5 and game.state.players[1].amber
    game.auto_chance = True  # Bera's bot plays her turn on; Oleif is the one person
    session = LocalSession(game, bots={1: "random"})
    app = ThorsApp(session=session, handover=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SinceSummary), "Oleif's summary")
        text = "\n".join(str(w.content) for w in app.screen.query("Static"))
        assert "Oleif ohnmächtig – 4 Taler + ein Bernstein an P2" in text, text
