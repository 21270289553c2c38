"""Spectators' read-only copy of a game's sheet, refreshed by polling."""

from django.http import Http404
from django.shortcuts import render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring import sheet as sheets
from tournament.models import Game


def _sheet(slug: str, game_id: int) -> sheets.Sheet:
    try:
        game = sheets.game_for_sheet(pk=game_id, division__tournament__slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game in this tournament."))
    return sheets.build(game)


def _context(sheet, slug, game_id):
    return {
        "sheet": sheet, "game": sheet.game, "tournament": sheet.tournament, "seat": None,
        # Game day's status partial carries the table token (check-in, start); spectators get ours.
        "status_template": select_template(["scoring/_status_fallback.html"]),
        "urls": {"live": reverse("sheet:live", args=[slug, game_id])},
    }


@require_GET
def sheet(request, slug, game_id):
    return render(request, "scoring/public.html", _context(_sheet(slug, game_id), slug, game_id))


@require_GET
def live(request, slug, game_id):
    return render(request, "scoring/_sheet.html", _context(_sheet(slug, game_id), slug, game_id))
