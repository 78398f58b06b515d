"""thorskliff — Die Schlacht um Thors Kliff for the terminal.

Layers, lowest first: ``hexgrid`` (geometry), ``island`` (the board),
``scenario`` (data files), the engine (``state``, ``combat``, ``actions``,
``observation``), then records, positions and the CLI. Nothing here imports a
UI toolkit.
"""

__version__ = "0.1.0"
