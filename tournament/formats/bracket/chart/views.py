"""Public bracket pages: the overview (both divisions and the final) and one page per division.

htmx polls the same URL with the version the page shows (the tournament's change counter): an
unchanged bracket answers 204 (htmx swaps nothing) after one small query, a changed one sends the
fresh charts. The charts are rendered once per count (tournament.core.live_page): every change a
bracket shows bumps the counter, so a cached chart is never behind the database.
"""

from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import formats as core_formats
from tournament.core import live_page
from tournament.formats.bracket.chart import assembly
from tournament.models import Division

# A bracket's own divisions: "Table rounds" is another format's, never a tab here.
BRACKET_KINDS = (Division.Kind.D1, Division.Kind.D2, Division.Kind.FINAL)


@live_page.live_view
def overview(request, slug):
    return _bracket(request, slug, kind=None)


@live_page.live_view
def division(request, slug, kind):
    if kind not in BRACKET_KINDS:
        raise Http404(_("No such division."))
    return _bracket(request, slug, kind=kind)


def _bracket(request, slug, kind):
    now = timezone.now()
    head = live_page.apply_due_for(slug, now)
    poll_url = reverse("brackets:division", args=[slug, kind]) if kind else reverse("brackets:overview", args=[slug])

    def build(tournament, now):
        if not core_formats.of(tournament).charts:
            raise Http404(_("%(name)s plays table rounds, not a bracket.") % {"name": tournament.name})
        divisions = assembly.chart(tournament, (kind,) if kind else None, request.user)
        final = next((d for d in divisions if d.kind == Division.Kind.FINAL), None)
        return {
            "tournament": tournament,
            "kind": kind,
            "kind_label": Division.Kind(kind).label if kind else _("Bracket"),
            "kinds": [(value, label) for value, label in Division.Kind.choices if value in BRACKET_KINDS],
            "poll_url": poll_url,
            "divisions": divisions,
            "champion": final.champion if final else None,
        }

    def turn(context, now):
        return live_page.clock_turn((g for d in context["divisions"] for r in d.round_list for g in r.game_list), now)

    # The signed-in page differs (the header's log-out, a link per game for organizers): the viewer is in the key.
    return live_page.answer(request, head, name="bracket", templates=("brackets/bracket.html", "brackets/_live.html"),
                            shows=(kind,), build=build, turn=turn, now=now)
