"""The engine's refusals of a campaign chapter's own decisions (``choose``,
``use``, ``buy amber``, and ``resign`` while a card asks) read in German,
with their rule ids kept by the engine (the CLI's words) and left out of the
app's sentences (#27, 4) (the engine's messages by key, engine/locale). A walk through the moments of a chapter
tries every campaign decision from every seat and collects each refusal the
engine and the session give: each one must be read by a pattern, so a new
message without one fails here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from uihelpers import game_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "campaign"))

from campaign_helpers import H, begin, clear_board, new  # noqa: E402

from thorskliff.engine.actions import IllegalActionError  # noqa: E402
from thorskliff.campaign.table import CampaignTable  # noqa: E402
from thorskliff.engine.state import CHANCE, Outcome  # noqa: E402
from thorskliff.engine import messages  # noqa: E402
from thorskliff.engine.actions import WrongSeatError  # noqa: E402
from thorskliff.engine.messages import Msg  # noqa: E402
from thorskliff.ui import i18n  # noqa: E402
from thorskliff.ui.session import CampaignSession, LocalSession  # noqa: E402

def no_id(text: str) -> str:
    """``text`` without its rule ids: what the app says of a refusal."""
    return re.sub(r" \(R-[A-Z0-9.-]+\)", "", text)


#: every refusal campaign/state.py words itself (key, parameters), in English and German
CAMPAIGN = [
    ("a card's decision comes first (R-CAMP-2)", "card_first", {},
     "zuerst wird die Entscheidung der Karte getroffen (R-CAMP-2)"),
    ("a card asks seat 2 to choose first: choose silber, choose krieger (R-CAMP-2)", "card_asks",
     {"seat": 2, "options": "choose silber, choose krieger"},
     "eine Karte lässt zuerst Spieler 2 wählen: choose silber, choose krieger (R-CAMP-2)"),
    ("no card asks for a choice now (R-CAMP-2)", "no_card_asks", {},
     "gerade fragt keine Karte nach einer Wahl (R-CAMP-2)"),
    ("seat 1 holds no card 'segen1' to use (R-CAMP-4)", "no_card_held", {"seat": 1, "card": "segen1"},
     "Spieler 1 hat keine Karte „segen1“ zum Ausspielen (R-CAMP-4)"),
    ("a card is used at a decision of one's own turn, outside a combat (R-CAMP-4)", "card_when", {},
     "eine Karte wird bei einer Entscheidung im eigenen Zug ausgespielt, nicht im Kampf (R-CAMP-4)"),
    ("ambers cannot be bought in this chapter (now) (R-CAMP-5)", "amber_rule", {},
     "in diesem Kapitel kann (noch) kein Bernstein gekauft werden (R-CAMP-5)"),
    ("buying an amber is an action of phase 4 (R-ACT-1)", "amber_phase", {},
     "Bernstein kaufen ist eine Aktion der Phase 4 (R-ACT-1)"),
    ("ambers are bought at the market (R-ACT-1)", "amber_market", {},
     "Bernsteine werden auf dem Markt gekauft (R-ACT-1)"),
    ("a hero carries one amber at most (R-UNIT-2)", "amber_one", {},
     "eine Heldin trägt höchstens einen Bernstein (R-UNIT-2)"),
    ("the supply has no amber left (R-AMBER-7)", "amber_supply", {},
     "im Vorrat ist kein Bernstein mehr (R-AMBER-7)"),
    ("an amber costs 7 Taler (R-ACT-1)", "amber_cost", {"price": 7},
     "ein Bernstein kostet 7 Taler (R-ACT-1)"),
]
CAMPAIGN_KEYS = {key for _, key, _, _ in CAMPAIGN}
#: what a campaign decision may also meet: the engine's and the undo's words around it
AROUND = [
    (WrongSeatError("R-TURN-5", "wrong_seat", {"seat": 2, "who": Msg("seat", {"seat": 1})}),
     "seat 2 does not decide now; seat 1 does (R-TURN-5)",
     "Spieler 2 entscheidet jetzt nicht; es entscheidet Spieler 1 (R-TURN-5)"),
    (WrongSeatError("R-TURN-5", "wrong_seat", {"seat": 1, "who": Msg("chance")}),
     "seat 1 does not decide now; chance does (R-TURN-5)",
     "Spieler 1 entscheidet jetzt nicht; es entscheidet der Würfelwurf (R-TURN-5)"),
    (IllegalActionError("R-DICE-2", "dice_now", {"kinds": "M M K K", "decision": "use heiler"}),
     "the dice must fall now (M M K K), not use heiler (R-DICE-2)",
     "jetzt fallen die Würfel (M M K K), nicht „Karte ausspielen: Heiler“ (R-DICE-2)"),
    (IllegalActionError("R-TURN-4", "undo", {"problem": Msg("undo_record")}),
     "cannot take back a decision: the game was read from its record here; earlier decisions stay (R-TURN-4)",
     "nicht zurücknehmbar: das Spiel wurde hier aus seiner Aufzeichnung gelesen; frühere Entscheidungen bleiben"
     " (R-TURN-4)"),
    (Msg("undo_other", {"last": 1, "seat": 2}), "the last decision is seat 1's, not seat 2's",
     "die letzte Entscheidung ist die von Spieler 1, nicht die von Spieler 2"),
]


@pytest.mark.parametrize("message,key,params,german", CAMPAIGN, ids=[k for _, k, _, _ in CAMPAIGN])
def test_each_campaign_refusal_reads_in_german_with_its_rule_id(message, key, params, german):
    rule = message.rsplit("(", 1)[1].rstrip(")")
    error = IllegalActionError(rule, key, params)
    assert str(error) == message
    assert i18n.said(error) == no_id(german) and error.say("de") == german
    i18n.set_lang("en")
    assert i18n.said(error) == no_id(message)


@pytest.mark.parametrize("said,message,german", AROUND, ids=[m[:30] for _, m, _ in AROUND])
def test_the_refusals_around_a_campaign_decision_read_in_german(said, message, german):
    assert str(said) == message
    assert i18n.said(said) == no_id(german)


def test_every_engine_message_has_its_texts_in_both_catalogues():
    de, en = messages.catalogue("de"), messages.catalogue("en")
    assert set(de) == set(en)
    for key in en:
        assert i18n.has(f"why.{key}") and f"why.{key}" in i18n.catalogue("en"), key


# ---------------------------------------------------------------- the walk


def chapter(rule_on: bool = False, hero: str = "M2", amber: bool = False, taler: int = 9, phase: int = 4):
    """Chapter 1 with two seats at seat 1's turn (0-based 0) in ``phase``:
    its hero on ``hero`` (one life lost), holding the Heiler card; ``rule_on``:
    the traders' card (buying an amber) has been read."""
    st = new(1, n=2)
    clear_board(st)
    if rule_on:
        st.read_card("haendler", None, ("return", st.step, st.decider), "test")
    p = st.players[0]
    p.hero_at, p.amber, p.taler = H(hero), amber, taler
    p.life = p.max_life - 1  # Met stays possible: the action phase waits for a decision
    st.players[1].hero_at = H("4c3")
    st.give_card(0, "heiler")
    begin(st, 0, phase)
    return st


