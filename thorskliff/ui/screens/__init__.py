"""The app's screens; each has its stylesheet beside it (``name.tcss``)."""
