"""Organizer pages of a table event's draws: the partner draw and each round's seating, previewed,
redrawn as often as wanted, and published (frozen) — a round with its posted start."""

import secrets

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.common import localtime
from tournament.common.form_input import cleaned, error_messages
from tournament.common.names import joined
from tournament.core.decorators import organizer_required
from tournament.formats.tables import (
    drawing,
    event_state,
    formats,
    movement,
    odd_counts,
    round_order,
    rounds,
    views_after_draw,
)
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.forms import EventSettingsForm, PartnersPublishForm, RoundStartForm, SeedForm
from tournament.models import PartnerDraw, Player, SeatingDraw, Tournament


def _names(tournament) -> dict[int, str]:
    return dict(Player.objects.filter(tournament=tournament).values_list("pk", "name"))


def _seed(request) -> int:
    """The draw number typed, or a new one by lot when the box is empty; ValidationError naming the fault."""
    seed = cleaned(SeedForm(request.POST))["seed"]
    return drawing.parse_seed(None) if seed is None else seed


# ---- partners -------------------------------------------------------------------------------------

def _partners_page(request, tournament, *, error="", typed="", status=200):
    waiting, households = rounds.partner_candidates(tournament)
    record = rounds.published_partners(tournament) or PartnerDraw.objects.filter(tournament=tournament).first()
    names = _names(tournament)
    stale = bool(record and not record.published_at and sorted(p for pair in record.pairs for p in pair) != sorted(waiting))
    context = {
        "tournament": tournament,
        "in_partnerships": formats.in_partnerships(tournament),
        "waiting": [names[p] for p in waiting],
        "households": [[names[p] for p in ids] for ids in households],
        "record": record,
        "pairs": [[names.get(p, "?") for p in pair] for pair in record.pairs] if record else [],
        "stale": stale,
        "error": error,
        "typed_seed": typed,
        "odd": odd_counts.odd_players(tournament),
        "substitute_key": secrets.token_urlsafe(24),
    }
    return render(request, "tables/partners.html", context, status=status)


@organizer_required
@table_event_view
def partners(request, tournament):
    return _partners_page(request, tournament)


@organizer_required
@require_POST
@table_event_view
def partners_preview(request, tournament):
    typed = request.POST.get("seed", "")[:100].strip()  # shown again as typed (a screenful at most)
    odd = odd_counts.odd_players(tournament)
    if odd:  # the ways forward are on the page, under the sentence that says why
        return _partners_page(request, tournament, error=odd.text, typed=typed, status=400)
    try:
        seed = _seed(request)
        record = rounds.preview_partners(tournament, drawing.draw_partners(tournament, seed), seed, by=request.user)
    except ValidationError as exc:
        return _partners_page(request, tournament, error=" ".join(exc.messages), typed=typed, status=400)
    messages.success(
        request, _("Partners drawn with draw number %(seed)s. Redraw as often as you like, then publish.") % {"seed": record.seed}
    )
    return redirect("tables:partners", slug=tournament.slug)


@organizer_required
@require_POST
@table_event_view
def partners_publish(request, tournament):
    try:
        draw = cleaned(PartnersPublishForm(request.POST))["draw"]
    except ValidationError as exc:
        return _partners_page(request, tournament, error=" ".join(exc.messages), status=400)
    record = get_object_or_404(PartnerDraw, pk=draw, tournament=tournament)
    try:
        teams = rounds.save_partners(tournament, record.pairs, record.seed, by=request.user)
    except ValidationError as exc:
        return _partners_page(request, tournament, error=" ".join(exc.messages), status=400)
    messages.success(request, ngettext(
        "Published %(count)s partnership (draw number %(seed)s).", "Published %(count)s partnerships (draw number %(seed)s).",
        len(teams)) % {"count": len(teams), "seed": record.seed})
    return redirect("tables:partners", slug=tournament.slug)


# ---- rounds ---------------------------------------------------------------------------------------

def _tables(record: SeatingDraw, names: dict[int, str], stayed: dict | None = None) -> list[dict]:
    stayed = stayed or {}
    return [
        {"number": index, "sides": [joined(names.get(p, "?") for p in side) for side in sides],
         "seats": [names.get(p, "?") for p in seats], "stayed": stayed[index].name if index in stayed else ""}
        for index, (sides, seats) in enumerate(zip(record.sides, record.seats), start=1)
    ]


def _balanced_by(record: SeatingDraw | None, names: dict[int, str]) -> str:
    """A balanced draw's explanation: the club ratings it used, as stored with it (they move later)."""
    if record is None or not record.strengths:
        return ""
    listed = ", ".join(f"{joined(names.get(p, '?') for p in side)} {number_format(value, 1)}"
                       for side, value in sorted(record.strengths, key=lambda item: -item[1]))
    return _("Balanced by club rating: strongest sides first (%(sides)s).") % {"sides": listed}


def _carried(tournament) -> tuple[list[movement.TableWinner], str]:
    """Winners stay: what the next draw keeps (one line a table), or why it cannot be drawn yet."""
    if not movement.winners_stay(tournament):
        return [], ""
    try:
        return movement.carried_over(tournament), ""
    except ValidationError as exc:
        return [], " ".join(exc.messages)


