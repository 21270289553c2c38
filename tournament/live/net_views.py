"""The morning net's script (tournament.live.morning_net) as a page to print and as plain text,
always in the event's own language: the net controller reads it to the event's listeners."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone, translation
from django.views.decorators.http import require_GET

from tournament.live import morning_net
from tournament.models import Tournament


@require_GET
def page(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    with translation.override(tournament.language), timezone.override(tournament.tz):
        lines = morning_net.script(tournament)
        response = render(request, "live/net.html", {"tournament": tournament, "script": "\n".join(lines),
                                                     "language": tournament.language})
    return response


@require_GET
def text(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    with translation.override(tournament.language), timezone.override(tournament.tz):
        lines = morning_net.script(tournament)
    response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
    response["Content-Language"] = tournament.language
    return response
