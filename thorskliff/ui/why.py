"""The engine explains a refused decision in English, with its rule id
(``IllegalActionError``). The German app says the same in German: each known
message is a pattern here and a template in the catalogue (``why.*``); an
unknown one is shown as the engine wrote it. The rule id always stays."""

from __future__ import annotations

import re

from .i18n import has, lang, t

_HEX = r"(S|M\d|\dc\d|\db\d|\da\d)"
_Q = r"['\"](.*)['\"]"  # what the player typed, as Python's repr quotes it
#: text that is no decision (actions.NotationError, campaign/notation.py): the
#: player's words in it are shown as typed, never translated as a nested message
NOTATION: list[tuple[str, str]] = [
    ("n_empty", r"empty decision"),
    ("n_no_hex", rf"{_Q} is no hex label \((.*)\)"),
    ("n_step", rf"{_Q}: a step is FROM-TO, or PREV-FROM-TO for a unit moving on"),
    ("n_recruit", rf"{_Q}: recruit a warrior \(W\) or the Gode \(G\)"),
    ("n_roll_empty", r"roll needs dice, e\.g\. 'roll M3 K1'"),
    ("n_no_die", rf"{_Q} is no die: write a kind K/M/G/S and its value, e\.g\. M3"),
    ("n_faces", rf"{_Q}: a (\w) die shows (.*)"),
    ("n_block", rf"{_Q}: expected 'block' and die values, e\.g\. 'block 4 3'"),
    ("n_hit", rf"{_Q}: a hit is VALUE>TARGET, e\.g\. 3>W1"),
    ("n_ability", rf"{_Q} is no ability of the Gode \((.*)\)"),
    ("n_gode_two", r"the Gode takes one ability, or two different ones with Hugin & Munin"),
    ("n_potion", rf"{_Q} is no potion \((.*)\)"),
    ("n_buy_now", r"only a Heiltrank can be drunk at once when bought \(buy heil!\)"),
    ("n_one_of", rf"{_Q}: (\w+) takes one of (.*)"),
    ("n_verb", rf"{_Q} begins no decision \(see (.*)\)"),
    ("n_expected", rf"{_Q}: expected '(.*)'"),  # after n_block, which reads the same way
]
_VERBATIM = {key for key, _ in NOTATION}
_SHAPE = re.compile(r"\b[A-Z]{2,}\b")  # FROM-TO, HEX, POTION in "expected 'H FROM-TO'"
#: (catalogue key, pattern); groups fill {0}, {1}, … of the template
PATTERNS: list[tuple[str, re.Pattern]] = [(k, re.compile(p + "$")) for k, p in [
    ("not_neighbour", rf"{_HEX} is no neighbour of {_HEX}"),
    ("climb", rf"{_HEX} \(level (\d)\) to {_HEX} \(level (\d)\) climbs more than one level"),
    ("no_step_left", r"that unit has no step left this turn"),
    ("hero_no_step", r"the hero has no step left \(a hero that enters a hex with enemies stops\)"),
    ("hero_not_on", rf"the hero is not on {_HEX}"),
    ("gode_not_on", rf"the Gode is not on {_HEX}"),
    ("no_warrior_on", rf"no own warrior stands on {_HEX}"),
    ("warrior_no_on", rf"no warrior that came from {_HEX} to {_HEX} may move on .*"),
    ("fainted_lies", rf"a fainted hero lies on {_HEX}; no enemy may enter"),
    ("no_beach", rf"{_HEX} is no free beach"),
    ("no_lay", rf"{_HEX} is no free farm without enemies or another fainted hero"),
    ("no_combat", rf"there is no combat on {_HEX}"),
    ("combat_first", r"every combat must be fought before the combat phase ends"),
    ("choose_terrain", r"choose the terrain your warriors work"),
    ("nothing_to_end", r"nothing to end here \((.*)\)"),
    ("belongs", r"'(.*)' belongs to (.*); now it is (.*) \((.*)\)"),
    ("not_possible", r"'(.*)' is not possible now"),
    ("not_in_combat", r"'(.*)' is not possible at this point of the combat \((.*)\)"),
    ("recruit_middle", r"no recruiting on the market or the sanctuary"),
    ("recruit_figure", rf"no own figure on {_HEX} that has not recruited yet"),
    ("recruit_supply", r"no warrior left in the supply"),
    ("recruit_cost", r"a warrior costs 2 Taler"),
    ("gode_cost", r"the Gode costs 3 Taler and warriors on 2 forest hexes"),
    ("gode_on_board", r"the Gode is already on the board"),
    ("one_action", r"one action per turn(, and this turn's is taken)?"),
    ("hero_off", r"the hero is not on the board"),
    ("needs_place", rf"'(.*)' needs the hero on (.*), not on {_HEX}"),
    ("not_in_force", r"'(.*)' is not yet in force in this game"),
    ("rune_two", r"the runestone needs 2 ambers delivered or 2 crystals"),
    ("rune_amber", r"the runestone costs the carried amber"),
    ("rune_res", r"the runestone needs warriors on a scree and a forest hex"),
    ("rune_one", r"one runestone stands already"),
    ("potions_three", r"at most 3 potions held; put one back first"),
    ("one_purchase", r"one potion purchase per turn \(Bera two\)"),
    ("no_left", r"no (\w+) left in the supply"),
    ("no_life_lost", r"the hero has lost no life"),
    ("better_weapon", r"the hero has a better weapon already"),
    ("one_helm", r"there is only one helmet"),
    ("has_wisent", r"the hero rides a Wisent already"),
    ("wisent_res", r"the Wisent needs warriors on forest, meadow, scree and rock"),
    ("taler", r"'(.*)': not enough Taler \((\d+)\)"),
    ("epic", r"the epic card (\w+) needs .*"),
    ("no_amber", r"the hero carries no amber"),
    ("one_amber", r"a hero carries at most one amber"),
    ("enemy_here", r"an enemy stands on the hero's hex"),
    ("no_farm", rf"{_HEX} is no farm \(rifts, markets and the sanctuary are none\)"),
    ("deliver_s", r"ambers are delivered at the sanctuary \(S\)"),
    ("troll_guards", r"the troll still guards this crystal"),
    ("nothing_lying", rf"there is no (\w+) lying on {_HEX}"),
    ("smallest_first", r"dice are assigned smallest first: the next die shows (\d)"),
    ("no_target", r"(\w+) cannot take a die: .*"),
    ("haste_enemy", rf"a haste step never enters a hex with enemy units \({_HEX}\)"),
    ("haste_troll", rf"a haste step never enters a troll's hex \({_HEX}\)"),
    ("no_heil_combat", r"no Heiltrank inside a combat after its first roll"),
    ("heil_hurt", r"a Heiltrank heals a hero on the board that has lost life"),
    ("game_over", r"the game is over"),
    ("wrong_seat", r"seat (\d) does not decide now; (.*) does"),
    ("undo", r"cannot take back a decision: (.*)"),
    ("undo_roll", r"the dice have fallen since(; a decision is never taken back across a roll)?"),
    ("undo_turn", r"a new turn has begun"),
    ("undo_none", r"no decision (of this turn )?(has been made yet|is left to take back)"),
    ("undo_seat", r"seat (\d) decides now; only the seat that still decides may take back its decision"),
    ("undo_record", r"the game was read from its record here; earlier decisions stay"),
    ("dice_now", r"the dice must fall now \((.*)\), not (.*)"),
    ("dice_kinds", r"this roll is of (.*), not (.*)"),
    ("resign_when", r"a player resigns at a decision of its own turn, outside a combat"),
    ("undo_other", r"the last decision is seat (\d)'s, not seat (\d)'s"),
    # a campaign chapter's own decisions (campaign/state.py): choose, use, buy amber
    ("card_first", r"a card's decision comes first"),
    ("card_asks", r"a card asks seat (\d) to choose first: (.*)"),
    ("no_card_asks", r"no card asks for a choice now"),
    ("no_card_held", r"seat (\d) holds no card '(.*)' to use"),
    ("card_when", r"a card is used at a decision of one's own turn, outside a combat"),
    ("amber_rule", r"ambers cannot be bought in this chapter \(now\)"),
    ("amber_phase", r"buying an amber is an action of phase 4"),
    ("amber_market", r"ambers are bought at the market"),
    ("amber_one", r"a hero carries one amber at most"),
    ("amber_supply", r"the supply has no amber left"),
    ("amber_cost", r"an amber costs (\d+) Taler"),
    # what the app says itself (session.py)
    ("no_dice_due", r"no dice are due now"),
    # text that is no decision (actions.NotationError; campaign/notation.py)
    *NOTATION,
    # the parts nested messages name ("… ; seat 2 does")
    ("seat", r"seat (\d)"),
    ("chance", r"chance"),
]]
_RULE = re.compile(r"^(.*) \((R-[A-Z0-9-]+)\)$", re.S)


