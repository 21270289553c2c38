"""Public bracket pages: the overview (both divisions and the final) and one page per division.

htmx polls the same URL with the version the page shows; an unchanged bracket answers 204 (htmx
swaps nothing) after three small queries, a changed one sends the fresh charts. The charts are
rendered once per version (tournament.page_cache): every result changes the version, so a
cached chart is never behind the database.
"""

from django.http import Http404, HttpResponse
from django.urls import reverse

from django.utils import timezone

from tournament.gameday import deadlines
from tournament.brackets import prefetch
from tournament import page_cache
from tournament.models import Division, Game


def overview(request, slug):
    return _bracket(request, slug, kind=None)


def division(request, slug, kind):
    if kind not in Division.Kind.values:
        raise Http404("No such division.")
    return _bracket(request, slug, kind=kind)


def _bracket(request, slug, kind):
    head = prefetch.bracket_head(slug)
    if head is None:
        raise Http404("No such tournament.")
    if head.due:
        # Pages never wait for the worker: a deadline that has passed is applied now (idempotently).
        deadlines.apply_due(Game.objects.filter(division__tournament_id=head.pk), timezone.now())
        head = prefetch.bracket_head_now(slug)
    version = head.version
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    poll_url = reverse("brackets:division", args=[slug, kind]) if kind else reverse("brackets:overview", args=[slug])

    def build_context():
        tournament = head.tournament()
        divisions = prefetch.bracket(tournament, kinds=(kind,) if kind else None)
        final = next((d for d in divisions if d.kind == Division.Kind.FINAL), None)
        return {
            "tournament": tournament,
            "kind": kind,
            "kind_label": Division.Kind(kind).label if kind else "Bracket",
            "kinds": Division.Kind.choices,
            "version": version,
            "poll_url": poll_url,
            "divisions": divisions,
            "champion": final.champion if final else None,
        }

    template = "brackets/_live.html" if request.htmx else "brackets/bracket.html"
    # The signed-in page differs (the header's log-out, a link per game for organizers).
    viewer = request.user.pk if request.user.is_authenticated else None
    key = page_cache.key("bracket", head.pk, head.created_at, head.time_zone, head.name,
                           kind, version, viewer, template)
    return HttpResponse(page_cache.render(request, template, key, build_context))
