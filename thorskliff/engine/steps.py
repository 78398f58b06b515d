"""Every decision point of a game, base and campaign, as one enum.

``GameState.step`` is always a :class:`Step`. It is a ``StrEnum``, so a step
compares equal to its name in records and positions (``Step.MOVE == "move"``)
and writes itself as that name.
"""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    """A decision point: who decides is ``GameState.decider``; what is legal
    there comes from the verb table (:mod:`.verbs`)."""

    # setup (R-SETUP-B4)
    BEACH = "beach"
    # the turn's phases (R-TURN-2)
    GODE = "gode"  # phase 0: the Gode's ability (R-GODE-2)
    MOVE = "move"  # phase 1 (R-MOVE-*)
    COMBAT = "combat"  # phase 2: pick the next combat (R-COMBAT-1)
    SILVER = "silver"  # phase 3 (R-SILVER-1)
    ACTION = "action"  # phase 4 (R-ACT-1)
    POTION2 = "potion2"  # phase 4: Bera's second potion (R-POT-2)
    GIFT = "gift"  # phase 4: the runestone's gifts (R-RUNE-2)
    CRYSTAL = "crystal"  # the second crystal's bonus (R-CRYSTAL-2)
    RECRUIT = "recruit"  # phase 5 (R-RECRUIT-1)
    HASTE = "haste"  # phase 6 (R-POT-7)
    AFTERHASTE = "afterhaste"  # after the haste step: free steps only
    TURNEND = "turnend"  # the phases are over; free steps before "end" (R-TURN-3)
    LAY = "lay"  # the end of an X turn: where the fainted hero lies (R-FAINT-3)
    OVER = "over"  # the game is over
    # one combat's stages (R-COMBAT-1, R-POT-4..6)
    C_DEF_PRE = "c:def_pre"
    C_ATT_PRE = "c:att_pre"
    C_ROLL = "c:roll"
    C_ATT_POST = "c:att_post"
    C_DEF_POST = "c:def_post"
    C_DEF_BLOCK = "c:def_block"
    C_ATT_ASSIGN = "c:att_assign"
    C_DEF_POST2 = "c:def_post2"
    C_ATT_POST2 = "c:att_post2"
    C_ATT_BLOCK = "c:att_block"
    C_DEF_ASSIGN = "c:def_assign"
    # a campaign chapter (R-CAMP-*): a card asks a seat, the chapter's setup
    CARD = "card"
    SETUP = "setup"

    @property
    def in_combat(self) -> bool:
        return self in COMBAT_STEPS


#: the stages inside one combat
COMBAT_STEPS = frozenset(s for s in Step if s.value.startswith("c:"))
#: the steps only a campaign chapter has (positions hold base games only)
CAMPAIGN_STEPS = frozenset({Step.CARD, Step.SETUP})
#: steps at which the player on turn may take free steps, drink a Heiltrank
#: and put potions back (R-TURN-3, R-POT-3/4)
OPEN_STEPS = frozenset({Step.GODE, Step.MOVE, Step.COMBAT, Step.SILVER, Step.ACTION, Step.POTION2, Step.RECRUIT,
                        Step.HASTE, Step.AFTERHASTE, Step.TURNEND})
