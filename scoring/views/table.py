"""The score sheet at the table (and the organizer's copy of it): see the sheet, enter a hand with a
live preview, correct and confirm hands. Every write goes through scoring.hands."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from scoring import confirmed_limit, hand_window, outcome, phone_text
from scoring import hands as service
from scoring import sheet as sheets
from scoring.forms import (
    ConfirmForm,
    CountForm,
    HandForm,
    field_name,
    initial_from_hand,
)
from scoring.models import Hand
from scoring.rules_text import problem_text
from scoring.views import offline
from scoring.views.seat import Seat, entry_only
from tournament.common.form_fields import whole_number
from tournament.common.names import joined
from tournament.common.numbers import points_text
from tournament.core import held_result
from tournament.models import Game

STATUS_TEMPLATES = ["gameday/_table_status.html", "scoring/_status_fallback.html"]


def _sheet(request, seat: Seat) -> sheets.Sheet:
    sheet = sheets.build(seat.game)
    # Once the game is over or its time is up, only the organizer corrects or confirms (the why, or None).
    now = timezone.now()
    sheet.locked = None if seat.organizer else hand_window.table_locked(seat.game, now)
    if sheet.locked and held_result.held(seat.game, now):  # the hands holding the result may still be confirmed (F1)
        sheet.locked = _("Time is up: a hand waiting for confirmation may still be confirmed here (see above); "
                         "only the organizer corrects hands now.")
    phone = _remembered_side(request, seat)
    # Two URLs per hand: reverse() once and fill in the number (a sheet may list 40 hands).
    edit_url, confirm_url = seat.url("edit", 0), seat.url("confirm", 0)
    for row in sheet.rows:
        row.edit_url = edit_url.replace("/0/edit/", f"/{row.hand.number}/edit/")
        row.confirm_url = confirm_url.replace("/0/confirm/", f"/{row.hand.number}/confirm/")
        # The other sides may confirm; the side that entered the hand may not, nor one absent from it.
        row.confirmers = [v for v, cell in zip(sheet.sides, row.cells)
                          if not row.hand.entered_as(v.side.slot, v.name) and not cell.absent]
        # The phone that entered the hand confirms only once it is passed across the table.
        row.hand_over = phone is not None and str(row.hand.entered_by_slot) == phone
        row.pass_to = _(" or ").join(_who(v) for v in row.confirmers)
        row.may_confirm = not sheet.locked or confirmed_limit.may_confirm_late(seat.game, row.hand.number, now)
    return sheet


def _who(view: sheets.SideView) -> str:
    """A side as the people at the table know it: "Pelicans (Ann & Bob)"."""
    # A partnership named after its players ("Ann & Bob") or a player alone is named once.
    if view.players and not all(player in str(view.name) for player in view.players):
        return f"{view.name} ({joined(view.players)})"
    return view.name


def _refresh(request, seat: Seat) -> sheets.Sheet:
    seat.game = sheets.game_for_sheet(pk=seat.game.pk)
    return _sheet(request, seat)


def _context(request, seat: Seat, sheet: sheets.Sheet, **extra) -> dict:
    game = seat.game
    return {
        "seat": seat,
        "sheet": sheet,
        "game": game,
        "tournament": sheet.tournament,
        "accepting": hand_window.accepting_hands(game, timezone.now()),
        "status_template": select_template(STATUS_TEMPLATES),
        "card_classes": sheets.card_classes(sheet.tournament.variant, sheet.tournament.rules_numbers or None),
        "helper_fields": sheets.HELPER_FIELDS,
        "phone_strings": {**phone_text.strings(), **phone_text.clock_format(sheet.tournament)},
        "point_fields": sheets.POINT_FIELDS,
        "urls": {
            "sheet": seat.url("sheet"),
            "submit": seat.url("submit"),
            "preview": seat.url("preview"),
            "count": seat.url("count"),
            "live": seat.url("live"),
        },
        **extra,
    }


def _remembered_side(request, seat: Seat) -> str | None:
    """The side this phone entered its last hand as (a cookie, so saving a hand writes no session)."""
    return request.COOKIES.get(seat.session_key) or request.session.get(seat.session_key)


def _remember_side(request, response, seat: Seat, slot: str) -> None:
    if not seat.organizer and request.COOKIES.get(seat.session_key) != slot:
        response.set_cookie(seat.session_key, slot, max_age=7 * 24 * 3600, samesite="Lax", httponly=True)


def _new_form(request, seat: Seat, sheet: sheets.Sheet) -> HandForm:
    initial = {"number": sheet.next_number, "key": uuid.uuid4().hex}
    remembered = _remembered_side(request, seat)
    if remembered and any(str(v.side.slot) == remembered for v in sheet.sides):
        initial["entered_by"] = remembered
    return HandForm(initial=initial, sheet=sheet, organizer=seat.organizer)


MAX_HAND_NUMBER = 999_999  # far past any game's hands
SAVED_NOTICES = {
    "saved": ("success", gettext_lazy("Hand %(number)s saved.")),
    "again": ("info", gettext_lazy("Hand %(number)s was already saved from this form; it is saved once.")),
}


def _saved_notice(request, sheet: sheets.Sheet) -> tuple[str, str] | None:
    """The submit's confirmation (?saved=N or ?again=N), for a hand the sheet really has."""
    for param, (tag, text) in SAVED_NOTICES.items():
        number = whole_number(request.GET.get(param, ""), smallest=1, largest=MAX_HAND_NUMBER)
        if number is not None and any(r.hand.number == number for r in sheet.rows):
            return tag, str(text) % {"number": number}
    return None