def card_open(reader: int):
    st = chapter()
    st.read_card("c6", reader, ("return", st.step, st.decider), "test")  # Geschenk der Geweihten: a choice
    st._legal = None
    assert st.step == "card"
    return st


def in_combat(rolled: bool):
    st = chapter(hero="1c2", phase=1)
    st.wc[0][H("1c2")] = 2
    st.wc[1][H("1c3")] = 2
    for a in ("H 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3"):
        st.apply_action(a)
    assert st.current_player() == CHANCE
    if rolled:
        st.apply_action(st.sample_chance())
        assert st.step.startswith("c:") and st.current_player() == 0
    return st


def no_amber_left():
    st = chapter(rule_on=True)
    st.amber_supply = 0
    return st


def over():
    st = chapter()
    st.result = Outcome(0, "ambers")
    st.step = "over"
    return st


MOMENTS = {
    "card for the seat on turn": lambda: card_open(0),
    "card for the other seat": lambda: card_open(1),
    "movement": lambda: chapter(phase=1),
    "movement, ambers for sale": lambda: chapter(rule_on=True, phase=1),
    "action at the market": lambda: chapter(),
    "action at the market, ambers for sale": lambda: chapter(rule_on=True),
    "action, carrying an amber": lambda: chapter(rule_on=True, amber=True),
    "action, poor": lambda: chapter(rule_on=True, taler=3),
    "action, no amber left": no_amber_left,
    "action on a farm": lambda: chapter(rule_on=True, hero="1c2"),
    "combat, the dice due": lambda: in_combat(False),
    "combat, dice to assign": lambda: in_combat(True),
    "over": over,
}
DECISIONS = ("choose silber", "choose krieger", "choose nichts", "use heiler", "use segen1", "buy amber",
             "resign")


def refusals_of(st) -> list:
    """Every refusal of a campaign decision from every seat (and none
    named), by the engine and by the session's explanation."""
    out = []
    session = LocalSession(game_of(st))
    for text in DECISIONS:
        for seat in (None, 0, 1):
            try:
                st.clone().apply_action(text, seat)
            except IllegalActionError as exc:
                out.append(exc)
            said = session.explain(text, seat)
            if said:
                out.append(said)
    return out


