"""The page a team sees right after signing up for a bracket event (as a table event's players see
theirs): the team and its partners, when sign-ups close, what happens next and the link to the
team's own page.

The sign-up keeps the team it just made in the session, so a reload (or a retried submit) shows the
same page, and a visitor who never signed up is sent to the form."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tournament.common import localtime
from tournament.core.decorators import tournament_view
from tournament.models import Team, Tournament
from tournament.signups import entry_links

SESSION_KEY = "bracket_signed_up"
KEPT = 10  # sign-ups one phone remembers (a club secretary signing teams up one by one)


def remember(request, tournament: Tournament, team: Team) -> None:
    kept = request.session.get(SESSION_KEY, {})
    kept.pop(str(tournament.pk), None)
    kept[str(tournament.pk)] = team.pk
    request.session[SESSION_KEY] = dict(list(kept.items())[-KEPT:])


@require_GET
@tournament_view
def signed_up(request, tournament):
    team_id = request.session.get(SESSION_KEY, {}).get(str(tournament.pk))
    team = (Team.objects.filter(tournament=tournament, pk=team_id, withdrawn_at__isnull=True)
            .prefetch_related("players").first() if team_id else None)
    if team is None:
        return redirect("public:signup", slug=tournament.slug)
    context = {
        "tournament": tournament,
        "team": team,
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        "open": tournament.signups_open(),
        "count": Team.objects.filter(tournament=tournament, withdrawn_at__isnull=True).count(),
        "time_limit": tournament.game_time_limit,
        "grace": int(tournament.no_show_grace.total_seconds() // 60),
        "change_path": entry_links.path(tournament, team_id=team.pk),
    }
    return render(request, "public/signed_up.html", context)
