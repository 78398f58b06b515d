"""Hosted games over SSH (``thorskliff serve``): the hub that holds every
game (:mod:`.hub`), their storage (:mod:`.store`), one seat's session
(:mod:`.remote`), the Textual driver for an SSH channel (:mod:`.driver`), the
app per session (:mod:`.hostapp`) and the asyncssh server (:mod:`.server`)."""
