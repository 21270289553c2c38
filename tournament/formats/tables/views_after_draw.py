"""The organizer's page of one player after the draw: a substitute (one round or the rest of the
event) and the withdrawal with its choice for the seats; and the changes made so far, in words."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournament.common.form_input import error_messages
from tournament.common.names import sorted_by_name
from tournament.core import game_log
from tournament.core.decorators import organizer_required
from tournament.core.game_log_names import entrant_names
from tournament.formats.tables import after_draw, formats, rounds, substitutes, undo_changes, undo_rest, withdrawals
from tournament.formats.tables.decorators import table_event_view
from tournament.models import Player

CHANGE_KINDS = after_draw.CHANGE_KINDS
CHOICE_WORDS = {
    "substitute": gettext_lazy("a substitute took the seats"), "sitting_out": gettext_lazy("those sitting out took the seats"),
    "reseat": gettext_lazy("the round was seated again"), "": gettext_lazy("no table was waiting for them"),
    "in_play": gettext_lazy("their table plays on without changes; they leave from the next round"),
}


class SubstituteForm(forms.Form):
    name = forms.CharField(required=False, max_length=200)
    player = forms.IntegerField(required=False, min_value=1)
    span = forms.ChoiceField(choices=(("round", "round"), ("rest", "rest")))


class WithdrawForm(forms.Form):
    whole = forms.BooleanField(required=False)
    choice = forms.ChoiceField(required=False, choices=[("", "")] + [(c, c) for c in withdrawals.CHOICES])
    name = forms.CharField(required=False, max_length=200)
    partner_name = forms.CharField(required=False, max_length=200)
    player = forms.IntegerField(required=False, min_value=1)
    joining = forms.IntegerField(required=False, min_value=1)


def undone_words(entry, people: dict, who: dict) -> str:
    name = people.get(entry.player) if entry.player else who.get(entry.entrant, "?")
    if entry.what == "rest_of_event":
        return _("Undone: %(substitute)s no longer replaces %(name)s for the rest of the event.") % {
            "substitute": people.get(entry.other, "?"), "name": name}
    if entry.what == "substitute":
        return _("Undone: %(substitute)s no longer plays for %(name)s in round %(round)s.") % {
            "substitute": people.get(entry.other, "?"), "name": name, "round": entry.round}
    return _("Undone: %(name)s's withdrawal; %(name)s is back in the event.") % {"name": name}


def history(tournament) -> list[dict]:
    """Every change after the draw, oldest first, in words: those logged at a table and those made
    before any table existed (after_draw.logged)."""
    events = after_draw.logged(tournament, CHANGE_KINDS)
    read = [game_log.parse(e.kind, e.data) for e in events]
    who = entrant_names(read)
    people = dict(Player.objects.filter(tournament=tournament).values_list("pk", "name"))
    shown = rounds.shown_numbers(tournament)  # rounds as people count them (play-offs left out)

    def counted(number):
        return shown.get(number) or rounds.shown_number(tournament, number)

    lines = []
    for event, entry in zip(events, read):
        if event.kind == "withdrawn":
            name = people.get(entry.player) if entry.player else who.get(entry.entrant, "?")
            choice = CHOICE_WORDS.get(entry.choice, entry.choice)
            words = (_("%(name)s withdrew (round %(round)s): %(choice)s.") % {"name": name, "round": counted(entry.round), "choice": choice}
                     if entry.round else _("%(name)s withdrew: %(choice)s.") % {"name": name, "choice": choice})
        elif event.kind == "seat_taken":
            words = _("%(joined)s took the seats of %(left)s in round %(round)s.") % {
                "joined": who.get(entry.joined, "?"), "left": who.get(entry.left, "?"), "round": counted(entry.round)}
        elif event.kind == "reseated":
            words = _("Round %(round)s seated again without %(name)s (draw number %(seed)s).") % {
                "round": counted(entry.round), "name": who.get(entry.without, "?"), "seed": entry.seed}
        elif event.kind == "change_undone":
            words = undone_words(entry, people, who)
        elif event.kind == "partner_replaced" and entry.rest_of_event:
            values = {"substitute": people.get(entry.substitute, "?"), "name": people.get(entry.replaced, "?"),
                      "round": counted(entry.round), "team": who.get(entry.entrant, "?")}
            words = (_("%(substitute)s replaces %(name)s for the rest of the event (from round %(round)s).") % values
                     if entry.round else _("%(substitute)s replaces %(name)s for the rest of the event: %(team)s.") % values)
        elif event.kind == "partner_replaced" and entry.alone:
            words = _("%(substitute)s partners %(team)s in round %(round)s only, in place of %(name)s.") % {
                "substitute": people.get(entry.substitute, "?"), "name": people.get(entry.replaced, "?"),
                "team": who.get(entry.entrant, "?"), "round": counted(entry.round)}
        else:
            words = _("%(substitute)s plays for %(name)s at table %(table)s.") % {
                "substitute": people.get(entry.substitute, "?"), "name": people.get(entry.replaced, "?"),
                "table": event.game.table_number if event.game else "?"}
        lines.append({"at": event.at, "by": event.by, "words": words})
    return lines


def _page(request, tournament, player, *, error="", status=200):
    mates = list(Player.objects.filter(team_id=player.team_id).order_by("created_at", "id")) if player.team_id else [player]
    seat = after_draw.seat_of(tournament, [p.pk for p in mates])
    seated = set()
    record = after_draw.open_record(tournament)
    if record:
        seated = {p for seats in record.seats for p in seats}
    free = sorted_by_name(Player.objects.filter(tournament=tournament).exclude(pk__in=seated).exclude(pk=player.pk))
    alone = bool(formats.in_partnerships(tournament) and after_draw.alone(player) and not player.table_entry.withdrawn_at)
    context = {
        "tournament": tournament,
        "player": player,
        "partnership": formats.in_partnerships(tournament) and player.team_id,
        "partners": [p for p in mates if p.pk != player.pk],
        "withdrawn": bool(player.table_entry.withdrawn_at),
        "seat": seat,
        "choose": seat is not None and seat.not_started,
        "waiting": after_draw.sitting_out(tournament),
        "free": list(free),
        "alone": alone,
        # Others left without a partner: the two can be paired with each other for the rest of the event.
        "others_alone": [p for p in free if p.team_id and p.pk != player.pk and _waiting_alone(p)] if alone else [],
        "error": error,
        "history": history(tournament),
        "round_substitute": undo_changes.round_substitute_of(tournament, player),
        "rest_substitute": _rest_undo(tournament, player),
        "typed": request.POST if request.method == "POST" else {},
    }
    return render(request, "tables/after_draw.html", context, status=status)


def _rest_undo(tournament, player: Player) -> dict | None:
    """The substitute for the rest of the event this player is part of, while it can still be undone."""
    entry = undo_rest.given(tournament, player)
    if entry is None or not undo_rest.undoable(tournament, entry):
        return None
    people = dict(Player.objects.filter(pk__in=[entry.data["substitute"], entry.data.get("replaced")]).values_list("pk", "name"))
    return {"substitute": people.get(entry.data["substitute"], "?"), "name": people.get(entry.data.get("replaced"), "?"),
            "paired": bool(entry.data.get("alone"))}


def _waiting_alone(player: Player) -> bool:
    entry = getattr(player, "table_entry", None)
    return entry is not None and entry.withdrawn_at is None and after_draw.alone(player)


def _player(tournament, player_id) -> Player:
    return get_object_or_404(Player.objects.select_related("table_entry", "team"), pk=player_id, tournament=tournament,
                             table_entry__isnull=False)


@organizer_required
@require_GET
@table_event_view
def changes(request, tournament, player_id: int):
    return _page(request, tournament, _player(tournament, player_id))


@organizer_required
@require_POST
@table_event_view
def substitute(request, tournament, player_id: int):
    player = _player(tournament, player_id)
    form = SubstituteForm(request.POST)
    if not form.is_valid():
        error = " ".join(error_messages(form)) if "span" not in form.errors else _("Say whether the substitute plays one round or the rest of the event.")
        return _page(request, tournament, player, error=error, status=400)
    data = form.cleaned_data
    try:
        message = substitutes.substitute(tournament, player, typed=data["name"] or "", chosen=data["player"],
                                         rest_of_event=data["span"] == "rest", by=request.user)
    except ValidationError as exc:
        return _page(request, tournament, player, error=" ".join(exc.messages), status=400)
    messages.success(request, message)
    return redirect("tables:player_changes", slug=tournament.slug, player_id=player.pk)


def withdraw_after_draw(request, tournament, player: Player):
    """The players page's Withdraw after the draw: with the choice for the seats, or back to choose it."""
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        return _page(request, tournament, player, error=_("Choose what happens to the seats: a substitute, the entrant "
                                                          "sitting out, or seat the round again."), status=400)
    data = form.cleaned_data
    try:
        message = withdrawals.withdraw(
            tournament, player, whole=data["whole"], choice=data["choice"], typed=data["name"] or "",
            typed_partner=data["partner_name"] or "", chosen=data["player"], joining=data["joining"], by=request.user)
    except ValidationError as exc:
        return _page(request, tournament, player, error=" ".join(exc.messages), status=400)
    messages.success(request, message)
    return redirect("tables:player_changes", slug=tournament.slug, player_id=player.pk)


def _undo(request, tournament, player_id: int, service):
    player = _player(tournament, player_id)
    try:
        messages.success(request, service(tournament, player, by=request.user))
    except ValidationError as exc:
        return _page(request, tournament, player, error=" ".join(exc.messages), status=400)
    return redirect("tables:player_changes", slug=tournament.slug, player_id=player.pk)


@organizer_required
@require_POST
@table_event_view
def undo_substitute(request, tournament, player_id: int):
    return _undo(request, tournament, player_id, undo_changes.undo_round_substitute)


@organizer_required
@require_POST
@table_event_view
def undo_withdrawal(request, tournament, player_id: int):
    return _undo(request, tournament, player_id, undo_changes.undo_withdrawal)


@organizer_required
@require_POST
@table_event_view
def undo_rest_substitute(request, tournament, player_id: int):
    return _undo(request, tournament, player_id, undo_rest.undo_rest_substitute)
