"""Browser seats for the hosted games (``thorskliff serve --web PORT``).

The page is textual-serve's terminal (xterm.js) and speaks its websocket
protocol; every browser's app runs in the serving process, like an SSH
session's, on the same hub (:mod:`thorskliff.host`).
"""
