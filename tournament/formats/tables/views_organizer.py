"""Organizer pages of a table event's players: the list, adding (also after the deadline),
editing and withdrawing."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

from tournament.common import localtime, names
from tournament.core.decorators import organizer_required
from tournament.core.signup_deadline import closed_message
from tournament.formats.tables import formats, signups, views_after_draw, withdrawals
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.forms import PlayerEditForm, PlayerSignupForm
from tournament.formats.tables.tables import PlayerTable
from tournament.models import Household, Player
from tournament.signups import signup_mail
from tournament.signups.views_public import _apply_errors


def _unmatched(tournament, players) -> list[tuple[Player, list[str]]]:
    """Players whose "came with" names somebody not signed up: shown, so a misspelling is caught."""
    found = signups.unmatched_came_with(tournament, players)
    return [(player, found[player.pk]) for player in players if player.pk in found]


def _players_page(request, tournament, form, status=200):
    players = (
        Player.objects.filter(tournament=tournament, table_entry__isnull=False)
        .select_related("table_entry", "team", "tournament").prefetch_related("team__players")
        .order_by("table_entry__withdrawn_at", "created_at")
    )
    table = PlayerTable(players, in_partnerships=formats.in_partnerships(tournament))
    table.columns["actions"].column.extra_context = {"after_draw": withdrawals.after_the_draw(tournament)}
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "tournament": tournament,
        "table": table,
        "active_count": signups.active_players(tournament).count(),
        "households": Household.objects.filter(tournament=tournament).prefetch_related("entries__player"),
        "unmatched": _unmatched(tournament, players),
        "form": form,
        "format_text": formats.describe(tournament),
        "open": tournament.signups_open(),
        "closed_message": closed_message(tournament, organizer=True),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
    }
    return render(request, "tables/players.html", context, status=status)


@organizer_required
@table_event_view
def players(request, tournament):
    return _players_page(request, tournament, PlayerSignupForm(tournament=tournament, organizer=True))


@organizer_required
@require_POST
@table_event_view
def add_player(request, tournament):
    form = PlayerSignupForm(request.POST, tournament=tournament, organizer=True)
    if form.is_valid():
        data = form.cleaned_data
        try:
            added = signups.register(
                tournament, name=data["name"], partner=data.get("partner", ""), came_with=data["came_with"],
                contact=data["contact"], submission_key=data["submission_key"] or None, late=True,
            )
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Added %(names)s.") % {"names": names.joined(p.name for p in added)})
            if data.get("mail_opt_in"):  # the player agreed at the desk: their e-mail, in the event's language
                with translation.override(tournament.language):
                    signup_mail.player_opted_in(request, tournament, added[0], data["contact"])
            for missing in signups.unmatched_came_with(tournament, added[:1]).values():
                messages.warning(request, _("%(player)s came with %(names)s, but nobody of that name has signed up: check the "
                                            "spelling, or they may be drawn as partners.") % {
                    "player": added[0].name, "names": names.joined(missing)})
            return redirect("tables:players", slug=tournament.slug)
    return _players_page(request, tournament, form, status=400)


@organizer_required
@require_http_methods(["GET", "POST"])
@table_event_view
def edit_player(request, tournament, player_id):
    player = get_object_or_404(Player.objects.select_related("table_entry"), pk=player_id, tournament=tournament)
    initial = {"name": player.name, "contact": player.contact, "came_with": player.table_entry.came_with}
    form = PlayerEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            signups.edit_player(player, **form.cleaned_data)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Saved %(name)s.") % {"name": form.cleaned_data["name"].strip()})
            return redirect("tables:players", slug=tournament.slug)
    context = {"tournament": tournament, "player": player, "form": form}
    return render(request, "tables/player_edit.html", context, status=400 if form.errors else 200)


@organizer_required
@require_POST
@table_event_view
def withdraw_player(request, tournament, player_id):
    player = get_object_or_404(Player.objects.select_related("table_entry", "team"), pk=player_id, tournament=tournament,
                               table_entry__isnull=False)
    if withdrawals.after_the_draw(tournament):
        return views_after_draw.withdraw_after_draw(request, tournament, player)
    messages.success(request, signups.withdraw_player(player))
    return redirect("tables:players", slug=tournament.slug)
