"""The public seating of a table event's rounds: every table with its seats, who sits out (a bye),
each table's state and a link to its read-only sheet, and "where do I sit?" by name (?name=…,
a link that can be shared). Phone first; htmx polls the page with the version it shows (the
tournament's change counter) and an unchanged page answers 204 after one small query; a changed one
is rendered once per change and cached, like the bracket pages (tournament.core.live_page)."""

from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.common import names
from tournament.core import live_page
from tournament.formats.tables import formats, seat_lists

POLL_SECONDS = 10
MAX_TYPED = 80


@live_page.live_view
@require_GET
def seating(request, slug: str, number: int | None = None):
    now = timezone.now()
    head = live_page.apply_due_for(slug, now)
    typed = names.clean(request.GET.get("name", ""))[:MAX_TYPED]

    def build(tournament, now):
        if not formats.is_table_event(tournament):
            raise Http404(_("%(name)s plays two divisions and a final, not table rounds.") % {"name": tournament.name})
        numbers = seat_lists.published_numbers(tournament)
        context = {"tournament": tournament, "numbers": numbers, "typed": typed,
                   "round_tabs": seat_lists.round_tabs(tournament),
                   "poll_seconds": POLL_SECONDS, "round": None, "found": [], "tables": []}
        if not numbers:
            if number is not None:
                raise Http404(_("No round has been published yet."))
            return context
        shown_number = number or numbers[-1]
        if shown_number not in numbers:
            raise Http404(_("Round %(number)s of %(name)s has not been published.") % {"number": shown_number, "name": tournament.name})
        shown = seat_lists.round_seating(tournament, shown_number)
        found = shown.find(typed)
        at_tables = {p.table for p in found if not p.bye}
        return {**context, "round": shown, "found": found,
                "tables": [t for t in shown.tables if t.number in at_tables] if found else shown.tables,
                "page_url": reverse("tables:public_seating_round", args=[slug, shown_number])}

    # What a table shows (waiting, in play, finished, its hands) changes with a write only: no clock turn.
    return live_page.answer(request, head, name="seating", shows=(number, typed), build=build, now=now,
                            templates=("tables/public_seating.html", "tables/public_seating_live.html"))
