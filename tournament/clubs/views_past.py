"""The organizer corrects or removes an event typed in from before Meldboard (tournament.models.PastEvent,
through tournament.clubs.club_rows): the roll of honour (page and wall PDF) shows it on the very next
request."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs import club_rows
from tournament.clubs.forms import PastEventForm
from tournament.clubs.views_organizer import club_organizer, member_names
from tournament.models import PastEvent

PAST_EVENT = club_rows.RowKind(
    PastEvent, PastEventForm, "clubs/past_event.html",
    missing=lambda: _("No such event on this club's roll of honour."),
    gone=lambda: _("That event is no longer on the roll of honour: nothing changed."),
    saved=lambda past: _("%(event)s saved on the roll of honour.") % {"event": past},
    removed=lambda past: _("%(event)s removed from the roll of honour.") % {"event": past},
    more=lambda club: {"member_names": member_names(club)},
)


@club_organizer
def edit_past_event(request, club, past_id):
    return club_rows.edit(request, club, past_id, PAST_EVENT)


@club_organizer
@require_POST
def delete_past_event(request, club, past_id):
    return club_rows.remove(request, club, past_id, PAST_EVENT)
