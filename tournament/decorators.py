import functools

from django.shortcuts import get_object_or_404
from django.utils import timezone

from tournament.models import Tournament


def tournament_view(view):
    """Look the tournament up by `slug` (404 if unknown) and render in its time zone.

    Every date a template or table prints then reads in the tournament's local time.
    """

    @functools.wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=slug)
        with timezone.override(tournament.tz):
            return view(request, tournament, *args, **kwargs)

    return wrapper
