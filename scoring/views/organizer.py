"""The organizer's own views of a game's sheet: the table link and its rotation."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import hands as service
from scoring.views.seat import Seat


@require_POST
def rotate(request, seat: Seat):
    """A new table link (e.g. a phone was lost or the link was shared too widely); the old one 404s."""
    service.rotate_token(seat.game, by=request.user)
    messages.success(request, _("New table link made; the old link no longer opens this game."))
    return redirect(seat.url("sheet"))
