"""The game state's fields, declared once.

:class:`GameFields` names every field of :class:`~.state.GameState` with
its type and how a copy of the state copies it (``copy``: None when the value
is immutable or shared on purpose, like the island). Fields with ``turn``
are the turn's scratch: :meth:`~.flow.TurnRules._reset_turn` sets each of
them afresh at the start of every turn. ``GameState.clone`` and
``_reset_turn`` iterate these declarations instead of listing the fields
again, and the mixins that make up the state (``TurnRules``,
``CombatRules``) read their fields' types from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..island import Island
    from ..scenario import ModeSpec
    from .actions import Action
    from .combat import Combat
    from .player import Player
    from .state import Outcome
    from .steps import Step


def _nested(v: list[list[int]]) -> list[list[int]]:
    return [list(x) for x in v]


def _players(v: list[Player]) -> list[Player]:
    return [p.copy() for p in v]


def _opt_list(v: list | None) -> list | None:
    return list(v) if v else None


def _opt_copy(v: Any) -> Any:
    return v.copy() if v else None


@dataclass(frozen=True)
class Pos:
    """How a field is written in a position's ``[scratch]`` table (the key is
    the field's name; thorskliff/position.py writes and reads each kind):

    - ``int``: a number ``lo``..``hi``; ``bool``: true or false;
    - ``hex``: a hex label, left out for -1 (no hex);
    - ``hexes``: a set of hexes, as sorted labels;
    - ``hex_counts``: hex -> number ``lo``..``hi``, as a table by label;
    - ``seats``: a list of seats, written from 1;
    - ``moved``: the warriors that moved (``{at, from, steps}`` tables);
    - ``words``: a set of ``words``, left out for None.
    """

    kind: str
    lo: int = 0
    hi: int = 0
    words: tuple[str, ...] = ()


def board(copy: Callable[[Any], Any] | None = None, pos: Pos | None = None) -> Any:
    """A field of the game (kept from turn to turn)."""
    return field(metadata={"copy": copy, "pos": pos})


def turn(make: Callable[[], Any], copy: Callable[[Any], Any] | None = None, pos: Pos | None = None) -> Any:
    """A field of the turn's scratch: ``make()`` at the start of every turn;
    ``pos`` says how a position writes it."""
    return field(metadata={"copy": copy, "turn": make, "pos": pos})


@dataclass(init=False, eq=False, repr=False)
class GameFields:
    # --- the game and its setup
    mode: ModeSpec = board()
    island: Island = board()  # shared by every copy: it never changes
    seed: int = board()
    chance_count: int = board()  # the next chance draw's counter (R-DICE-2)
    rules: set[str] = board(set)
    first_chooser: int = board()
    choosing: list[int] = board()  # the beach choice's order (R-SETUP-B4); never changes after setup
    start_seat: int = board()
    # --- the board
    players: list[Player] = board(_players)
    wc: list[list[int]] = board(_nested)  # warriors per seat per hex
    troll: list[bool] = board(list)
    crystal_at: dict[int, int] = board(dict)
    taler_at: dict[int, int] = board(dict)
    amber_at: dict[int, int] = board(dict)
    lying: dict[int, int] = board(dict)  # hex -> seat of a fainted hero lying there (R-FAINT-4)
    rifts: dict[int, str] = board(dict)
    rune: list[int] | None = board(_opt_list)  # [seat, hex, counter] (R-RUNE-1..3)
    # --- the supply (R-SETUP-B3)
    amber_supply: int = board()
    potion_supply: dict[str, int] = board(dict)
    helm_free: bool = board()
    wisent_left: int = board()
    epic_free: set[str] = board(set)
    # --- where the game stands
    round: int = board()
    seat: int = board()
    phase: int = board()
    step: Step = board()
    decider: int = board()
    chance_kinds: tuple[str, ...] = board()
    chance_for: str = board()
    combat: Combat | None = board(_opt_copy)
    pending: list[tuple[Step, int]] = board(list)  # interrupts that return to the step below (crystal choice)
    result: Outcome | None = board()
    decisions: int = board()
    # --- the turn's scratch (R-TURN-2..5), written in a position's [scratch]
    # table in this order (``pos``): a new field of it is one line here
    hero_left: int = turn(lambda: 0, pos=Pos("int", 0, 2))
    hero_prev: int = turn(lambda: -1, pos=Pos("hex"))  # the retreat hex, one back (R-MOVE-4)
    gode_left: int = turn(lambda: 0, pos=Pos("int", 0, 2))
    gode_prev: int = turn(lambda: -1, pos=Pos("hex"))
    warrior_steps: int = turn(lambda: 1, pos=Pos("int", 1, 2))
    #: warriors of the player on turn that moved this turn: [hex, prev, steps left]
    moved: list[list[int]] = turn(list, _nested, pos=Pos("moved"))
    combat_hexes: set[int] = turn(set, set, pos=Pos("hexes"))
    blitz_used: bool = turn(lambda: False, pos=Pos("bool"))
    throw_used: bool = turn(lambda: False, pos=Pos("bool"))
    plunder: int = turn(lambda: 0, pos=Pos("int", 0, 999))
    #: where the attacker fainted this combat phase (R-COMBAT-5)
    plunder_hex: int = turn(lambda: -1, pos=Pos("hex"))
    to_go_out: list[int] = turn(list, list, pos=Pos("seats"))
    action_done: bool = turn(lambda: False, pos=Pos("bool"))
    bought: int = turn(lambda: 0, pos=Pos("int", 0, 3))
    gifts: int = turn(lambda: 0, pos=Pos("int", 0, 3))
    haste_used: bool = turn(lambda: False, pos=Pos("bool"))
    gode_hasted: bool = turn(lambda: False, pos=Pos("bool"))
    #: the Gode or hero that stood in a melee when this combat phase began
    #: (R-GODE-4, §17); None until the game's first combat phase (kept from
    #: turn to turn, written with the scratch)
    in_melee: frozenset[str] | None = board(pos=Pos("words", words=("G", "H")))
    blitz_at: dict[int, int] = turn(dict, dict, pos=Pos("hex_counts", 1, 2))  # hex -> black dice waiting for its melee
    recruit_cap: dict[int, int] = turn(dict, dict, pos=Pos("hex_counts", 0, 12))
    # --- worked out from the rest, never copied
    _legal: list[Action] | None = board()
    #: the step's own decisions as the turn worked them out when it stopped
    #: there (R-TURN-2), kept for listing them; forgotten before each decision
    _own: tuple[Step, list[Action]] | None = board()


#: (name, how to copy) of every field a clone must not share
COPIES: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple(
    (f.name, f.metadata["copy"]) for f in fields(GameFields) if f.metadata.get("copy"))
#: (name, how to make it) of the turn's scratch
TURN: tuple[tuple[str, Callable[[], Any]], ...] = tuple(
    (f.name, f.metadata["turn"]) for f in fields(GameFields) if "turn" in f.metadata)
#: the scratch's immutable starting values, and the fields made afresh each turn (lists, sets, dicts)
TURN_VALUES: dict[str, Any] = {name: make() for name, make in TURN if isinstance(make(), (int, bool, str))}
TURN_MADE: tuple[tuple[str, Callable[[], Any]], ...] = tuple((n, m) for n, m in TURN if n not in TURN_VALUES)
#: the names of every declared field
NAMES: frozenset[str] = frozenset(f.name for f in fields(GameFields))
#: (name, how a position writes it) of the fields of a position's [scratch] table, in order
SCRATCH: tuple[tuple[str, Pos], ...] = tuple(
    (f.name, f.metadata["pos"]) for f in fields(GameFields) if f.metadata.get("pos") is not None)
