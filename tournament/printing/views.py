"""Organizer pages for printing: the print menu, each PDF, and the table-card job's progress.

PDFs are served from the cache while the data behind them is unchanged (tournament.printing.cache).
"""

from __future__ import annotations

import time

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.common import site_address
from tournament.common.scheduling import send_task_safely
from tournament.common.stored_words import stored_name
from tournament.core import formats as event_formats
from tournament.core.decorators import organizer_required
from tournament.core.language import in_tournament_language
from tournament.models import Division, Game, Round, Tournament
from tournament.printing import cache as pdf_cache
from tournament.printing import data, tasks
from tournament.printing.paper import DEFAULT_PAPER, PAPERS, UnknownPaper
from tournament.printing.paper import paper as paper_for

PAPER_SESSION_KEY = "print_paper"
STALE_JOB_SECONDS = 20  # after this long without a worker, the page offers to make the cards here


class BadChoice(Exception):
    pass


def _paper(request):
    """The paper asked for (?paper=), else the one this organizer chose last; remembered."""
    key = request.GET.get("paper") or request.POST.get("paper")
    if key is None:
        key = request.session.get(PAPER_SESSION_KEY, DEFAULT_PAPER)
    try:
        chosen = paper_for(key)
    except UnknownPaper as exc:
        raise BadChoice(str(exc))
    request.session[PAPER_SESSION_KEY] = chosen.key
    return chosen


def base_url(request) -> str:
    """Where phones reach this site: MELDBOARD_PUBLIC_URL when set (behind a proxy), else this request's host."""
    return site_address.base(request)


def _pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "no-store"  # the next request may find newer results
    return response


# The words of a PDF's file name that are codes in its URL.
FILE_WORDS = {
    "posting": pgettext_lazy("file name", "posting"), "current": pgettext_lazy("file name", "current"),
    "letter": pgettext_lazy("file name", "letter"), "tabloid": pgettext_lazy("file name", "tabloid"),
    "by-name": pgettext_lazy("file name", "by name"), "by-table": pgettext_lazy("file name", "by table"),
}


def _filename(tournament: Tournament, *parts) -> str:
    """In the tournament's language, as the PDF inside is: bayfest-division-1-ronda-2-tarjetas-de-mesa.pdf."""
    with in_tournament_language(tournament):
        return "-".join(slugify(w) for w in (tournament.slug, *(_word(p) for p in parts if p))) + ".pdf"


def _word(part) -> str:
    """A part of a file name in the language in force: a code (FILE_WORDS), a stored name ("Round 2"),
    a function that says it, or anything whose str() is translated (a Round, a lazy word)."""
    if isinstance(part, str):
        return str(FILE_WORDS[part]) if part in FILE_WORDS else stored_name(part)
    return part() if callable(part) else str(part)


def _menu_context(request, tournament: Tournament, chosen) -> dict:
    event_format = event_formats.of(tournament)
    divisions = list(Division.objects.filter(tournament=tournament).order_by("kind"))
    divisions.sort(key=lambda d: d.kind == event_format.final_kind)  # the final after the divisions feeding it
    rounds = list(Round.objects.filter(division__tournament=tournament).select_related("division").order_by("division__kind", "number"))
    playable = {
        row["round_id"]: row["n"]
        for row in Game.objects.filter(division__tournament=tournament)
        .exclude(status__in=(Game.Status.BYE, Game.Status.NOT_NEEDED))
        .values("round_id").annotate(n=Count("id"))
    }
    for division in divisions:
        division.print_name = stored_name(division.name)
        division.print_rounds = [
            {"round": r, "name": str(r), "when": data.day_and_clock(tournament, r.starts_at),
             "games": playable.get(r.pk, 0)}
            for r in rounds if r.division_id == division.pk
        ]
    return {
        "tournament": tournament, "divisions": divisions, "papers": PAPERS.values(), "paper": chosen,
        "big_field": any(d.size > 16 for d in divisions),
        # Each format prints its own: a bracket its charts and results sheet, table rounds their
        # seatings and results with medals (the menu includes the format's templates).
        "event_format": event_format,
        "results_refusal": event_format.results_refusal(tournament),
        # A QR code pointing at 127.0.0.1 opens nothing on a player's phone: say so before printing.
        "loopback_address": base_url(request) if site_address.is_loopback(base_url(request)) else "",
    }


