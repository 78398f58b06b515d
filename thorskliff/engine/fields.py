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

from .events import Teller

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


def _opt_list(v: list[int] | None) -> list[int] | None:
    return list(v) if v else None


def _opt_copy(v: Any) -> Any:
    return v.copy() if v else None


#: R-SETUP-B3: the supply at the start (the state's and a position's bounds)
AMBERS = 12  # R-AMBER-7, decision 8
WISENT_CARDS = 4
POTION_SUPPLY = {"heil": 5, "kraft": 5, "eile": 6, "schutz": 6}


@dataclass(frozen=True)
class Pos:
    """Where and how a field is written in a position (thorskliff/position.py
    writes and reads each kind; docs/records.md explains every key): in the
    table ``table`` ("" for the top level) under ``key`` (the field's name
    when None). A position's tables and keys come in the order the fields
    are declared below.

    - ``int``: a number ``lo``..``hi``; ``int_opt``: the same, left out for -1;
      ``any_int``: any integer; ``bool``: true or false;
    - ``hex``: a hex label, left out for -1 (no hex);
    - ``hexes``: a set of hexes, as sorted labels;
    - ``hex_counts``: hex -> number ``lo``..``hi``, as a table by label;
    - ``seat``: a seat, written from 1; ``seat_opt``: the same, left out for -1;
      ``seats``: a list of seats, written from 1; ``seat_order``: every seat once;
    - ``moved``: the warriors that moved (``{at, from, steps}`` tables);
    - ``words``: a set of ``words``, left out for None; ``vocab``: words of
      the vocabulary position.py names ``vocab`` (the rules in force, the
      dice due, the epic cards left), written and read as it says there;
    - the game's own shapes, each a kind of its name: ``mode``, ``arrangement``,
      ``step``, ``decider``, ``pending``, ``result``, ``rifts``, ``purpose``,
      ``potion_supply``, ``trolls``, ``rune``, ``combat``, ``players``; a
      combat's ``drunk``: potion kinds, left out when empty.
    """

    kind: str
    lo: int = 0
    hi: int = 0
    words: tuple[str, ...] = ()
    table: str = "scratch"
    key: str | None = None
    vocab: str = ""


def board(copy: Callable[[Any], Any] | None = None, pos: Pos | None = None) -> Any:
    """A field of the game (kept from turn to turn)."""
    return field(metadata={"copy": copy, "pos": pos})


def turn(make: Callable[[], Any], copy: Callable[[Any], Any] | None = None, pos: Pos | None = None) -> Any:
    """A field of the turn's scratch: ``make()`` at the start of every turn;
    ``pos`` says how a position writes it."""
    return field(metadata={"copy": copy, "turn": make, "pos": pos})


def top(kind: str, lo: int = 0, hi: int = 0, key: str | None = None, vocab: str = "") -> Pos:
    """A field written at a position's top level."""
    return Pos(kind, lo, hi, table="", key=key, vocab=vocab)


