"""Public bracket pages: the overview (both divisions and the final) and one page per division.

htmx polls the same URL with the version the page shows; an unchanged bracket answers 204 (htmx
swaps nothing) after three small queries, a changed one sends the fresh charts.
"""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from tournament import prefetch
from tournament.models import Division, Tournament


def overview(request, slug):
    return _bracket(request, slug, kind=None)


def division(request, slug, kind):
    if kind not in Division.Kind.values:
        raise Http404("No such division.")
    return _bracket(request, slug, kind=kind)


def _bracket(request, slug, kind):
    tournament = get_object_or_404(Tournament, slug=slug)
    version = prefetch.bracket_version(tournament)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    divisions = prefetch.bracket(tournament, kinds=(kind,) if kind else None)
    final = next((d for d in divisions if d.kind == Division.Kind.FINAL), None)
    poll_url = reverse("brackets:division", args=[slug, kind]) if kind else reverse("brackets:overview", args=[slug])
    context = {
        "tournament": tournament,
        "divisions": divisions,
        "kind": kind,
        "kind_label": Division.Kind(kind).label if kind else "Bracket",
        "kinds": Division.Kind.choices,
        "champion": final.champion if final else None,
        "version": version,
        "poll_url": poll_url,
    }
    template = "brackets/_live.html" if request.htmx else "brackets/bracket.html"
    return render(request, template, context)
