"""Calendar files (tournament.mail.ics): an event's games, and one team's or player's games from
their own page ("Add to calendar"). What they hold is what the public pages show; each download is
made from the rows as they are, so a moved time or a decided game is in the next one."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournament.mail import ics
from tournament.models import Game, Player, Team, Tournament


def _games(**where):
    return (Game.objects.filter(starts_at__isnull=False, **where).exclude(status=Game.Status.BYE)
            .select_related("division__tournament", "round").prefetch_related("sides__team", "sides__player")
            .order_by("starts_at", "pk").distinct())


def _answer(name: str, filename: str, games, request) -> HttpResponse:
    response = HttpResponse(ics.calendar(name, games, request=request), content_type=f"{ics.MIME}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def event(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    return _answer(tournament.name, f"{slug}.ics", _games(division__tournament=tournament), request)


ENTRANTS = {"team": Team, "player": Player}  # an entrant's kind: its model, and its field on a game's side


def _entrants_games(entrant, kind: str):
    return _games(division__tournament=entrant.tournament, **{f"sides__{kind}": entrant})


def _entrant(request, slug, kind: str, pk: int) -> HttpResponse:
    found = ENTRANTS[kind].objects.filter(tournament__slug=slug, pk=pk).select_related("tournament").first()
    if found is None:
        raise Http404(f"No such {kind}.")
    return _answer(f"{found.tournament.name}: {found}", f"{slug}-{kind}-{pk}.ics", _entrants_games(found, kind), request)


@require_GET
def team(request, slug, team_id):
    return _entrant(request, slug, "team", team_id)


@require_GET
def player(request, slug, player_id):
    return _entrant(request, slug, "player", player_id)


@require_GET
def feed(request, token):
    """An entrant's own feed, for a phone's calendar to subscribe to (its URL is in the draw's e-mail):
    the signed token names the entrant; read afresh on every refresh, so moved times follow."""
    found = ics.read_feed_token(token)
    if found is None:
        raise Http404("This calendar link is damaged: open it again from the e-mail.")
    kind, pk = found
    entrant = ENTRANTS[kind].objects.filter(pk=pk).select_related("tournament").first()
    if entrant is None:
        raise Http404("No such entrant.")
    return _answer(f"{entrant.tournament.name}: {entrant}", "meldboard.ics", _entrants_games(entrant, kind), request)
