"""An entrant's e-mail from the sign-up: opting in (both formats), the "signed up" message, and the
one-click unsubscribe page a message links to (tournament.mail.entrants)."""

from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tournament.common import localtime
from tournament.mail import entrants
from tournament.signups import entry_links


def team_opted_in(request, tournament, team, address: str) -> None:
    """A team that ticked the e-mail box: its row (once, however often the form is sent) and its message."""
    entry = entrants.opt_in(tournament, address, language=translation.get_language(), team=team)
    if entry is not None:
        entrants.signup_received(entry, name=str(team), page_path=reverse("live:team", args=[tournament.slug, team.pk]),
                                 change_path=entry_links.path(tournament, team_id=team.pk), request=request,
                                 deadline_text=localtime.full_text(tournament, tournament.signup_deadline))


def player_opted_in(request, tournament, player, address: str) -> None:
    entry = entrants.opt_in(tournament, address, language=translation.get_language(), player=player)
    if entry is not None:
        entrants.signup_received(entry, name=player.name, page_path=reverse("live:player", args=[tournament.slug, player.pk]),
                                 change_path=entry_links.path(tournament, player_id=player.pk), request=request,
                                 deadline_text=localtime.full_text(tournament, tournament.signup_deadline))


# The token is the key (signed, names one entrant and one kind): a mail program's one-click POST
# (RFC 8058) carries no CSRF cookie. A GET only asks, so a link scanner unsubscribes nobody.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    found = entrants.read_token(token)
    if found is None:
        return render(request, "public/unsubscribe.html", {"damaged": True}, status=400)
    entry, kind = found
    if request.method == "POST":
        entrants.stop(entry, kind)
    return render(request, "public/unsubscribe.html", {
        "entry": entry, "tournament": entry.tournament, "kind": entrants.Kind(kind).label,
        "done": not entry.wants(kind), "damaged": False})
