"""The page a player sees after signing up for a table event: who is signed up, what happens next
(sign-ups close, the organizer draws, where the seating appears) and the link to their own page.

The sign-up stores who it just signed up in the session, so a reload shows the same page and a
visitor who never signed up is sent to the form."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tournament.common import localtime, names
from tournament.formats.tables import formats, signups
from tournament.formats.tables.decorators import table_event_view
from tournament.models import Tournament
from tournament.signups import entry_links

SESSION_KEY = "tables_signed_up"
KEPT = 10  # sign-ups one phone remembers (a family signing up one by one)


def remember(request, tournament: Tournament, players) -> None:
    kept = request.session.get(SESSION_KEY, {})
    ids = [p.pk for p in players]
    kept[str(tournament.pk)] = ids
    request.session[SESSION_KEY] = dict(list(kept.items())[-KEPT:])


@require_GET
@table_event_view
def signed_up(request, tournament):
    ids = request.session.get(SESSION_KEY, {}).get(str(tournament.pk), [])
    players = list(signups.active_players(tournament).filter(pk__in=ids).select_related("table_entry").order_by("created_at", "id"))
    if not players:
        return redirect("tables:signup", slug=tournament.slug)
    in_pairs = formats.in_partnerships(tournament)
    context = {
        "tournament": tournament,
        "players": players,
        "with_partner": in_pairs and len(players) > 1,
        "needs_partner": in_pairs and len(players) == 1 and players[0].team_id is None,
        "in_pairs": in_pairs,
        "format_text": formats.describe(tournament),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        "open": tournament.signups_open(),
        "count": signups.active_players(tournament).count(),
        "unmatched": [names.bdi_join(found, ", ") for found in signups.unmatched_came_with(tournament, players).values()],
        "time_limit": tournament.game_time_limit,
        "change_path": entry_links.path(tournament, player_id=ids[0]),  # the one who signed up (a partner may be older)
    }
    return render(request, "tables/signed_up.html", context)


