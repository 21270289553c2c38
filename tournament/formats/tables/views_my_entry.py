"""A table event's entrant's own page for changing their entry or withdrawing, reached by the private
link in their "signed up" e-mail (tournament.signups.entry_links): their name, whom they came with and
their contact, while sign-ups are open; withdrawing alone, or with the partner they signed up with.
After the deadline it shows the entry and says to ask the organizer."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import redirect
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core import signup_deadline
from tournament.formats.tables import formats, signups
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.forms import OwnPlayerForm
from tournament.mail import entrants
from tournament.models import Player, TableEntry, Tournament
from tournament.signups import entry_links, views_my_entry
from tournament.signups.views_public import _apply_errors


def _player(tournament, secret):
    pk = entry_links.read(secret, "player")
    return (Player.objects.filter(tournament=tournament, pk=pk, table_entry__isnull=False)
            .select_related("table_entry", "team").first() if pk else None)


def _partner(player):
    return Player.objects.filter(team_id=player.team_id).exclude(pk=player.pk).first() if player.team_id else None


def _open_for(tournament, player) -> None:
    if not tournament.signups_open():
        raise ValidationError(signup_deadline.closed_message(tournament, organizer=True) + " "
                              + _("To change your entry or withdraw now, ask the organizer."))
    if not player.table_entry.active:
        raise ValidationError(_("%(name)s is withdrawn. To come back, ask the organizer.") % {"name": player.name})


@never_cache
@require_http_methods(["GET", "POST"])
@table_event_view
def page(request, tournament, secret: str):
    player = _player(tournament, secret)
    if player is None:
        return views_my_entry.damaged(request, tournament)
    initial = {"name": player.name, "contact": player.contact, "came_with": player.table_entry.came_with,
               "mail_opt_in": entrants.receiving(tournament, player=player)}
    form = OwnPlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk", flat=True).get()
                _open_for(tournament, player)
                data, was = dict(form.cleaned_data), player.contact
                wanted = data.pop("mail_opt_in")
                signups.edit_player(player, **data)
                entrants.follow_contact(tournament, was=was, now=data["contact"], wanted=wanted,
                                        language=get_language(), player=player)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Your changes are saved."))
            return redirect("tables:my_entry", tournament.slug, secret)
    return views_my_entry.render_page(request, tournament, "tables/my_entry.html", form=form, secret=secret,
                                      entry_name=player.name, active=player.table_entry.active, player=player,
                                      partner=_partner(player), format_text=formats.describe(tournament))


@never_cache
@require_POST
@table_event_view
def withdraw(request, tournament, secret: str):
    player = _player(tournament, secret)
    if player is None:
        return views_my_entry.damaged(request, tournament)
    partner = _partner(player) if request.POST.get("both") else None
    try:
        with transaction.atomic():
            Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk", flat=True).get()
            player.table_entry = TableEntry.objects.get(player=player)
            _open_for(tournament, player)
            said = [signups.withdraw_player(player)]
            if partner is not None:
                said.append(signups.withdraw_player(partner))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, " ".join(said) + " " + _("To come back, ask the organizer."))
    return redirect("tables:my_entry", tournament.slug, secret)