@dataclass(init=False, eq=False, repr=False)
class GameFields(Teller):
    """Every field of the game state, declared once (see the module)."""

    # --- the game and its setup
    mode: ModeSpec = board(pos=top("mode"))
    island: Island = board(pos=top("arrangement", key="arrangement"))  # shared by every copy: it never changes
    seed: int = board(pos=top("any_int"))
    rules: set[str] = board(set, pos=top("vocab", vocab="rules"))
    # --- where the game stands
    round: int = board(pos=top("int", 0, 100_000))
    seat: int = board(pos=top("seat_opt", key="turn"))
    phase: int = board(pos=top("int_opt", 0, 7))
    step: Step = board(pos=top("step"))
    decider: int = board(pos=top("decider"))
    decisions: int = board(pos=top("int", 0, 10**9))
    first_chooser: int = board(pos=top("seat"))
    choosing: list[int] = board(pos=top("seat_order"))  # the beach choice's order (R-SETUP-B4); never changes
    start_seat: int = board(pos=top("seat"))
    pending: list[tuple[Step, int]] = board(list, pos=top("pending"))  # interrupts that return to the step below
    result: Outcome | None = board(pos=top("result"))
    rifts: dict[int, str] = board(dict, pos=top("rifts"))
    # --- the dice (R-DICE-2): the next draw's counter, the dice due and why
    chance_count: int = board(pos=Pos("int", 0, 2**62, table="chance", key="count"))
    chance_kinds: tuple[str, ...] = board(pos=Pos("vocab", table="chance", key="kinds", vocab="dice"))
    chance_for: str = board(pos=Pos("purpose", table="chance", key="purpose"))
    # --- the supply (R-SETUP-B3)
    amber_supply: int = board(pos=Pos("int", 0, AMBERS, table="supply", key="ambers"))
    potion_supply: dict[str, int] = board(dict, pos=Pos("potion_supply", table="supply", key="potions"))
    helm_free: bool = board(pos=Pos("bool", table="supply", key="helm"))
    wisent_left: int = board(pos=Pos("int", 0, WISENT_CARDS, table="supply", key="wisent"))
    epic_free: set[str] = board(set, pos=Pos("vocab", table="supply", key="epic", vocab="epic"))
    # --- the board
    troll: list[bool] = board(list, pos=Pos("trolls", table="board", key="trolls"))
    crystal_at: dict[int, int] = board(dict, pos=Pos("hex_counts", 1, 6, table="board", key="crystals"))
    taler_at: dict[int, int] = board(dict, pos=Pos("hex_counts", 1, 999, table="board", key="taler"))
    amber_at: dict[int, int] = board(dict, pos=Pos("hex_counts", 1, AMBERS, table="board", key="ambers"))
    rune: list[int] | None = board(_opt_list, pos=Pos("rune", table="board", key="runestone"))  # [seat, hex, counter]
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
    # --- the combat being fought, and the seats with their pieces
    combat: Combat | None = board(_opt_copy, pos=top("combat"))
    players: list[Player] = board(_players, pos=top("players"))
    #: warriors per seat per hex; a position writes them with their seat's player
    wc: list[list[int]] = board(_nested)
    #: hex -> seat of a fainted hero lying there (R-FAINT-4); written as its player's ``lying_at``
    lying: dict[int, int] = board(dict)
    # --- worked out from the rest, never copied
    _legal: list[Action] | None = board()
    #: the step's own decisions as the turn worked them out when it stopped
    #: there (R-TURN-2), kept for listing them; forgotten before each decision
    _own: tuple[Step, list[Action]] | None = board()
    #: a game of record flow 1: the haste phase as it was before it kept its
    #: secret (``Setup.flow``); set on such games only, so positions never hold it
    #: (a class attribute, not a field: no annotation)
    old_haste = False

    if TYPE_CHECKING:
        # What the rules' mixins (TurnRules, CombatRules, GameState and a variant's
        # state) call on one another: declared once, so the type checker reads each
        # such call against its one signature (review 2026-12-04 §7.2). Not at run
        # time: GameState has them all.
        def current_player(self) -> int: ...
        def legal_actions(self) -> list[Action]: ...
        def active_seats(self) -> list[int]: ...
        def next_seat(self, seat: int) -> int: ...
        def enemy_at(self, h: int, seat: int) -> bool: ...
        def owner_at(self, h: int, exclude: int) -> int | None: ...
        def is_farm(self, h: int) -> bool: ...
        def _chance(self, kinds: tuple[str, ...], purpose: str) -> None: ...
        def _win(self, seat: int, reason: str) -> None: ...
        def _table_legal(self, step: Step) -> list[Action]: ...
        def _enter_phase(self, phase: int) -> None: ...
        def _next_turn(self) -> None: ...
        def _go_out(self, seat: int, reason: str = "rune") -> None: ...
        def _heal(self, p: Player, n: int, cause: str) -> None: ...
        def _auto_amber(self, p: Player) -> None: ...
        def _start_combat_phase(self) -> bool: ...
        def _end_combat_phase(self) -> None: ...


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
#: (name, how a position writes it) of every field a position holds, in the position's order
POSITION: tuple[tuple[str, Pos], ...] = tuple(
    (f.name, f.metadata["pos"]) for f in fields(GameFields) if f.metadata.get("pos") is not None)
#: the same, of a position's [scratch] table
SCRATCH: tuple[tuple[str, Pos], ...] = tuple((n, pos) for n, pos in POSITION if pos.table == "scratch")
