"""The combat summary and "since your last turn" say what the events say.

The rulebook's combat example (R-COMBAT-1, both counter variants of
tests/test_rules_combat.py) is played through a Game with the printed dice;
its summary is checked word for word.
"""

from __future__ import annotations

import pytest
from combat_example import VARIANT_A, VARIANT_B
from helpers import KRAFT_FIGHT, H, begin, kraft_against_schutz, place, position

from thorskliff.engine import events as E
from thorskliff.game import Game, Setup
from thorskliff.engine.state import SeatSpec
from thorskliff.ui import summary as S
from thorskliff.ui.eventwords import Names
from thorskliff.ui.i18n import set_lang


@pytest.fixture(autouse=True)
def german():
    set_lang("de")
    yield
    set_lang("de")


def example_game() -> Game:
    """Oleif (P1) with two warriors has moved onto Bera's (P2) three on 1c3."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    game = Game(setup, auto_chance=False, state=st)
    for d in ("H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end"):
        game.submit(d)
    return game


def play_example(*hits: str) -> Game:
    game = example_game()
    game.submit("fight 1c3")
    game.submit("roll M3 M1 K1 K1")
    game.submit("auto")
    game.submit("roll K1 K2 K2")
    for h in hits:
        game.submit(h)
    return game


def summary_of(game: Game, viewer: int | None = None) -> str:
    evs = [e for line in game.events for e in E.visible(line, viewer)]
    (group,) = E.combats(evs)
    return str(S.combat_summary(group, Names.of_state(game.state)))


def test_rulebook_example_variant_a_summary():
    """Variant A: a 2 on each attacking warrior, the 1 on Oleif; one of
    Bera's warriors lives, so the attackers retreat; plunder 2 Taler."""
    game = play_example("1>H", "2>W1", "2>W2")
    assert summary_of(game) == "\n".join(VARIANT_A)
    # what the engine says, too (tests/test_rules_combat.py)
    assert game.state.players[0].life == 9 and game.state.players[0].taler == 2


def test_rulebook_example_variant_b_summary():
    """Variant B: all on Oleif, 10 → 5; both warriors retreat unharmed."""
    game = play_example("1>H", "2>H", "2>H")
    assert summary_of(game) == "\n".join(VARIANT_B)


def test_the_defender_reads_the_same_summary():
    game = play_example("1>H", "2>W1", "2>W2")
    assert summary_of(game, 1) == summary_of(game, 0) == summary_of(game, None)


def test_since_your_last_turn_tells_the_combat_in_one_line():
    game = play_example("1>H", "2>W1", "2>W2")
    while game.state.seat == 0:
        game.submit("end")
    lines = S.since_lines(S.since([tuple(E.visible(x, 1)) for x in game.events], 1), Names.of_state(game.state))
    assert lines[:2] == [
        "P1 zieht: Oleif 1c2→1c3, Krieger 1c2→1c3, Krieger 1c2→1c3",
        "Kampf auf 1c3: P1 greift P2 an — Oleif ♥10→9; Krieger 1 (P1) besiegt; Krieger 2 (P1) besiegt; "
        "Krieger 1 (P2) besiegt; Krieger 2 (P2) besiegt; P1 zieht sich nach 1c2 zurück; Beute: P1 erhält 2 Taler"]


