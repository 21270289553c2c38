"""The site's own 404 page: in the site's layout, with a way back to where the visitor was going.

A stale table link (the organizer gave the table a new one, or the draw was made again) names a
game that is gone; its tournament is known when the link was retired by a rotation (the game's log
keeps the old token), and the page then offers that tournament's home, else the site's home. The
500 page is Django's own view with templates/500.html, which needs no request and no database.
"""

import re

from django.shortcuts import render
from django.urls import Resolver404, resolve

from tournament.models import Game, GameEvent, Tournament

TOURNAMENT_PATH = re.compile(r"^/(?:organizer/)?t/(?P<slug>[-a-zA-Z0-9_]+)/")


def _kwargs(request) -> dict:
    """The address's parts: as resolved, else a tournament's slug from an address that matched nothing."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            found = TOURNAMENT_PATH.match(request.path_info)
            return found.groupdict() if found else {}
    return match.kwargs


def tournament_for(kwargs: dict) -> Tournament | None:
    """The tournament an address belongs to, when its parts name one that exists."""
    if "slug" in kwargs:
        return Tournament.objects.filter(slug=kwargs["slug"]).first()
    token = kwargs.get("token")
    if token:
        game = Game.objects.filter(table_token=token).values_list("division__tournament_id", flat=True).first()
        if game is None:
            game = (GameEvent.objects.filter(kind="table_link_rotated", data__old_token=token)
                    .values_list("game__division__tournament_id", flat=True).first())
        if game is not None:
            return Tournament.objects.filter(pk=game).first()
    return None


def not_found(request, exception=None):
    kwargs = _kwargs(request)
    context = {"tournament": tournament_for(kwargs), "table_link": "token" in kwargs}
    return render(request, "404.html", context, status=404)