def _bad_choice(request, tournament: Tournament, message: str):
    context = _menu_context(request, tournament, paper_for(request.session.get(PAPER_SESSION_KEY, DEFAULT_PAPER)))
    context["error"] = message
    return render(request, "printing/menu.html", context, status=400)


@organizer_required
@require_GET
def menu(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    context = _menu_context(request, tournament, chosen)
    if request.htmx:
        return render(request, "printing/_menu_body.html", context)
    return render(request, "printing/menu.html", context)


@organizer_required
@require_GET
def chart(request, slug, division_id, version):
    division = get_object_or_404(Division.objects.select_related("tournament", "champion"), pk=division_id, tournament__slug=slug)
    tournament = division.tournament
    if not event_formats.of(tournament).charts:
        raise Http404(_("%(name)s plays table rounds: it has no bracket chart.") % {"name": tournament.name})
    try:
        chosen = _paper(request)
        if version not in data.VERSIONS:
            raise BadChoice(_("A chart is printed “posting” (first-round names) or “current” (results), not “%(version)s”.")
                            % {"version": version})
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    if not division.games.exists():
        return _bad_choice(request, tournament, _("%(division)s has no bracket yet: publish its draw first.")
                           % {"division": stored_name(division.name)})
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, f"chart:{division.pk}:{version}:{chosen.key}",
        "chart", [division.pk, version, chosen.key],
    )
    return _pdf_response(pdf, _filename(tournament, division.name, version, chosen.key))


def _round(slug, round_id) -> Round:
    return get_object_or_404(Round.objects.select_related("division__tournament"), pk=round_id, division__tournament__slug=slug)


def _round_and_paper(request, slug, round_id):
    """The round and the chosen paper, or (as third item) the page that says what is wrong with the choice."""
    rnd = _round(slug, round_id)
    try:
        return rnd, _paper(request), None
    except BadChoice as exc:
        return rnd, None, _bad_choice(request, rnd.division.tournament, str(exc))


@organizer_required
@require_GET
def table_cards(request, slug, round_id):
    """A round's table cards made right here (the worker's job is the usual way; this is the fallback)."""
    rnd, chosen, refusal = _round_and_paper(request, slug, round_id)
    if refusal:
        return refusal
    tournament = rnd.division.tournament
    link_base = base_url(request)
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, tasks.card_document(rnd, chosen.key, link_base),
        "cards", [rnd.pk, chosen.key, link_base],
    )
    return _pdf_response(pdf, _filename(tournament, rnd.division.name, rnd, gettext_lazy("Table cards")))


@organizer_required
@require_POST
def make_table_cards(request, slug, round_id):
    rnd, chosen, refusal = _round_and_paper(request, slug, round_id)
    if refusal:
        return refusal
    tournament = rnd.division.tournament
    job_id = pdf_cache.new_job(
        tournament_id=tournament.pk, round_id=rnd.pk, paper=chosen.key, base_url=base_url(request),
        title=_("Table cards: %(division)s, %(round)s") % {"division": stored_name(rnd.division.name), "round": str(rnd)},
        created=time.time(),
        filename=_filename(tournament, rnd.division.name, rnd, gettext_lazy("Table cards")),
    )
    if job_id is None:  # Redis is down, so no worker either: make the cards right here
        return redirect(f"{reverse('printing:cards', args=[slug, rnd.pk])}?{urlencode({'paper': chosen.key})}")
    transaction.on_commit(lambda: send_task_safely(tasks.make_table_cards, rnd.pk, job_id))
    return redirect("printing:job", slug=slug, job_id=job_id)


def _job_for(slug: str, job_id: str) -> tuple[Tournament, dict]:
    tournament = get_object_or_404(Tournament, slug=slug)
    record = pdf_cache.job(job_id)
    if record is None or record.get("tournament_id") != tournament.pk:
        raise Http404("No such printing job (jobs are kept for a day).")
    return tournament, record


@organizer_required
@require_GET
def job(request, slug, job_id):
    tournament, record = _job_for(slug, job_id)
    waited = time.time() - record.get("created", 0)
    context = {
        "tournament": tournament, "job": record, "job_id": job_id,
        "percent": int(100 * record["done"] / record["total"]) if record.get("total") else 0,
        "stale": record["state"] == "queued" and waited > STALE_JOB_SECONDS,
    }
    template = "printing/_job.html" if request.htmx else "printing/job.html"
    return render(request, template, context)