def test_cli_log_and_show_json_carry_the_events_a_seat_may_see(capsys):
    """``thorskliff log`` says the events in words for one seat (English
    here), never another seat's potion kind; ``show --json`` carries the
    current turn's events."""
    import json
    from pathlib import Path

    from thorskliff.cli import main
    from thorskliff.engine.events import visible
    from thorskliff import record

    path = Path(__file__).parent / "records" / "base3-greedy.tkr"
    assert main(["log", str(path), "--seat", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    set_lang("de")
    assert "Combat on the Heiligtum (S): Raghild attacks Bera" in out and "  Bera faints on S – 5 Taler to Raghild" in out
    game = record.load(path)
    hidden = [e for evs in game.events for e in visible(evs, 1) if e.kind == "bought" and e.item == "potion"
              and e.seat != 1]
    assert hidden and all(e.potion is None for e in hidden)
    assert sum("buys a potion: face down" in ln for ln in out) == len(hidden)
    assert main(["show", str(path), "--seat", "2", "--json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    assert events[0]["kind"] == "turn"
    assert all(e.get("potion") is None or e["seat"] == 2 or e["kind"] == "drank" for e in events)


def fainting_attacker_game() -> Game:
    """Bera (P2, ♥1, 1 Taler, carrying an amber) attacks Raghild (P1, ♥10,
    carrying an amber) on 1c3; attack roll M1 M1, counter roll M3 M3."""
    st = position(("Raghild", "Bera"))
    place(st, 1, "1c2", hero=True)
    place(st, 0, "1c3", hero=True)
    bera, raghild = st.players[1], st.players[0]
    bera.life, bera.taler, bera.amber, raghild.amber = 1, 1, True, True
    begin(st, 1, 0)
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    game = Game(setup, auto_chance=False, state=st)
    for d in ("H 1c2-1c3", "end", "fight 1c3", "roll M1 M1", "roll M3 M3"):
        game.submit(d)
    return game


def test_a_fainting_attacker_lays_its_amber_and_the_defender_stays():
    """R-FAINT-1: Bera faints; her Taler go to Raghild, who stands on the hex;
    her amber is laid there, for Raghild carries one already. Raghild still
    stands on 1c3 — the summary must not say the hex is empty."""
    game = fainting_attacker_game()
    st = game.state
    assert st.players[1].hero_at == -1 and st.players[0].hero_at == H("1c3")
    assert st.players[0].taler == 1 and st.players[0].amber
    assert summary_of(game).splitlines() == [
        "Kampf auf 1c3: P2 greift P1 an",
        " ⚔ Bera  ♥1→0  ohnmächtig",
        " ⛨ Raghild  ♥10→8",
        "• Angriffswurf: M1 M1",
        "• Raghild: 2 Schaden (♥10→8)",
        "• Gegenwurf: M3 M3",
        "• Bera: 3 Schaden (♥1→0)",
        "• Bera fällt auf 1c3 in Ohnmacht – 1 Taler an P1; ein Bernstein auf 1c3 abgelegt",
        "• P1 bleibt auf 1c3 stehen.",
    ]


def test_since_your_last_turn_tells_healing_searching_a_potion_put_back_and_standing_up():
    """Oleif (P1) lies fainted on 1b1 (R-FAINT-3). Bera (P2) on a Silber rift
    drinks a Heiltrank (R-POT-3, +4), puts a Schutztrank back (R-POT-3) and
    searches silver (+1 Taler); then Oleif's turn begins and he stands up
    with half his life and 3 Taler (R-FAINT-5). Oleif's summary says all of
    it — the kind of the potion put back stays hidden (R-SECRET-1)."""
    from thorskliff.engine.player import LYING

    st = position(("Oleif", "Bera"), rifts={"1c4": "silber"})
    oleif, bera = st.players
    oleif.faint, oleif.lying_at, oleif.life = LYING, H("1b1"), 0
    st.lying[H("1b1")] = 0
    place(st, 1, "1c4", hero=True)
    bera.life, bera.potions = 3, [("heil", 1), ("schutz", 1)]
    begin(st, 1, 4)
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    game = Game(setup, auto_chance=False, state=st)
    for d in ("drink heil", "discard schutz", "search"):
        game.submit(d)
    while game.state.seat == 1:
        game.submit("end")
    assert (oleif.hero_at, oleif.life, bera.life, bera.taler) == (H("1b1"), 5, 7, 1)
    lines = S.since_lines(S.since([tuple(E.visible(x, 0)) for x in game.events], 0), Names.of_state(game.state))
    assert lines == [
        "P2 trinkt: Heiltrank",
        "Bera heilt ♥3→7 (Heiltrank)",
        "P2 legt einen Trank zurück: verdeckt",
        "P2 sucht Silber: +1 Taler",
        "Oleif steht auf 1b1 wieder auf (♥5, +3 Taler)",
    ]


def two_combats_game() -> Game:
    """P1's combat phase with two combats (R-COMBAT-1): Oleif defeats P2's warrior
    on 1c3; then P1's warrior attacks Bera on 1b2, defeats nobody and is defeated.
    The phase's plunder, 1 Taler, is paid after the last combat (R-COMBAT-5)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 0, "1b3", warriors=1)
    place(st, 1, "1c3", warriors=1)
    place(st, 1, "1b2", hero=True)
    begin(st, 0, 1)
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    game = Game(setup, auto_chance=False, state=st)
    for d in ("H 1c2-1c3", "W 1b3-1b2", "end", "fight 1c3", "roll M2 M2", "roll K1",
              "fight 1b2", "roll K1", "roll M1 M1"):
        game.submit(d)
    return game


def test_the_phases_plunder_is_not_said_as_the_last_combats_own():
    """A play-tester read "Kampf auf 2b1: … Krieger 1 (Bot 3) besiegt; Raghild ♥3→1;
    Beute: Bot 3 erhält 1 Taler" where Bot 3 defeated nobody on 2b1: the Taler were
    from the combat before (R-COMBAT-1 step 7, paid at the phase's end, R-COMBAT-5)."""
    game = two_combats_game()
    assert game.state.players[0].taler == 1
    evs = [e for line in game.events for e in E.visible(line, None)]
    first, last = E.combats(evs)
    names = Names.of_state(game.state)
    assert S.combat_line(first, names) == "Kampf auf 1c3: P1 greift P2 an — Oleif ♥10→9; Krieger 1 (P2) besiegt; P1 hält das Feld"
    assert S.combat_line(last, names) == ("Kampf auf 1b2: P1 greift P2 an — Krieger 1 (P1) besiegt; Bera ♥8→7; "
                                          "Beute: P1 erhält 1 Taler (aus allen Kämpfen dieses Zuges)")
    assert "• Beute: P1 erhält 1 Taler (aus allen Kämpfen dieses Zuges)" in str(S.combat_summary(last, names)).splitlines()
    assert "• Beute für P1: 1 Taler am Ende der Kampfphase" in str(S.combat_summary(first, names)).splitlines()


def test_since_your_last_turn_says_a_haste_step_is_one():
    """R-POT-7: Bot 3's "trinkt: Eiletrank" was followed by "Bot 3 zieht: Bera 1c4→1b3"
    after its recruits, read as a move out of turn; the log says "(Eile)", so does this."""
    st = position(("Oleif", "Bera"))
    names = Names.of_state(st)
    evs = [E.TurnBegan(seat=1, round=3), E.Moved(seat=1, unit="H", src=H("1c4"), dst=H("1b3")),
           E.Drank(seat=1, potion="eile"), E.Moved(seat=1, unit="H", src=H("1b3"), dst=H("1c4"), haste=True)]
    lines = S.since_lines(evs, names)
    assert lines[1] == "P2 zieht: Bera 1c4→1b3"
    assert lines[-1] == "P2 zieht: Bera 1b3→1c4 (Eile)"


def test_since_your_last_turn_leaves_out_your_own_first_turn_begun_before_the_record():
    """A campaign chapter's start player (R-CAMP-1) begins its first turn as the chapter
    is set up, before the record's first line: "Seit deinem letzten Zug" at its second
    turn listed its own first moves. Those are its own turn, not since it."""
    st = position(("Oleif", "Bera"))
    names = Names.of_state(st)
    per_line = [(E.Moved(seat=0, unit="H", src=H("1c3"), dst=H("1c2")),),
                (E.Recruited(seat=0, unit="W", hex=H("1c2"), price=2),),
                (E.TurnBegan(seat=1, round=1), E.Moved(seat=1, unit="H", src=H("3c3"), dst=H("3c4"))),
                (E.TurnBegan(seat=0, round=2),)]
    assert S.since_lines(S.since(per_line, 0), names) == ["Runde 1: P2 ist am Zug", "P2 zieht: Bera 3c3→3c4"]
    # the other seat's "since" still has everything before its own first turn
    assert S.since(per_line[:3], 1)[:2] == [per_line[0][0], per_line[1][0]]


def kraft_then_block(block: str) -> Game:
    """Oleif (P1: hero, Krafttrank, one warrior) attacks Bera (P2: hero, Schutztrank, one
    warrior) on 1c3 (R-COMBAT-1) and rolls M3 M1 K1; his Krafttrank adds a G die, rolled
    apart (R-POT-5): G5. Bera's Schutztrank gives her one protection (R-POT-6), which
    blocks one red die of her choice (§8): ``block``."""
    st = kraft_against_schutz()
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    game = Game(setup, auto_chance=False, state=st)
    for d in (*KRAFT_FIGHT, "end", "end", "roll M3 M1 K1", "drink kraft",
              "roll G5", "end", "drink schutz", "end", block):
        game.submit(d)
    return game


@pytest.mark.parametrize(("block", "die", "lang", "said"), [
    ("block 3", "M", "de", "• P2 blockt M3"), ("block 5", "G", "de", "• P2 blockt G5"),
    ("block 1", "M", "en", "• P2 blocks M1"),
])
def test_a_blocked_die_is_named_with_its_kind(block, die, lang, said):
    """A play-test read "Astrid blockt 4" and could not tell which die. The Blocked event
    carries the kind of each blocked value's die, read from the whole strike: the attack
    roll and the Krafttrank's die rolled after it (the game log used to read only the last
    roll, so a block of the M3 after the G5 said "K3"). M1 is the roll's first 1 (the
    first red die of a value, as the combat dialog names it)."""
    set_lang(lang)
    game = kraft_then_block(block)
    (blocked,) = [e for line in game.events for e in line if isinstance(e, E.Blocked)]
    assert blocked.dice == die and blocked.to_json()["dice"] == die
    assert said in summary_of(game).splitlines()
    from thorskliff.ui.logtext import LogWriter

    writer = LogWriter(Names.of_state(game.state), None)
    lines = [line.plain.strip() for evs in game.events for line in writer.lines(evs)]
    assert said[2:] in lines, lines
