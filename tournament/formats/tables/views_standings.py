"""Standings pages of a table event: the organizer's (with the first-table bonus override and the
one-click play-off for a tie for the win or a medal) and the public, read-only one (phone first,
polling itself and cached under the change counter like the bracket: tournament.core.live_page)."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.common.form_input import cleaned
from tournament.common.localtime import day_and_clock
from tournament.common.stored_words import tie_for
from tournament.core import live_page
from tournament.core.decorators import organizer_required
from tournament.formats.tables import bonus, event_state, formats, playoff_pages, playoffs, results, rounds
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.forms import BonusForm, EventStateForm, PlayoffForm
from tournament.models import Game, Round, TableBonus

PUBLIC_POLL_SECONDS = 10


def _standings_context(tournament) -> dict:
    try:
        table = results.standings(tournament)
    except ValidationError as exc:
        return {"tournament": tournament, "error": " ".join(exc.messages), "rows": [], "ties": []}
    names = {row.entrant: row.name for row in table.rows}
    return {
        "tournament": tournament,
        "mode": table.mode,
        "provisional": table.provisional,
        "decided": table.decided,
        "finished": table.finished,
        "rows": table.rows,
        "ties": [{"tie": tie, "names": [names[e] for e in tie.entrants], "for_what": tie_for(tie.rank)} for tie in table.ties],
        "entrant_word": _("Partnership") if formats.in_partnerships(tournament) else _("Player"),
    }


def _bonus_rounds(tournament) -> list[dict]:
    """Each round that can carry the bonus, its tables and who has the bonus now."""
    if not bonus.bonus_points(tournament):
        return []
    awards = {b.round_id: b for b in TableBonus.objects.filter(round__division__tournament=tournament).select_related("by")}
    found = []
    for rnd in rounds.table_rounds(tournament):
        if bonus.is_playoff(rnd):
            continue
        games = list(Game.objects.filter(round=rnd).order_by("number"))
        award = awards.get(rnd.pk)
        # The automatic award's reason is stored in English; the organizer's own reason is shown as typed.
        reason = award.reason if award else ""
        found.append({"round": rnd, "name": str(rnd), "games": games, "award": award,
                      "reason": _(bonus.FIRST_TABLE) if reason == bonus.FIRST_TABLE else reason})
    return found


def _organizer_page(request, tournament, *, error="", status=200, typed=None):
    """`typed`: a refused play-off form, shown again (with what was typed) at its tie."""
    context = {**_standings_context(tournament), "bonus_rounds": _bonus_rounds(tournament),
               "bonus_points": bonus.bonus_points(tournament), "action_error": error,
               "playoff_tables": playoff_pages.organizer_list(tournament, base_url(request)),
               "finish": event_state.finish_offer(tournament)}
    first = playoff_pages.first_values(tournament)
    for item in context["ties"]:
        ids = sorted(item["tie"].entrants)
        mine = typed is not None and sorted(typed.cleaned_data.get("entrant") or []) == ids
        item["form"] = typed if mine else PlayoffForm(initial=first, auto_id=f"tie{item['tie'].rank}-%s")
    return render(request, "tables/standings.html", context, status=status)


def base_url(request) -> str:
    """Where phones reach this site: MELDBOARD_PUBLIC_URL when set (behind a proxy), else this request's host."""
    return getattr(settings, "MELDBOARD_PUBLIC_URL", "") or request.build_absolute_uri("/")


@organizer_required
@table_event_view
def standings(request, tournament):
    return _organizer_page(request, tournament)


@organizer_required
@require_POST
@table_event_view
def bonus_override(request, tournament, number):
    rnd = get_object_or_404(Round, division__tournament=tournament, number=number)
    try:
        data = cleaned(BonusForm(request.POST, round_=rnd))
        to_game = data["game"]
        bonus.override(rnd, to_game, data["reason"], by=request.user)
    except ValidationError as exc:
        return _organizer_page(request, tournament, error=" ".join(exc.messages), status=400)
    if to_game:
        done = _("The first-table bonus of %(round)s now goes to table %(table)s.") % {
            "round": str(rnd), "table": to_game.table_number}
    else:
        done = _("The first-table bonus of %(round)s now goes to no table.") % {"round": str(rnd)}
    messages.success(request, done)
    return redirect("tables:standings", slug=tournament.slug)


@organizer_required
@require_POST
@table_event_view
def create_playoff(request, tournament):
    form = PlayoffForm(request.POST)
    try:
        data = cleaned(form)
        rnd = playoffs.create_playoff(tournament, data["entrant"], starts_at=data["starts_at"], table=data["table"],
                                      no_show_minutes=data["no_show_minutes"], by=request.user)
    except ValidationError as exc:
        return _organizer_page(request, tournament, error=" ".join(exc.messages), status=400, typed=form)
    game = rnd.games.get()
    messages.success(request, _("%(name)s created: table %(table)s, starts %(starts)s; a seat not checked in "
                                "%(minutes)s minutes after the start forfeits. Its table link is below.") % {
        "name": str(rnd), "table": game.table_number, "starts": day_and_clock(tournament, rnd.starts_at),
        "minutes": playoff_pages.grace_minutes(tournament, rnd)})
    return redirect(reverse("tables:standings", args=[tournament.slug]) + f"#playoff-{game.pk}")


@live_page.live_view
@require_GET
def public_standings(request, slug):
    now = timezone.now()
    head = live_page.apply_due_for(slug, now)

    def build(tournament, now):
        if not formats.is_table_event(tournament):
            raise Http404(_("%(name)s plays two divisions and a final, not table rounds.") % {"name": tournament.name})
        return {**_standings_context(tournament), "poll_url": reverse("tables:public_standings", args=[slug]),
                "poll_seconds": PUBLIC_POLL_SECONDS}

    # The standings change with a write only (a hand, a result, a bonus): no clock turn.
    return live_page.answer(request, head, name="standings", build=build, now=now,
                            templates=("tables/public_standings.html", "tables/public_standings_live.html"))


@organizer_required
@require_POST
@table_event_view
def finish_event(request, tournament):
    try:
        event_state.finish(tournament, by=request.user, reason=cleaned(EventStateForm(request.POST))["reason"])
    except ValidationError as exc:
        return _organizer_page(request, tournament, error=" ".join(exc.messages), status=400)
    messages.success(request, _("The event is finished: the standings are final and the medals are shown on the public pages."))
    return redirect("tables:standings", slug=tournament.slug)


@organizer_required
@require_POST
@table_event_view
def reopen_event(request, tournament):
    try:
        event_state.reopen(tournament, by=request.user, reason=cleaned(EventStateForm(request.POST))["reason"])
    except ValidationError as exc:
        return _organizer_page(request, tournament, error=" ".join(exc.messages), status=400)
    messages.success(request, _("The event is reopened: the standings are no longer final."))
    return redirect("tables:standings", slug=tournament.slug)
