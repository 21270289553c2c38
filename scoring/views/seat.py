"""Who is at the sheet: a table phone (the game's secret token is the key) or a logged-in organizer.
Both see the same sheet and use the same entry views; the seat says which URLs and powers apply."""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.urls import reverse

from scoring import sheet as sheets
from tournament.models import Game


@dataclass
class Seat:
    game: Game
    organizer: bool
    user: object = None

    @property
    def key(self):
        return self.game.pk if self.organizer else self.game.table_token

    def url(self, name: str, *args) -> str:
        prefix = "manage_" if self.organizer else ""
        return reverse(f"table:{prefix}{name}", args=[self.key, *args])

    @property
    def author(self) -> str:
        return "organizer" if self.organizer else ""

    @property
    def session_key(self) -> str:
        return f"table-side-{self.game.pk}"


def _load(**lookup) -> Game:
    try:
        return sheets.game_for_sheet(**lookup)
    except Game.DoesNotExist:
        raise Http404("No game at this link. Ask the organizer for the table's current link.")


def table_seat(view):
    """The URL's token opens its game and nothing else; a wrong or rotated token is a 404."""

    @wraps(view)
    def wrapper(request, token, *args, **kwargs):
        if not token or len(token) > 40:
            raise Http404("No game at this link.")
        return view(request, Seat(_load(table_token=token), organizer=False), *args, **kwargs)

    return wrapper


def organizer_seat(view):
    @login_required
    @wraps(view)
    def wrapper(request, game_id, *args, **kwargs):
        return view(request, Seat(_load(pk=game_id), organizer=True, user=request.user), *args, **kwargs)

    return wrapper
