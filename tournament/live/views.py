"""The public home that follows the event, and the clubhouse TV.

Before the draw the home is the sign-up page it always was (deadline, countdown, teams so far);
once the draw is out it leads with what matters at that moment: the champion, the games in play
(live totals, clocks, read-only sheets), the next games by posted time, the results so far. A table
event leads with its current round's tables, the next round's time and the standings' leaders (the
medals once every table is done). Both poll themselves with htmx like the bracket page.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournament.common import localtime
from tournament.core import formats, live_page, signup_deadline
from tournament.live import entrant, tv_pages
from tournament.models import Round, Team

HOME = ("live/home.html", "live/_home_live.html")
TV = ("live/tv.html", "live/_tv_live.html")
JUST_FINISHED = 6


def _read(tournament):
    """What is happening now, as the event's format reads it (a bracket's games, a table round's tables)."""
    event_format = formats.of(tournament)
    return {"bracket": None, "tables": None, event_format.key: event_format.live_now(tournament)}


def _games(context) -> list:
    live = context["bracket"] or context["tables"]
    return live.games


def _round_start(context):
    tables = context["tables"]
    return tables.round.round.starts_at if tables and tables.round and tables.round.round else None


def _home_context(tournament, now) -> dict:
    context = {
        "tournament": tournament, "now": now,
        "poll_url": reverse("public:home", args=[tournament.slug]),
        "open": tournament.signups_open(now),
        "closed_message": signup_deadline.closed_message(tournament),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        **_read(tournament),
    }
    live = context["bracket"] or context["tables"]
    context["drawn"] = live.drawn
    if live.drawn:
        context["entrants"] = entrant.entrants(tournament)
        if context["tables"]:
            context["round_upcoming"] = live.starts_in_future(now)
    else:
        context["teams"] = list(Team.objects.filter(tournament=tournament, withdrawn_at__isnull=True).prefetch_related("players"))
        context["schedule"] = list(
            Round.objects.filter(division__tournament=tournament, starts_at__isnull=False)
            .select_related("division").order_by("starts_at", "division__kind")
        )
    return context


def _home_turn(context, now):
    tournament = context["tournament"]
    return live_page.clock_turn(_games(context), now, tournament.signup_deadline, _round_start(context))


@live_page.live_view
@require_GET
def home(request, slug):
    now = timezone.now()
    head = live_page.apply_due_for(slug, now)
    return live_page.answer(request, head, name="home", templates=HOME, build=_home_context, turn=_home_turn, now=now)


def _tv_context(tournament, now) -> dict:
    context = {"tournament": tournament, "now": now,
               "poll_url": reverse("live:tv", args=[tournament.slug]), **_read(tournament)}
    if context["bracket"]:
        context["just_finished"] = context["bracket"].results[:JUST_FINISHED]
        context["bracket_pages"] = tv_pages.pages(context["bracket"].divisions)
    else:
        context["round_upcoming"] = context["tables"].starts_in_future(now)
    return context


def _tv_turn(context, now):
    return live_page.clock_turn(_games(context), now, _round_start(context))


@live_page.live_view
@require_GET
def tv(request, slug):
    now = timezone.now()
    head = live_page.apply_due_for(slug, now)
    return live_page.answer(request, head, name="tv", templates=TV, build=_tv_context, turn=_tv_turn, now=now)