def say(message: str) -> str:
    """``message`` from the engine in the app's language."""
    if lang() == "en":
        return message
    m = _RULE.match(message)
    body, rule = (m.group(1), m.group(2)) if m else (message, "")
    text = _translate(body)
    return f"{text} ({rule})" if rule else text


def key_of(message: str) -> str | None:
    """The catalogue key (``why.KEY``) whose pattern reads ``message`` (with
    or without its rule id), or None for a message the app shows as the
    engine wrote it."""
    m = _RULE.match(message)
    body = m.group(1) if m else message
    return next((key for key, pat in PATTERNS if pat.match(body)), None)


def _translate(body: str) -> str:
    for key, pat in PATTERNS:
        m = pat.match(body)
        if m and has(f"why.{key}"):
            groups = [g or "" for g in m.groups()] if key in _VERBATIM else [_inner(g or "") for g in m.groups()]
            if key == "n_expected":
                groups[1] = _SHAPE.sub(_placeholder, groups[1])
            try:
                return t(f"why.{key}").format(*groups)
            except (IndexError, KeyError):
                return body
    return body


def _inner(text: str) -> str:
    """Nested messages (an undo's reason) are translated too."""
    out = _translate(text)
    return out


def _placeholder(m: re.Match) -> str:
    """A notation's placeholder (FROM, HEX) in the app's language; the
    notation's own words stay."""
    key = f"why.placeholder.{m.group(0)}"
    return t(key) if has(key) and t(key) else m.group(0)
