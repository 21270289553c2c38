"""Public bracket pages: the overview (both divisions and the final) and one page per division.

htmx polls the same URL with the version the page shows (the tournament's change counter): an
unchanged bracket answers 204 (htmx swaps nothing) after one small query, a changed one sends the
fresh charts. The charts are rendered once per count (tournament.core.page_cache): every change a
bracket shows bumps the counter, so a cached chart is never behind the database.
"""

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import page_cache
from tournament.formats.bracket.chart import prefetch
from tournament.models import Division, Tournament
from tournament.core import formats as core_formats


def overview(request, slug):
    return _bracket(request, slug, kind=None)


def division(request, slug, kind):
    if kind not in Division.Kind.values:
        raise Http404(_("No such division."))
    return _bracket(request, slug, kind=kind)


def _bracket(request, slug, kind):
    now = timezone.now()
    head = page_cache.tournament_head(slug, now)
    if head is None:
        raise Http404(_("No such tournament."))
    version = str(head.changes)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    poll_url = reverse("brackets:division", args=[slug, kind]) if kind else reverse("brackets:overview", args=[slug])

    def build_context():
        tournament = Tournament.objects.get(pk=head.pk)
        if not core_formats.of(tournament).has_bracket(tournament):
            raise Http404(_("%(name)s plays table rounds, not a bracket.") % {"name": tournament.name})
        divisions = prefetch.bracket(tournament, kinds=(kind,) if kind else None)
        final = next((d for d in divisions if d.kind == Division.Kind.FINAL), None)
        return {
            "tournament": tournament,
            "kind": kind,
            "kind_label": Division.Kind(kind).label if kind else _("Bracket"),
            "kinds": Division.Kind.choices,
            "version": version,
            "poll_url": poll_url,
            "divisions": divisions,
            "champion": final.champion if final else None,
        }

    def clock_turn(context):
        # A deadline that passes is applied by the next request (tournament_head); from that
        # moment on the stored chart may be behind, whoever applies it.
        games = (g for d in context["divisions"] for r in d.round_list for g in r.game_list)
        return page_cache.next_clock_turn(games, now)

    template = "brackets/_live.html" if request.htmx else "brackets/bracket.html"
    # The signed-in page differs (the header's log-out, a link per game for organizers).
    viewer = request.user.pk if request.user.is_authenticated else None
    key = page_cache.key("bracket", *page_cache.counted(head), kind, viewer, template)
    return HttpResponse(page_cache.render(request, template, key, build_context, now=now, clock_turn=clock_turn))
