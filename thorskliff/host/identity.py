"""Secrets a browser holds: the token that is its player's name, and seat
invitations. Both are random (256 bits), handed out once, and stored only
as a SHA-256 hash: a plain hash suffices for a random token of that length
(there is nothing to guess a dictionary of), and it lets the store find
the name by the token's hash alone."""

from __future__ import annotations

import hashlib
import re
import secrets

#: the cookie that holds a browser's token (HttpOnly, SameSite=Strict)
COOKIE = "thorskliff_token"
#: what a token looks like (secrets.token_urlsafe(32)); anything else is refused unread
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{43}")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def well_formed(token: str | None) -> bool:
    return token is not None and TOKEN_RE.fullmatch(token) is not None
