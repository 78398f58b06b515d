"""The host of hosted games (``thorskliff serve``), whatever the transport:
the hub that holds every game (:mod:`.hub`), their store (:mod:`.store`),
one seat's session (:mod:`.remote`), the app per terminal (:mod:`.hostapp`)
and its Textual driver (:mod:`.driver`), the game session over any channel
(:mod:`.session`), the serve options (:mod:`.config`), the memory policy
(:mod:`.heap`) and the composition root that starts the transports
(:mod:`.host`). The transports sit beside each other above it: SSH
(:mod:`thorskliff.ssh`) and browsers (:mod:`thorskliff.web`)."""
