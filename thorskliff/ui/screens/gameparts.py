"""What the game screen's parts use of the screen, declared once (#28).

:class:`~.game.GameScreen` is made of parts — its seats (:class:`SeatController`),
keys (:class:`GameKeys`), menu (:class:`GameMenu`), hints (:class:`Hints`) and
the bots' feed (:class:`EventFeed`) — each a class of its own that reads and
calls the screen. :class:`GameParts`, the base of every part, names what they
use: the play flow's state (real properties over the screen's
:class:`~..decisions.Play`), and, for the type checker only, the screen's
attributes and the methods one part calls on another or on the screen, so
each is checked against what the screen really has (as ``engine/fields.py``
does for the rules' mixins). For the type checker a part is a Textual
:class:`~textual.screen.Screen`; at run time it is a plain class, and
:class:`GameScreen` is the Screen.

:func:`thors_app` is a widget's app as the :class:`~..app.ThorsApp` it always
is (Textual types ``self.app`` as any App).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from textual.dom import DOMNode
from textual.screen import Screen

if TYPE_CHECKING:
    from rich.text import Text

    from ..app import ThorsApp
    from ..decisions import Play
    from ..widgets.hexmap import IslandMap
    from ..widgets.panels import DecisionList
    from .combat import CombatScreen

    #: the base of a class whose methods a Screen lends it: a Screen for the type checker only
    ScreenPart = Screen[Any]
else:
    ScreenPart = object

T = TypeVar("T")


def thors_app(node: DOMNode) -> ThorsApp:
    """``node``'s app: a ThorsApp (or the host's, a subclass) wherever our screens run."""
    return cast("ThorsApp", node.app)


class _PlayState(Generic[T]):
    """An attribute of the screen's :class:`~..decisions.Play`, read and written through the screen."""

    def __init__(self, name: str):
        self.name = name

    def __get__(self, screen: Any, owner: type | None = None) -> T:
        return cast(T, getattr(screen.play, self.name))

    def __set__(self, screen: Any, value: T) -> None:
        setattr(screen.play, self.name, value)


class GameParts(ScreenPart):
    # the play flow's state, as the screen (and its variants, tests) name it
    obs: _PlayState[dict[str, Any]] = _PlayState("obs")
    viewer: _PlayState[int | None] = _PlayState("viewer")
    legal: _PlayState[list[Any]] = _PlayState("legal")
    selected: _PlayState[int] = _PlayState("selected")
    stack: _PlayState[list[str]] = _PlayState("stack")
    chosen: _PlayState[list[bool]] = _PlayState("chosen")

    if TYPE_CHECKING:
        # the screen's own (game.py)
        session: Any  # a LocalSession, a RemoteSession, a CampaignSession, a ReplaySession
        handover: bool
        ready: bool
        play: Play
        map: IslandMap
        decisions: DecisionList
        labels: bool
        _combat: CombatScreen | None
        _lines: int
        _last_step: tuple[str, int | None, int] | None

        @property
        def decider(self) -> int: ...

        def say(self, text: str, error: bool = False) -> None: ...

        def sync(self) -> None: ...

        def redraw(self) -> None: ...

        def decide(self, text: str, confirmed: bool = False) -> bool: ...

        def roll(self, dice: str | None = None) -> bool: ...

        def _engine_says(self, what: Any) -> str: ...

        def _select(self, i: int, draw: bool = True) -> None: ...

        def _not_yours(self) -> str: ...

        def _draw_map(self) -> None: ...

        def _decision_items(self) -> list[tuple[str, Text | str, bool]]: ...

        # SeatController's (seats.py)
        def _is_bot(self, seat: int | None) -> bool: ...

        def _humans(self) -> list[int] | None: ...

        def _index(self, label: str) -> int: ...

        def changes_seats(self) -> bool: ...

        def action_take_seat(self) -> None: ...

        # EventFeed's (feed.py)
        _summary_open: bool

        def since_for_handover(self, seat: int) -> list[str]: ...

        def _bot_stepped(self, lines_before: int) -> str | None: ...

        def _bot_pace(self) -> float: ...

        # Hints' (hint.py)
        def hint_point(self) -> tuple[Any, ...]: ...

        def hint_offered(self) -> bool: ...
