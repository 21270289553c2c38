"""A team's (or a table event's player's) own page, shareable by its URL, and "Find my team":
choose your team or type your name. The page polls itself with htmx like the home page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.common import names
from tournament.core import formats, live_page
from tournament.core.decorators import tournament_view
from tournament.live import entrant
from tournament.models import Player, Team

PAGE = ("live/entrant.html", "live/_entrant_live.html")
MAX_TYPED = 80


def _turn(context, now):
    return live_page.clock_turn([line.game for line in context["page"].lines], now)


@live_page.live_view
@require_GET
def team(request, slug, team_id):
    def build(tournament, now):
        found = Team.objects.filter(tournament=tournament, pk=team_id).prefetch_related("players").first()
        if found is None:
            raise Http404(f"No such team in {tournament.name}.")
        return {"tournament": tournament, "now": now, "page": entrant.team_page(tournament, found),
                "poll_url": reverse("live:team", args=[slug, team_id])}

    now = timezone.now()
    head = live_page.apply_due_for(slug, now)
    return live_page.answer(request, head, name="team", templates=PAGE, shows=(team_id,), build=build, turn=_turn, now=now)


@live_page.live_view
@require_GET
def player(request, slug, player_id):
    def build(tournament, now):
        found = Player.objects.filter(tournament=tournament, pk=player_id).select_related("team").first()
        if found is None or not formats.of(tournament).player_pages:
            raise Http404(f"No such player in {tournament.name}.")
        return {"tournament": tournament, "now": now, "page": entrant.player_page(tournament, found),
                "poll_url": reverse("live:player", args=[slug, player_id])}

    # A partnership's player has the partnership's page.
    team_id = Player.objects.filter(pk=player_id, tournament__slug=slug, team__isnull=False).values_list("team_id", flat=True).first()
    if team_id is not None:
        return redirect("live:team", slug=slug, team_id=team_id)
    now = timezone.now()
    head = live_page.apply_due_for(slug, now)
    return live_page.answer(request, head, name="player", templates=PAGE, shows=(player_id,), build=build, turn=_turn, now=now)


@require_GET
@tournament_view
def find(request, tournament):
    candidates = entrant.entrants(tournament)
    chosen = request.GET.get("entrant", "")
    by_key = {f"{f.url_name}:{f.pk}": f for f in candidates}
    if chosen in by_key:
        return redirect(by_key[chosen].url_name, tournament.slug, by_key[chosen].pk)
    typed = names.clean(request.GET.get("name", ""))[:MAX_TYPED]
    found = entrant.find(candidates, typed)
    if len(found) == 1:
        return redirect(found[0].url_name, tournament.slug, found[0].pk)
    error = ""
    word = "player" if formats.of(tournament).entrants_are_players(tournament) else "team"
    if chosen and chosen not in by_key:
        error = (_("That player is not in this tournament; choose again from the list.") if word == "player"
                 else _("That team is not in this tournament any more; choose it again from the list."))
    elif typed and not found:
        error = (_("No player called “%(typed)s”. Check the spelling, or choose from the list.") if word == "player"
                 else _("No team or player called “%(typed)s”. Check the spelling, or choose from the list.")) % {"typed": typed}
    context = {"tournament": tournament, "entrants": candidates, "typed": typed, "found": found,
               "error": error, "word": word}
    return render(request, "live/find.html", context)
