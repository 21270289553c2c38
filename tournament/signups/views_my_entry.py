"""A bracket team's own page for changing its entry or withdrawing, reached by the private link in its
"signed up" e-mail (entry_links). Open to whoever holds the link while sign-ups are open; after the
deadline it shows the entry and says to ask the organizer. A damaged link says so and changes nothing."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournament.common import localtime
from tournament.core import formats, signup_deadline
from tournament.core.decorators import tournament_view
from tournament.mail import entrants
from tournament.models import Team
from tournament.signups import entry_changes, entry_links
from tournament.signups.forms import TeamEntryForm
from tournament.signups.views_public import _apply_errors


def _team(tournament, secret):
    pk = entry_links.read(secret, "team")
    if formats.of(tournament).signup_url_name != "public:signup":  # a table event's entrants have their own page
        return None
    return Team.objects.filter(tournament=tournament, pk=pk).prefetch_related("players").first() if pk else None


def damaged(request, tournament):
    return render(request, "public/my_entry_damaged.html", {"tournament": tournament}, status=400)


def _initial(team) -> dict:
    people = [p.name for p in team.players.all()] + ["", ""]
    return {"team_name": str(team.name), "player1": people[0], "player2": people[1], "contact": team.contact,
            "mail_opt_in": entrants.receiving(team.tournament, team=team)}


@never_cache
@require_http_methods(["GET", "POST"])
@tournament_view
def page(request, tournament, secret: str):
    team = _team(tournament, secret)
    if team is None:
        return damaged(request, tournament)
    form = TeamEntryForm(request.POST or None, initial=_initial(team))
    if request.method == "POST" and form.is_valid():
        data, was = form.cleaned_data, team.contact
        try:
            with transaction.atomic():
                entry_changes.change_team(team, team_name=data["team_name"],
                                          player_names=(data["player1"], data["player2"]), contact=data["contact"])
                entrants.follow_contact(tournament, was=was, now=data["contact"], wanted=data["mail_opt_in"],
                                        language=get_language(), team=team)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Your changes are saved."))
            return redirect("public:my_entry", tournament.slug, secret)
    return render_page(request, tournament, "public/my_entry.html", form=form, secret=secret,
                       entry_name=team.name, active=team.active, team=team)


def render_page(request, tournament, template: str, *, form, secret: str, entry_name, active: bool, **context):
    """The own-entry page of either kind of event (templates/public/my_entry_base.html): changing and
    withdrawing are offered only while sign-ups are open and the entrant is still in."""
    return render(request, template, {
        "tournament": tournament, "form": form, "token": secret, "entry_name": entry_name, "entry_active": active,
        "open": tournament.signups_open() and active,
        "closed_message": signup_deadline.closed_message(tournament, organizer=True),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        **context,
    }, status=400 if form.errors else 200)


@never_cache
@require_POST
@tournament_view
def withdraw(request, tournament, secret: str):
    team = _team(tournament, secret)
    if team is None:
        return damaged(request, tournament)
    try:
        done = entry_changes.withdraw(team)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("“%(team)s” is withdrawn. To come back, ask the organizer.") % {"team": team.name}
                         if done else _("“%(team)s” was withdrawn already.") % {"team": team.name})
    return redirect("public:my_entry", tournament.slug, secret)