def _rounds_page(request, tournament, *, error="", typed="", start_form=None, settings_form=None, status=200):
    names = _names(tournament)
    settings = rounds.event_settings(tournament)
    number = rounds.next_round_number(tournament)
    preview = rounds.latest_round_preview(tournament, number)
    try:
        rounds.check_seating(tournament, number, preview.as_data) if preview else rounds.entrants(tournament)
        problem = ""
    except ValidationError as exc:
        problem = " ".join(exc.messages)
    made = {r.number: r for r in rounds.table_rounds(tournament)}
    carried, waiting = _carried(tournament)
    published = [
        {"record": r, "tables": _tables(r, names, movement.stayed_in(tournament, r)), "sitting_out": [names.get(p, "?") for p in r.sitting_out],
         "starts": localtime.day_and_clock(tournament, made[r.round_number].starts_at) if r.round_number in made else "",
         "name": str(made[r.round_number]) if r.round_number in made else "", "balanced_by": _balanced_by(r, names)}
        for r in rounds.published_seatings(tournament)
    ]
    playing = round_order.still_playing_before(tournament, number)
    context = {
        "tournament": tournament,
        "format_text": formats.describe(tournament),
        "settings": settings,
        "settings_form": settings_form or EventSettingsForm(instance=settings, tournament=tournament),
        "locked": bool(published),
        "published": published,
        "number": number,
        "shown": rounds.shown_number(tournament, number),  # the round as people count it (play-offs left out)
        "finished": event_state.is_finished(tournament),
        "playing": playing.words() if playing else "",
        "preview": preview,
        "preview_tables": _tables(preview, names, movement.stayed_in(tournament, preview)) if preview else [],
        "preview_out": [names.get(p, "?") for p in preview.sitting_out] if preview else [],
        "preview_balanced_by": _balanced_by(preview, names),
        "sit_out_note": odd_counts.sit_out_note(tournament, preview, names) if preview else [],
        "problem": problem,
        "carried": carried,
        "waiting": waiting,
        "error": error,
        "typed_seed": typed,
        "start_form": start_form or RoundStartForm(initial={"draw": preview.pk if preview else None},
                                                   playing=playing.name if playing else ""),
        # After the partner draw too: a withdrawal before round 1 is a change after the draw.
        "changes": views_after_draw.history(tournament) if published or rounds.published_partners(tournament) else [],
    }
    return render(request, "tables/rounds.html", context, status=status)


@organizer_required
@table_event_view
def round_list(request, tournament):
    return _rounds_page(request, tournament)


@organizer_required
@require_POST
@table_event_view
def save_settings(request, tournament):
    settings = rounds.event_settings(tournament)
    form = EventSettingsForm(request.POST, instance=settings, tournament=tournament)
    if rounds.published_seatings(tournament):
        return _rounds_page(request, tournament, error=_("Round 1 is published: the round settings are fixed now."), status=400)
    if not form.is_valid():
        return _rounds_page(request, tournament, settings_form=form, status=400)
    with transaction.atomic():
        form.save()
        form.save_to_rules()
        Tournament.objects.filter(pk=tournament.pk).bump()
    messages.success(request, _("Saved the round settings."))
    return redirect("tables:rounds", slug=tournament.slug)


@organizer_required
@require_POST
@table_event_view
def round_preview(request, tournament, number):
    typed = request.POST.get("seed", "")[:100].strip()  # shown again as typed (a screenful at most)
    try:
        event_state.refuse_when_finished(tournament)
        seed = _seed(request)
        record = rounds.preview_round(tournament, number, drawing.draw_seating(tournament, number, seed), seed, by=request.user)
    except ValidationError as exc:
        return _rounds_page(request, tournament, error=" ".join(exc.messages), typed=typed, status=400)
    messages.success(request, _("Round %(number)s seated with draw number %(seed)s. Redraw as often as you like, then publish.")
                     % {"number": rounds.shown_number(tournament, number), "seed": record.seed})
    return redirect("tables:rounds", slug=tournament.slug)


@organizer_required
@require_POST
@table_event_view
def round_publish(request, tournament, number):
    playing = round_order.still_playing_before(tournament, number)
    form = RoundStartForm(request.POST, playing=playing.name if playing else "")
    if not form.is_valid():  # the draw is a hidden field: its error is said above the form
        error = " ".join(error_messages(form, only=("draw",)))
        return _rounds_page(request, tournament, error=error, start_form=form, status=400)
    record = get_object_or_404(SeatingDraw, pk=form.cleaned_data["draw"], tournament=tournament, round_number=number)
    try:
        rounds.save_round(tournament, number, {**record.as_data, "strengths": record.strengths}, record.seed,
                          form.cleaned_data["starts_at"], by=request.user,
                          while_playing=bool(form.cleaned_data.get("while_playing")))
    except ValidationError as exc:
        return _rounds_page(request, tournament, error=" ".join(exc.messages), start_form=form, status=400)
    messages.success(request, _("Round %(number)s is published (draw number %(seed)s); its tables are ready.")
                     % {"number": rounds.shown_number(tournament, number), "seed": record.seed})
    return redirect("tables:rounds", slug=tournament.slug)