@organizer_required
@require_GET
def job_download(request, slug, job_id):
    tournament, record = _job_for(slug, job_id)
    if record["state"] != "done":
        return redirect("printing:job", slug=slug, job_id=job_id)
    pdf = cache.get(record.get("pdf_key", ""))
    if pdf is None:  # evicted since: make it again here
        rnd = _round(slug, record["round_id"])
        from tournament.printing import makers  # WeasyPrint, only when this process makes the PDF

        pdf = makers.make("cards", [rnd.pk, record["paper"], record["base_url"]])
    return _pdf_response(pdf, record["filename"])


@organizer_required
@require_GET
def score_sheets(request, slug, round_id):
    rnd, chosen, refusal = _round_and_paper(request, slug, round_id)
    if refusal:
        return refusal
    tournament = rnd.division.tournament
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, f"sheets:round:{rnd.pk}:{chosen.key}",
        "round-sheets", [rnd.pk, chosen.key],
    )
    return _pdf_response(pdf, _filename(tournament, rnd.division.name, rnd, gettext_lazy("Score sheets")))


@organizer_required
@require_GET
def score_sheet(request, slug, game_id):
    game = get_object_or_404(Game, pk=game_id, division__tournament__slug=slug)
    tournament = Tournament.objects.get(slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, f"sheets:game:{game.pk}:{chosen.key}",
        "game-sheet", [game.pk, chosen.key],
    )
    table = game.table_number or game.pk
    return _pdf_response(pdf, _filename(tournament, gettext_lazy("Score sheet"),
                                        lambda: gettext("Table %(number)s") % {"number": table}))


@organizer_required
@require_GET
def blank_score_sheet(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, f"sheets:blank:{chosen.key}", "blank-sheet", [tournament.pk, chosen.key],
    )
    return _pdf_response(pdf, _filename(tournament, gettext_lazy("Blank score sheet")))


@organizer_required
@require_GET
def results(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    pdf, _cached = pdf_cache.cached_pdf(tournament, f"results:{chosen.key}", "results", [tournament.pk, chosen.key])
    return _pdf_response(pdf, _filename(tournament, gettext_lazy("Results")))


@organizer_required
@require_GET
def table_event_results(request, slug):
    """A table event's standings with medals, bonuses and play-offs."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    try:
        pdf, _cached = pdf_cache.cached_pdf(
            tournament, f"table-results:{chosen.key}", "table-results", [tournament.pk, chosen.key],
        )
    except ValidationError as exc:  # no round seated yet
        return _bad_choice(request, tournament, " ".join(exc.messages))
    except LookupError:  # a format without table standings (a bracket prints its results sheet): no such page
        raise Http404(_("%(name)s plays a bracket: it has no table standings to print.") % {"name": tournament.name})
    return _pdf_response(pdf, _filename(tournament, gettext_lazy("Results")))


@organizer_required
@require_GET
def rules_summary_sheet(request, slug):
    """The tournament's numbers (its house rules) on one sheet, in the tournament's language."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, f"rules-summary:{chosen.key}", "rules", [tournament.pk, chosen.key])
    return _pdf_response(pdf, _filename(tournament, gettext_lazy("Rules")))


@organizer_required
@require_GET
def seating_chart(request, slug, number, order):
    """A table event's round seating, by table or by name A-Z."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        chosen = _paper(request)
        if order not in data.SEATING_ORDERS:
            raise BadChoice(_("A seating chart is printed “table” (by table) or “name” (A-Z), not “%(order)s”.")
                            % {"order": order})
    except BadChoice as exc:
        return _bad_choice(request, tournament, str(exc))
    if number not in event_formats.of(tournament).seated_rounds(tournament):
        return _bad_choice(request, tournament, _("Round %(number)s is not seated yet: publish its seating first.")
                           % {"number": number})
    pdf, _cached = pdf_cache.cached_pdf(
        tournament, f"seating:{number}:{order}:{chosen.key}",
        "seating", [tournament.pk, number, order, chosen.key],
    )
    return _pdf_response(pdf, _filename(tournament, f"Round {number}", gettext_lazy("Seating"), f"by-{order}"))
