"""The public seating of a table event's rounds: every table with its seats, who sits out (a bye),
each table's state and a link to its read-only sheet, and "where do I sit?" by name (?name=…,
a link that can be shared). Phone first; htmx polls the page with the version it shows (the
tournament's change counter) and an unchanged page answers 204 after one small query, like the
bracket pages."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.common import names
from tournament.core import page_cache
from tournament.models import Tournament
from tournament.formats.tables import formats, seat_lists

POLL_SECONDS = 10
MAX_TYPED = 80


def _head(slug: str):
    head = page_cache.tournament_head(slug, timezone.now())  # applies a passed deadline first
    if head is None:
        raise Http404(_("No such tournament."))
    return head


@require_GET
def seating(request, slug: str, number: int | None = None):
    head = _head(slug)
    version = str(head.changes)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    tournament = Tournament.objects.get(pk=head.pk)
    if not formats.is_table_event(tournament):
        raise Http404(_("%(name)s plays two divisions and a final, not table rounds.") % {"name": tournament.name})
    typed = names.clean(request.GET.get("name", ""))[:MAX_TYPED]
    numbers = seat_lists.published_numbers(tournament)
    context = {"tournament": tournament, "numbers": numbers, "typed": typed, "version": version,
               "poll_seconds": POLL_SECONDS, "round": None, "found": [], "tables": []}
    if numbers:
        number = number or numbers[-1]
        if number not in numbers:
            raise Http404(_("Round %(number)s of %(name)s has not been published.") % {"number": number, "name": tournament.name})
        shown = seat_lists.round_seating(tournament, number)
        found = shown.find(typed)
        at_tables = {p.table for p in found if not p.bye}
        context.update(
            round=shown, found=found,
            tables=[t for t in shown.tables if t.number in at_tables] if found else shown.tables,
            page_url=reverse("tables:public_seating_round", args=[slug, number]),
        )
    elif number is not None:
        raise Http404(_("No round has been published yet."))
    template = "tables/public_seating_live.html" if request.htmx else "tables/public_seating.html"
    with timezone.override(tournament.tz):
        return render(request, template, context)
