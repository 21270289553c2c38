"""Organizer pages for the draw (preview, redraw, publish) and the schedule (round times, tables)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.common import localtime
from tournament.common.form_input import cleaned, error_messages
from tournament.core import signup_deadline, timetable
from tournament.core.decorators import organizer_required
from tournament.formats.bracket.draw import generator, publishing
from tournament.formats.bracket.draw.forms import LOCAL_INPUT, PreviewForm, PublishForm, ScheduleForm
from tournament.models import Division, Game, Round, Tournament


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
        pairs, seeds = [], []
        stale = False
        if record:
            missing = {x for x in record.lines if x is not None} - set(names)
            lookup = names if not missing else {**names, **{t.pk: t for t in tournament.teams.filter(pk__in=missing)}}
            pairs = [(lookup.get(a) if a else None, lookup.get(b) if b else None) for a, b in generator.first_round_pairs(record.lines)]
            seeds = [lookup[pk] for pk in record.seeded if pk in lookup]
            stale = not (div and div.published_at) and sorted(x for x in record.lines if x is not None) != current
        panels.append({
            "kind": kind, "label": Division.Kind(kind).label, "division": div, "record": record, "pairs": pairs, "seeds": seeds,
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
        "closed_message": signup_deadline.closed_message(tournament),
        "deadline_text": localtime.full_text(tournament, tournament.signup_deadline),
        "any_published": any(p["published"] for p in panels),
        "can_seed": bool(tournament.club_id),
    }
    return render(request, "draw/draw.html", context, status=status)


@organizer_required
def page(request, slug):
    return _render(request, get_object_or_404(Tournament, slug=slug))


@organizer_required
@require_POST
def make_preview(request, slug, kind):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = PreviewForm(request.POST)
    seed = request.POST.get("seed", "")  # shown again as typed
    try:
        data = cleaned(form)
        record = publishing.preview(tournament, kind, seed=data["seed"], by=request.user, override=data["override"],
                                    seeded=data["seeded"])
    except ValidationError as exc:
        return _render(request, tournament, errors={kind: " ".join(exc.messages)}, typed={kind: seed}, status=400)
    messages.success(request, _("%(division)s: drawn with draw number %(seed)s. Redraw as often as you like, then publish.")
                     % {"division": Division.Kind(kind).label, "seed": record.seed})
    return redirect(reverse("draw:page", args=[slug]) + f"#{kind}")


@organizer_required
@require_POST
def publish(request, slug, kind):
    tournament = get_object_or_404(Tournament, slug=slug)
    if kind not in publishing.DRAWN_KINDS:
        raise Http404(_("Only Division 1 and Division 2 are drawn."))
    try:
        data = cleaned(PublishForm(request.POST, tournament=tournament, kind=kind))
        record = data["draw"]
        div = publishing.publish(record, by=request.user, override=data["override"])
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect(reverse("draw:page", args=[slug]) + f"#{kind}")
    messages.success(request, _("%(division)s is published (draw number %(seed)s). The bracket is public now.")
                     % {"division": div.title, "seed": record.seed})
    return redirect(reverse("draw:page", args=[slug]) + f"#{kind}")


# ---- schedule ---------------------------------------------------------------------------------

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
    rounds.sort(key=lambda r: (["d1", "d2", "final", "tables"].index(r.division.kind), r.number))
    return rounds


@organizer_required
@require_http_methods(["GET", "POST"])
def schedule(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if request.method == "GET":
        rounds = _schedule_rows(tournament)
        return render(request, "draw/schedule.html", {"tournament": tournament, "rounds": rounds})
    rounds = _schedule_rows(tournament)
    form = ScheduleForm(request.POST, tournament=tournament, rounds=rounds)
    if not form.is_valid():
        rounds = _schedule_rows(tournament, posted=request.POST)
        context = {"tournament": tournament, "rounds": rounds, "errors": error_messages(form)}
        return render(request, "draw/schedule.html", context, status=400)
    starts = {rnd.pk: form.cleaned_data[f"round-{rnd.pk}"] for rnd in rounds}
    tables = {g.pk: form.cleaned_data[f"table-{g.pk}"] for rnd in rounds for g in rnd.game_rows if g.editable}
    changed = 0
    with transaction.atomic():
        for rnd in rounds:
            if starts[rnd.pk] != rnd.starts_at:
                timetable.set_round_start(rnd, starts[rnd.pk])
                changed += 1
            for g in rnd.game_rows:
                if g.pk in tables and tables[g.pk] != g.table_number:
                    timetable.set_table_number(g, tables[g.pk])
                    changed += 1
    messages.success(request, _("Schedule saved.") if changed else _("Nothing changed."))
    return redirect("draw:schedule", slug=slug)
