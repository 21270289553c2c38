"""Who is at the sheet: a table phone (the game's secret token is the key) or a logged-in organizer.
Both see the same sheet and use the same entry views; the seat says which URLs and powers apply."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import sheet as sheets
from tournament.core.decorators import require_organizer
from tournament.core.heard import table_heard
from tournament.core.language import speaks_tournament_language, use_tournament_language
from tournament.models import Game

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,40}")  # what new_table_token makes (URL-safe base64)


@dataclass
class Seat:
    game: Game
    organizer: bool
    user: object = None
    # Set instead of the full game for the views marked @entry_only (preview, submit): see sheets.Entry.
    entry: sheets.Entry | None = None

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


def entry_only(view):
    """Mark a view that needs only what entering a hand needs (two small queries, sheets.entry_for), not the
    whole sheet: the preview runs as people type and must stay cheap."""
    view.entry_only = True
    return view


def _seat(view, organizer: bool, user=None, **lookup) -> Seat:
    try:
        if getattr(view, "entry_only", False):
            entry = sheets.entry_for(**lookup)
            return Seat(entry.game, organizer=organizer, user=user, entry=entry)
        return Seat(sheets.game_for_sheet(**lookup), organizer=organizer, user=user)
    except Game.DoesNotExist:
        raise Http404(_("No game at this link. Ask the organizer for the table's current link."))


def table_seat(view):
    """The URL's token opens its game and nothing else; a wrong or rotated token is a 404."""

    @speaks_tournament_language  # the seat's game comes with its tournament: no query of the middleware's
    @wraps(view)
    def wrapper(request, token, *args, **kwargs):
        if not TOKEN.fullmatch(token):  # a NUL byte or a stray character never reaches the database
            raise Http404(_("No game at this link."))
        seat = _seat(view, False, table_token=token)
        use_tournament_language(request, seat.game.division.tournament)
        table_heard(seat.game)
        return view(request, seat, *args, **kwargs)

    return wrapper


def organizer_seat(view):
    @login_required
    @wraps(view)
    def wrapper(request, game_id, *args, **kwargs):
        seat = _seat(view, True, request.user, pk=game_id)
        require_organizer(request.user, seat.game.division.tournament)
        return view(request, seat, *args, **kwargs)

    wrapper.organizer_only = True  # as tournament.core.decorators.organizer_required marks its views
    return wrapper