def sheet_page(request, seat: Seat):
    if confirmed_limit.apply_if_due(seat.game, timezone.now()):
        seat.game = sheets.game_for_sheet(pk=seat.game.pk)
    sheet = _sheet(request, seat)
    if sheet.over and seat.game.status == Game.Status.IN_PLAY and not sheet.waiting_for_confirmation:
        # The game should have finished when its last hand was saved; finish it now if that failed.
        if outcome.finish_if_over(seat.game, user=seat.user):
            sheet = _refresh(request, seat)
    context = _context(request, seat, sheet, form=_new_form(request, seat, sheet), notice=_saved_notice(request, sheet))
    return render(request, "scoring/table.html", context)


def _render_form(request, seat, sheet, form, status, template="scoring/table.html", **extra):
    if offline.wanted(request):  # the phone's outbox: the same refusal as JSON
        conflict = bool(extra.get("conflict") or extra.get("stale"))
        return offline.refused(form, status, extra.get("problem", ""), conflict=conflict, next_number=sheet.next_number)
    return render(request, template, _context(request, seat, sheet, form=form, **extra), status=status)


def _rebound(request, form_class_kwargs, **changes) -> HandForm:
    data = request.POST.copy()
    for key, value in changes.items():
        data[key] = value
    form = HandForm(data, **form_class_kwargs)
    form.is_valid()
    return form


def _besides_typing(seat: Seat, form: HandForm, number: int) -> list[dict]:
    """A form refused for its typing: what the engine says about the rest of the hand as hand
    `number`, so the table sees every problem at once (RULES §7), not the typing first."""
    ok, result = service.preview(seat.game, form.cleaned_data.get("number") or number, form.readable_values(),
                                 entry=seat.entry)
    return [] if ok else form.problems_besides_typing(result["errors"])


def _full(request, seat: Seat) -> sheets.Sheet:
    """The whole sheet for a seat loaded as an Entry (an entry view answering with the page)."""
    seat.game = sheets.game_for_sheet(pk=seat.game.pk)
    seat.entry = None
    return _sheet(request, seat)


def _refused_page(request, seat: Seat, status: int, errors: list[dict] | None = None, **changes):
    """The page again with the form as typed and what is wrong at each field: refusals are rare, so
    only they pay for the whole sheet."""
    sheet = _full(request, seat)
    form = _rebound(request, {"sheet": sheet, "organizer": seat.organizer}, **changes)
    if errors:
        form.add_engine_errors(errors)
    return form, sheet