def undo_refusals(tmp_path) -> list:
    """What the undo says in a chapter: before any decision, for another
    seat's decision, after a card's choice passed the keyboard on, and in a
    chapter resumed from the group's table."""
    out = []
    game = game_of(chapter(), auto_chance=True)
    session = LocalSession(game)
    out.append(session.undo_problem(0))
    session.submit("end", 0)  # no action: on to recruiting, seat 1 still decides
    out.append(session.undo_problem(1))
    st = card_open(1)
    session = LocalSession(game_of(st, auto_chance=True))
    session.submit("choose silber", 1)
    out.append(session.undo_problem(1))
    table = CampaignTable(tmp_path / "table.sqlite")
    table.create_group("Wikinger", [("Ann", "Bera", "brown"), ("Bo", "Oleif", "black")])
    chapter1 = CampaignSession.start(table, "Wikinger", 1, seed=3)
    for _ in range(3):
        seat = chapter1.decider()
        chapter1.submit(next(str(a) for a in chapter1.state.legal_actions() if str(a) != "resign"), seat)
    resumed = CampaignSession.resume(table, "Wikinger")
    out.append(resumed.undo_problem(None))
    try:
        resumed.undo(None)
    except IllegalActionError as exc:
        out.append(exc)
    table.close()
    return [m for m in out if m]


def test_every_refusal_of_a_campaign_decision_is_translated(tmp_path):
    """Every refusal met is a message by key, said in German from the
    catalogue (not the English words), with its rule id kept by the engine
    and left out of the app's sentence."""
    found: dict[str, tuple] = {}
    for name, make in MOMENTS.items():
        for said in refusals_of(make()):
            found.setdefault(str(said), (said, name))
    for said in undo_refusals(tmp_path):
        found.setdefault(str(said), (said, "undo"))
    untranslated = [f"{message!r} ({where})" for message, (said, where) in found.items()
                    if not hasattr(said, "key") or i18n.said(said) == no_id(message)]
    assert not untranslated, "said without a German text:\n" + "\n".join(untranslated)
    for message, (said, _) in found.items():
        rule = getattr(said, "rule", "")
        if rule:
            assert said.say("de").endswith(f" ({rule})") and "(R-" not in i18n.said(said), message
    # the walk still reaches every refusal the campaign words itself
    keys = {said.key for said, _ in found.values()}
    assert CAMPAIGN_KEYS <= keys, CAMPAIGN_KEYS - keys


# ---------------------------------------------------------------- what the walk found elsewhere


def test_a_card_played_while_the_dice_are_due_is_explained_without_seat_0():
    st = in_combat(False)
    said = LocalSession(game_of(st)).explain("use heiler", None)
    assert said is not None and "seat 0" not in str(said)


def test_after_the_end_the_explanation_says_the_game_is_over():
    said = LocalSession(game_of(over())).explain("use heiler", 1)
    assert "seat -3" not in str(said) and "the game is over" in str(said)


def test_resigning_in_ones_own_movement_is_not_refused():
    st = chapter(phase=1)
    assert LocalSession(game_of(st)).explain("resign", 0) is None
    st.apply_action("resign", 0)  # the engine takes it


# ---------------------------------------------------------------- the base game's refusals in the game's words


def bera_at_the_market():
    """Bera (P2, 9 Taler, ♥5) on the market M1 in her action phase (R-ACT-1)."""
    from helpers import begin as begin_at, place, position

    st = position(("Oleif", "Bera"))
    place(st, 1, "M1", hero=True)
    place(st, 0, "3b1", hero=True)
    st.players[1].taler, st.players[1].life = 9, 5
    return begin_at(st, 1, 4)


def test_after_beras_first_potion_the_others_are_greyed_for_the_true_reason():
    """R-POT-2: Bera buys a Krafttrank; now only a second potion may be
    bought. The greyed Met, Hammer, Helm and Kleines Spiel say so — not that
    they belong to phase 4 (which it is), nor the step's inner name."""
    i18n.set_lang("de")
    session = LocalSession(game_of(bera_at_the_market()))
    session.submit("buy kraft", 1)
    greyed = {m.action: m.reason for m in session.action_menu(1) if not m.legal}
    for action in ("met", "hammer", "helm", "gamble small"):
        assert greyed[action].rule == "R-POT-2"
        assert i18n.said(greyed[action]) == \
            "jetzt kann nur ein zweiter Trank gekauft werden (Bera: zwei Trankkäufe pro Zug)"
    assert i18n.said(session.explain("met", 1)) == i18n.said(greyed["met"])


