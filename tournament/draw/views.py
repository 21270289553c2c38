"""Organizer pages for the draw (preview, redraw, publish) and the schedule (round times, tables)."""

import datetime as dt

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tournament import localtime
from tournament.decorators import organizer_required
from tournament.draw import publishing
from tournament.draw import generator
from tournament.signups import registration
from tournament.models import Division, DrawRecord, Game, Round, Tournament


def _division_panels(tournament, *, errors=None, typed=None):
    errors, typed = errors or {}, typed or {}
    teams = publishing.drawable_teams(tournament)
    names = {t.pk: t for t in teams}
    current = sorted(names)
    existing = {d.kind: d for d in Division.objects.filter(tournament=tournament)}
    panels = []
    for kind in publishing.DRAWN_KINDS:
        div = existing.get(kind)
        record = None
        if div:
            record = div.draws.filter(published_at__isnull=False).select_related("published_by").first() or publishing.latest_preview(div)
        pairs = []
        stale = False
        if record:
            missing = {x for x in record.lines if x is not None} - set(names)
            lookup = names if not missing else {**names, **{t.pk: t for t in tournament.teams.filter(pk__in=missing)}}
            pairs = [(lookup.get(a) if a else None, lookup.get(b) if b else None) for a, b in generator.first_round_pairs(record.lines)]
            stale = not (div and div.published_at) and sorted(x for x in record.lines if x is not None) != current
        panels.append({
            "kind": kind, "label": Division.Kind(kind).label, "division": div, "record": record, "pairs": pairs,
            "published": bool(div and div.published_at), "stale": stale,
            "error": errors.get(kind), "typed_seed": typed.get(kind, ""),
        })
    return teams, panels


def _render(request, tournament, *, errors=None, typed=None, status=200):
    teams, panels = _division_panels(tournament, errors=errors, typed=typed)
    context = {
        "tournament": tournament,
        "team_count": len(teams),
        "panels": panels,
        "open": tournament.signups_open(),
        "closed_message": registration.closed_message(tournament),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        "any_published": any(p["published"] for p in panels),
    }
    return render(request, "draw/draw.html", context, status=status)


@organizer_required
def page(request, slug):
    return _render(request, get_object_or_404(Tournament, slug=slug))


@organizer_required
@require_POST
def make_preview(request, slug, kind):
    tournament = get_object_or_404(Tournament, slug=slug)
    seed = request.POST.get("seed", "").strip()
    try:
        record = publishing.preview(
            tournament, kind, seed=seed or None, by=request.user, override=bool(request.POST.get("override"))
        )
    except ValidationError as exc:
        return _render(request, tournament, errors={kind: " ".join(exc.messages)}, typed={kind: seed}, status=400)
    messages.success(request, f"{Division.Kind(kind).label}: drawn with seed {record.seed}. Redraw as often as you like, then publish.")
    return redirect(reverse("draw:page", args=[slug]) + f"#{kind}")


@organizer_required
@require_POST
def publish(request, slug, kind):
    tournament = get_object_or_404(Tournament, slug=slug)
    record = get_object_or_404(DrawRecord, pk=request.POST.get("draw") or 0, division__tournament=tournament, division__kind=kind)
    try:
        div = publishing.publish(record, by=request.user, override=bool(request.POST.get("override")))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect(reverse("draw:page", args=[slug]) + f"#{kind}")
    messages.success(request, f"{div.name} is published (seed {record.seed}). The bracket is public now.")
    return redirect(reverse("draw:page", args=[slug]) + f"#{kind}")


# ---- schedule ---------------------------------------------------------------------------------

LOCAL_INPUT = "%Y-%m-%dT%H:%M"


def _schedule_rows(tournament, posted=None):
    rounds = list(
        Round.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
        .select_related("division").order_by("division__kind", "number")
    )
    games = {}
    for g in Game.objects.filter(round__in=rounds).prefetch_related("sides__team").order_by("number"):
        games.setdefault(g.round_id, []).append(g)
    for rnd in rounds:
        key = f"round-{rnd.pk}"
        rnd.input_value = posted.get(key) if posted is not None else (
            rnd.starts_at.astimezone(tournament.tz).strftime(LOCAL_INPUT) if rnd.starts_at else "")
        rnd.game_rows = games.get(rnd.pk, [])
        for g in rnd.game_rows:
            g.editable = not g.is_done and g.status not in (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION)
            g.table_value = posted.get(f"table-{g.pk}", "") if posted is not None and g.editable else (g.table_number or "")
    rounds.sort(key=lambda r: (["d1", "d2", "final"].index(r.division.kind), r.number))
    return rounds


def _parse_local(tournament, text, what):
    try:
        naive = dt.datetime.strptime(text.strip(), LOCAL_INPUT)
    except ValueError:
        raise ValidationError(f"{what}: “{text}” is not a date and time (use the picker, e.g. 2026-03-11 10:00).")
    return naive.replace(tzinfo=tournament.tz).astimezone(dt.timezone.utc)


@organizer_required
@require_http_methods(["GET", "POST"])
def schedule(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if request.method == "GET":
        rounds = _schedule_rows(tournament)
        return render(request, "draw/schedule.html", {"tournament": tournament, "rounds": rounds})
    rounds = _schedule_rows(tournament)
    errors, starts, tables = [], {}, {}
    for rnd in rounds:
        label = f"{rnd.division.name}, {rnd}"
        text = request.POST.get(f"round-{rnd.pk}", "").strip()
        if not text:
            errors.append(f"{label}: a start time is required.")
        else:
            try:
                starts[rnd.pk] = _parse_local(tournament, text, label)
            except ValidationError as exc:
                errors.extend(exc.messages)
        for g in rnd.game_rows:
            if not g.editable:
                continue
            raw = request.POST.get(f"table-{g.pk}", "").strip()
            if not raw:
                tables[g.pk] = None
            elif raw.isdigit() and 1 <= int(raw) <= 999:
                tables[g.pk] = int(raw)
            else:
                errors.append(f"{label}, game {g.number}: the table number must be a whole number from 1 to 999, not “{raw}”.")
    if errors:
        rounds = _schedule_rows(tournament, posted=request.POST)
        return render(request, "draw/schedule.html", {"tournament": tournament, "rounds": rounds, "errors": errors}, status=400)
    changed = 0
    with transaction.atomic():
        for rnd in rounds:
            if starts[rnd.pk] != rnd.starts_at:
                publishing.set_round_start(rnd, starts[rnd.pk])
                changed += 1
            for g in rnd.game_rows:
                if g.pk in tables and tables[g.pk] != g.table_number:
                    publishing.set_table_number(g, tables[g.pk])
                    changed += 1
    messages.success(request, "Schedule saved." if changed else "Nothing changed.")
    return redirect("draw:schedule", slug=slug)