@entry_only
@require_POST
def submit(request, seat: Seat):
    entry = seat.entry
    form = HandForm(request.POST, sheet=entry, organizer=seat.organizer)
    if not form.is_valid():
        form, sheet = _refused_page(request, seat, 400, _besides_typing(seat, form, entry.next_number))
        return _render_form(request, seat, sheet, form, 400)
    entered_by = seat.author or form.entered_by_name()
    data = form.cleaned_data
    try:
        hand, created = service.submit(
            seat.game, number=data["number"], values=form.values(), key=data["key"] or "",
            entered_by=entered_by, user=seat.user, sides=entry.game_sides, entered_by_slot=form.entered_by_slot(),
        )
    except service.Refused as exc:
        form, sheet = _refused_page(request, seat, 400, exc.errors)
        return _render_form(request, seat, sheet, form, 400)
    except service.NumberTaken as exc:
        sheet = _full(request, seat)
        if offline.wanted(request):  # the outbox shows its own copy of the hand beside the sheet
            form = _rebound(request, {"sheet": sheet, "organizer": seat.organizer}, number=str(sheet.next_number))
            return _render_form(request, seat, sheet, form, 409, problem=exc.message, conflict=True)
        # The next hand is offered empty: the numbers typed were for the hand the other phone saved,
        # and one more tap must not turn them into a phantom hand. They are shown in the warning.
        fresh = _new_form(request, seat, sheet)
        if data.get("entered_by"):
            fresh.initial["entered_by"] = data["entered_by"]
        return _render_form(request, seat, sheet, fresh, 409, problem=exc.message, conflict=True,
                            clash_typed=_typed_summary(form))
    except service.HandError as exc:
        form, sheet = _refused_page(request, seat, 409)
        return _render_form(request, seat, sheet, form, 409, problem=exc.message)
    # The confirmation rides in the URL, not in a signed messages cookie: nothing to sign here, and
    # nothing piles up in the cookie of a phone that saves again before it loads the sheet.
    outcome = "saved" if created else "again"
    response = redirect(seat.url("sheet") + f"?{outcome}={hand.number}#hand-{hand.number}", permanent=False)
    _remember_side(request, response, seat, data.get("entered_by", ""))
    return offline.saved(request, response, hand=hand.number, again=not created)


def _typed_summary(form: HandForm) -> str:
    """What a refused form held, in one line ("Sharks: melded points 1,235 · …"), zeros left out."""
    parts = []
    for view, fields in form.side_fields():
        typed = [f"{str(bf.label).lower()} {points_text(form.cleaned_data.get(bf.name))}" for bf, _f in fields
                 if form.cleaned_data.get(bf.name)]
        if typed:
            parts.append(f"{view.name}: " + ", ".join(typed))
    return " · ".join(parts)


def _hand(sheet: sheets.Sheet, number: int):
    row = next((r for r in sheet.rows if r.hand.number == number), None)
    if row is None:
        raise Http404(_("There is no hand %(number)s in this game.") % {"number": number})
    return row


def edit(request, seat: Seat, number: int):
    sheet = _sheet(request, seat)
    row = _hand(sheet, number)
    kwargs = {"sheet": sheet, "correction": True, "organizer": seat.organizer, "absent": [c.absent for c in row.cells]}
    extra = {"row": row, "edit_url": seat.url("edit", number)}
    if request.method != "POST":
        initial = initial_from_hand(row.hand, sheet)
        remembered = _remembered_side(request, seat)
        if remembered:
            initial["entered_by"] = remembered
        form = HandForm(initial=initial, **kwargs)
        return _render_form(request, seat, sheet, form, 200, "scoring/edit.html", problem=sheet.locked, **extra)
    form = HandForm(request.POST, **kwargs)
    if not form.is_valid():
        form.add_engine_errors(_besides_typing(seat, form, number))
        return _render_form(request, seat, sheet, form, 400, "scoring/edit.html", **extra)
    try:
        service.correct(
            row.hand, version=form.cleaned_data.get("version") or 0, values=form.values(),
            reason=form.cleaned_data["reason"], author=seat.author or form.entered_by_name(),
            user=seat.user, organizer=seat.organizer, author_slot=form.entered_by_slot(),
        )
    except service.Refused as exc:
        form.add_engine_errors(exc.errors)
        return _render_form(request, seat, sheet, form, 400, "scoring/edit.html", **extra)
    except service.StaleEdit as exc:
        sheet = _refresh(request, seat)
        row = _hand(sheet, number)
        form = _rebound(request, {**kwargs, "sheet": sheet}, version=str(exc.hand.version))
        return _render_form(
            request, seat, sheet, form, 409, "scoring/edit.html", row=row, edit_url=extra["edit_url"],
            problem=exc.message, stale=True,
        )
    except service.HandError as exc:
        return _render_form(request, seat, sheet, form, 409, "scoring/edit.html", problem=exc.message, **extra)
    messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
    response = redirect(seat.url("sheet") + f"#hand-{number}")
    _remember_side(request, response, seat, form.cleaned_data.get("entered_by", ""))
    return response


