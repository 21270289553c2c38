"""An entrant's own change-or-withdraw link: a signed token naming one team (a bracket event's entry)
or one player (a table event's), given in the "signed up" e-mail and on the page after signing up.
Whoever holds it may change the entry's details or withdraw it while sign-ups are open; it cannot be
made from an id (the signature), so it is secret per entrant like a table link."""

from __future__ import annotations

from django.core import signing
from django.urls import reverse

from tournament.common import site_address

SALT = "meldboard.my-entry"
PAGES = {"team": "public:my_entry", "player": "tables:my_entry"}


def token(*, team_id: int | None = None, player_id: int | None = None) -> str:
    return signing.dumps(["team", team_id] if team_id else ["player", player_id], salt=SALT, compress=True)


def read(value: str, kind: str) -> int | None:
    """The id of the `kind` ("team" or "player") the token names; None for a damaged or other one."""
    try:
        named, pk = signing.loads(value, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return pk if named == kind and isinstance(pk, int) and not isinstance(pk, bool) else None


def path(tournament, *, team_id: int | None = None, player_id: int | None = None) -> str:
    kind = "team" if team_id else "player"
    return reverse(PAGES[kind], args=[tournament.slug, token(team_id=team_id, player_id=player_id)])


def url(tournament, request=None, **entrant) -> str:
    return site_address.absolute(path(tournament, **entrant), request)
