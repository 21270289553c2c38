"""The whole day's table cards in one PDF (every round, a play-off too): one print run before the
doors open instead of one per round."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from tournament.core.decorators import organizer_required
from tournament.models import Tournament
from tournament.printing import cache as pdf_cache
from tournament.printing.views import BadChoice, _bad_choice, _filename, _paper, _pdf_response, base_url


@organizer_required
@require_GET
def day_cards(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    link_base = base_url(request)
    pdf, _cached = pdf_cache.cached_pdf(tournament, f"day-cards:{chosen.key}:{link_base}",
                                        "day-cards", [tournament.pk, chosen.key, link_base])
    return _pdf_response(pdf, _filename(tournament, gettext_lazy("All table cards")))
