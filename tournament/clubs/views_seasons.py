"""The club's organizers correct a season (its name, its days, whether it may overlap another) or
remove it (tournament.clubs.club_rows). Removing a season removes no event: its events stay in the
club, counted in any other season whose days hold them."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs import club_rows
from tournament.clubs.forms import SeasonForm
from tournament.clubs.views_organizer import club_organizer
from tournament.models import Season

SEASON = club_rows.RowKind(
    Season, SeasonForm, "clubs/season_edit.html",
    missing=lambda: _("No such season in this club."),
    gone=lambda: _("That season is no longer the club's: nothing changed."),
    saved=lambda season: _("Season “%(name)s” saved.") % {"name": season.name},
    removed=lambda season: _("Season “%(name)s” removed; its events stay in the club.") % {"name": season.name},
    shown=lambda season: season.name,
)


@club_organizer
def edit_season(request, club, season_id):
    return club_rows.edit(request, club, season_id, SEASON)


@club_organizer
@require_POST
def delete_season(request, club, season_id):
    return club_rows.remove(request, club, season_id, SEASON)
