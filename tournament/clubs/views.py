"""The club's public pages: its home, a season's standings (page, PDF, CSV), a player's page, the
ratings and the roll of honour (page and wall PDF)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.clubs import documents, honours, memory, players, ratings, seasons
from tournament.clubs.pages import answer, cached, club_or_404
from tournament.models import Season


def _standings_context(club, season):
    mem = memory.load(club)
    events = seasons.in_season(season, mem.events)
    rows = seasons.standings(club, events, mem.mapping)
    for row in rows:
        row.name, row.listed = mem.name(row.member), mem.listed(row.member)
    return {"season": season, "events": events, "rows": rows, "points_table": club.place_points,
            "taking_part": club.taking_part_points}


@require_GET
def home(request, slug):
    club = club_or_404(slug)

    def build():
        mem = memory.load(club)
        return {"seasons": list(club.seasons.all()), "events": list(reversed(mem.events))}

    return answer(request, club, name="club-home", template="clubs/home.html", build=build)


@require_GET
def season(request, slug, season_id):
    club = club_or_404(slug)
    chosen = get_object_or_404(Season, club=club, pk=season_id)
    return answer(request, club, name="club-season", template="clubs/season.html",
                  build=lambda: _standings_context(club, chosen), shows=(chosen.pk,))


@require_GET
def season_pdf(request, slug, season_id):
    club = club_or_404(slug)
    chosen = get_object_or_404(Season, club=club, pk=season_id)
    pdf = cached(club, "season-pdf", lambda: documents.season_pdf(club, _standings_context(club, chosen)), chosen.pk)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(club.name)}-{slugify(chosen.name)}.pdf"'
    return response


@require_GET
def season_csv(request, slug, season_id):
    club = club_or_404(slug)
    chosen = get_object_or_404(Season, club=club, pk=season_id)
    text = cached(club, "season-csv", lambda: documents.season_csv(_standings_context(club, chosen)["rows"]), chosen.pk)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(club.name)}-{slugify(chosen.name)}.csv"'
    return response


@require_GET
def player(request, slug, member_id):
    club = club_or_404(slug)
    found = club.members.filter(pk=member_id).first()
    organizer = club.__class__.objects.run_by(request.user).filter(pk=club.pk).exists()
    if found is None or (found.unlisted and not organizer):
        raise Http404(_("No such player in this club."))

    def build():
        mem = memory.load(club, public=not organizer)
        rated = mem.rated.get(found.pk)
        return {"record": players.record(mem, found.pk), "member": found, "rated": rated,
                "rating_sentence": ratings.explain(rated),
                "share_url": request.build_absolute_uri(request.path)}

    return answer(request, club, name="club-player", template="clubs/player.html", build=build,
                  shows=(found.pk, organizer))


@require_GET
def rating_list(request, slug):
    club = club_or_404(slug)

    def build():
        mem = memory.load(club)
        rows = sorted(((mem.name(m), m, r) for m, r in mem.rated.items() if mem.listed(m)),
                      key=lambda item: (-item[2].shown, item[1]))
        return {"rows": rows}

    return answer(request, club, name="club-ratings", template="clubs/ratings.html", build=build)


@require_GET
def honour_roll(request, slug):
    club = club_or_404(slug)
    return answer(request, club, name="club-honours", template="clubs/honours.html",
                  build=lambda: {"years": honours.roll(memory.load(club))})


@require_GET
def honour_pdf(request, slug):
    club = club_or_404(slug)
    pdf = cached(club, "honours-pdf", lambda: documents.honours_pdf(club, honours.roll(memory.load(club))))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(club.name)}-roll-of-honour.pdf"'
    return response