@pytest.mark.parametrize("decision,german", [
    ("wisent", "„Wisent kaufen“ braucht die Heldin auf einem Hof, nicht auf M1 (R-ACT-1)"),
    ("recruit W M1", "„Krieger auf M1 einsetzen (2 Taler)“ gehört zu Phase 5 (Rekrutieren); jetzt ist Aktion"
                     " (R-RECRUIT-1)"),
    ("H M1-1b1", "„Heldin M1 → 1b1“ gehört zu Phase 1 (Bewegung); jetzt ist Aktion (R-MOVE-1)"),
    ("epic pfade", "„Epische Karte: Geheime Pfade“ gilt in diesem Spiel noch nicht (R-ACT-1)"),
    ("take amber", "auf M1 liegt kein Bernstein (R-TURN-3)"),
])
def test_refusals_name_decisions_in_german_never_in_notation_or_step_names(decision, german):
    """R-ACT-1 and the phases of R-TURN-2: a refusal in German says the
    decision as the menu does and the phase by its German name."""
    i18n.set_lang("de")
    said = i18n.said(LocalSession(game_of(bera_at_the_market())).explain(decision, 1))
    assert said == no_id(german)
    assert not re.search(r"\((move|action|recruit|potion2)\)", said)


def test_a_strike_refused_names_blitzschlag_and_mjolnir_in_german():
    """R-GODE-4: the refusal names the strike by its German name, not by its notation verb."""
    i18n.set_lang("de")
    for verb, word in (("blitz", "Blitzschlag"), ("throw", "Mjölnir")):
        said = i18n.said(IllegalActionError("R-GODE-4", "no_strike", {"verb": verb, "hex": "1c3"}))
        assert said.startswith(f"kein {word} auf 1c3: einmal pro Zug") and "R-GODE-4" not in said


def bera_on_a_farm(taler: int):
    """Bera (P2, ♥5) on the farm 1c2 in her action phase (R-ACT-1), with ``taler``
    Taler and no warriors: the Wisent costs her 5 Taler and warriors on forest,
    meadow, scree and rock (R-RES-1)."""
    from helpers import begin as begin_at, place, position

    st = position(("Oleif", "Bera"))
    place(st, 1, "1c2", hero=True)
    place(st, 0, "3b1", hero=True)
    st.players[1].taler, st.players[1].life = 9, 5
    begin_at(st, 1, 4)
    st.players[1].taler = taler
    return st


@pytest.mark.parametrize("lang,said", [
    ("de", "„Wisent kaufen“: nicht genug Taler (kostet 5, du hast 2) (R-ACT-1); "
           "der Wisent braucht Krieger auf Wald, Wiese, Geröll und Felsen (R-RES-1)"),
    ("en", "'Buy a Wisent': not enough Taler (costs 5, you have 2) (R-ACT-1); "
           "the Wisent needs warriors on forest, meadow, scree and rock (R-RES-1)"),
])
def test_an_action_refused_for_two_reasons_names_both(lang, said):
    """A play-tester read only "nicht genug Taler" on the greyed Wisent, bought it
    with Taler he then had, and was refused again for the terrains (R-RES-1). A
    refused action of the menu says every reason its guards give, in their order."""
    i18n.set_lang(lang)
    session = LocalSession(game_of(bera_on_a_farm(2)))
    assert i18n.said(session.explain("wisent", 1)) == no_id(said)
    assert session.explain("wisent", 1).rule == "R-ACT-1"  # the CLI and the JSON keep the ids
    greyed = {m.action: m.reason for m in session.action_menu(1) if not m.legal}
    assert i18n.said(greyed["wisent"]) == no_id(said)
    # with the Taler, the one reason left
    session = LocalSession(game_of(bera_on_a_farm(9)))
    assert i18n.said(session.explain("wisent", 1)) == no_id(said.split("; ")[1])


def test_after_the_action_or_with_the_item_gone_only_that_is_said():
    """R-ACT-1: one action a turn. With this turn's action taken (the flag set by
    hand: the phase usually ends with it), the Wisent is refused for that alone —
    not also for the Taler and terrains Bera lacks; so it is with no Wisent card
    left. Only means she can gather (Taler, warriors) are said together."""
    st = bera_on_a_farm(1)
    st.action_done = True
    err = st.refusal("wisent", 1)
    assert err is not None and err.key == "one_action" and err.also == ()
    st.action_done = False
    st.wisent_left = 0
    err = st.refusal("wisent", 1)
    assert err is not None and err.key == "no_wisent_left" and err.also == ()
    st.wisent_left = 1
    err = st.refusal("wisent", 1)
    assert err is not None and [e.key for e in (err, *err.also)] == ["taler", "wisent_res"]