@require_POST
def confirm(request, seat: Seat, number: int):
    if confirmed_limit.apply_if_due(seat.game, timezone.now()):
        seat.game = sheets.game_for_sheet(pk=seat.game.pk)
    sheet = _sheet(request, seat)
    row = _hand(sheet, number)
    form = ConfirmForm(request.POST, sheet=sheet, organizer=seat.organizer, absent=[c.absent for c in row.cells])
    if not form.is_valid():
        messages.error(request, form.message())
        return redirect(seat.url("sheet") + f"#hand-{number}")
    view = None if seat.organizer else form.side_view()
    by = view.name if view else service.ORGANIZER
    phone = _remembered_side(request, seat)
    try:
        service.confirm(
            row.hand, version=form.cleaned_data["version"], by=by, user=seat.user, organizer=seat.organizer,
            by_slot=view.side.slot if view else None, handed_over=form.cleaned_data["handover"],
            phone_slot=next((v.side.slot for v in sheet.sides if str(v.side.slot) == phone), None),
        )
    except service.HandError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Hand %(number)s confirmed by %(by)s.") % {"number": number, "by": by})
    return redirect(seat.url("sheet") + f"#hand-{number}")


def _absent_in_hand(entry: sheets.Entry, number: str | None) -> list[bool] | None:
    """Which sides a saved hand scored as absent (a correction keeps them so), None if no such hand."""
    number = number or ""
    if not number.isascii() or not number.isdigit() or len(number) > 6:  # "²" is a digit to isdigit
        return None
    entries = Hand.objects.filter(game=entry.game, number=int(number)).values_list("entries", flat=True).first()
    return sheets.absent_in(entries) if entries else None


@entry_only
@require_POST
def preview(request, seat: Seat):
    """The engine's answer for the form as typed so far: each side's hand score and new total.

    Runs on every pause in typing, so it loads only the Entry and the hand count (three small
    queries; no hand list, no sheet) and renders only the small preview fragment."""
    entry = seat.entry
    correction = "reason" in request.POST
    absent = _absent_in_hand(entry, request.POST.get("number")) if correction else None
    form = HandForm(request.POST, sheet=entry, correction=correction, organizer=seat.organizer, absent=absent)
    form.is_valid()
    typing_errors = {k: v for k, v in form.errors.items() if k not in ("went_out", "entered_by", "reason", "__all__")}
    context = {"errors": [], "result": None}
    # Each problem goes next to its field (htmx swaps it in out of band); the sticky footer only
    # counts them, so at 390 px it never covers the fields to fix.
    placed = {name: list(messages_) for name, messages_ in typing_errors.items()}
    engine = []
    if typing_errors:
        engine = _besides_typing(seat, form, entry.next_number)
    else:
        number = form.cleaned_data.get("number") or entry.next_number
        ok, result = service.preview(seat.game, number, form.values(), entry=entry)
        if ok:
            context["result"] = list(zip(entry.sides, result["sides"]))
            context["game_over"] = result["game_over"] and not correction
            context["winner"] = result["winner"]
            context["went_out_missing"] = not form.cleaned_data.get("went_out")
        else:
            engine = result["errors"]
    names = form.live_names()
    for error in engine:
        target = form.target(error)
        if target in names:
            placed.setdefault(target, []).append(problem_text(error))
        else:
            context["errors"].append(problem_text(error))
    context["placed"] = sum(len(m) for m in placed.values())
    context["live"] = [(name, placed.get(name, [])) for name in names]
    return render(request, "scoring/_preview.html", context)


@require_POST
def count(request, seat: Seat):
    """The card-count helper: counts per card class → points, into the field it was opened from."""
    tournament = seat.game.division.tournament
    target = request.POST.get("target", "")
    sheet = _sheet(request, seat)
    valid = {field_name(v.side.slot, f): (v, f) for v in sheet.sides for f in sheets.HELPER_FIELDS if f in sheet.fields}
    if target not in valid:
        return HttpResponse(_("Unknown field for the card count."), status=400)
    classes = sheets.card_classes(tournament.variant, tournament.rules_numbers or None)
    form = CountForm(request.POST, classes=classes, prefix=target)
    view, f = valid[target]
    if not form.is_valid():
        errors = [m for ms in form.errors.values() for m in ms]
        return render(request, "scoring/_count_result.html", {"target": target, "errors": errors, "value": None}, status=200)
    value = sheets.count_points(tournament.variant, tournament.rules_numbers or None, form.counts())
    response = render(request, "scoring/_count_result.html", {
        "target": target, "value": value, "label": sheets.FIELD_LABELS[f], "side": view.name,
    })
    response["HX-Trigger-After-Swap"] = "recount"  # the form previews the new figure
    return response


@require_GET
def live(request, seat: Seat):
    """The totals and the hand list alone, polled so a second phone sees a hand saved on the first."""
    sheet = _sheet(request, seat)
    return render(request, "scoring/_sheet.html", _context(request, seat, sheet))
