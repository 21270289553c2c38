"""The club's public pages: its home, a season's standings (page, PDF, CSV), a player's page, the
ratings and the roll of honour (page and wall PDF)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.clubs import documents, honours, memory, players, ratings, seasons
from tournament.clubs.pages import answer, document
from tournament.models import Club, Season


def _standings_context(club, season_id):
    season = get_object_or_404(Season, club=club, pk=season_id)
    mem = memory.load(club)
    events = seasons.in_season(season, mem.events)
    rows = seasons.standings(club, events, mem.mapping)
    for row in rows:
        row.name, row.listed = mem.name(row.member), mem.listed(row.member)
    return {"season": season, "events": events, "rows": rows, "points_table": club.place_points,
            "taking_part": club.taking_part_points}


def _download(content, content_type: str, filename: str, how: str = "inline") -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'{how}; filename="{filename}"'
    return response


@require_GET
def home(request, slug):
    def build(club):
        return {"seasons": list(club.seasons.all()), "events": list(reversed(memory.load(club).events))}

    return answer(request, slug, name="club-home", template="clubs/home.html", build=build)


@require_GET
def season(request, slug, season_id):
    return answer(request, slug, name="club-season", template="clubs/season.html",
                  build=lambda club: _standings_context(club, season_id), shows=(season_id,))


@require_GET
def season_pdf(request, slug, season_id):
    def make(club):
        return documents.season_pdf(club, _standings_context(club, season_id))

    return _download(document(slug, "season-pdf", make, season_id), "application/pdf", f"{slugify(slug)}-season-{season_id}.pdf")


@require_GET
def season_csv(request, slug, season_id):
    def make(club):
        return documents.season_csv(_standings_context(club, season_id)["rows"])

    return _download(document(slug, "season-csv", make, season_id), "text/csv; charset=utf-8",
                     f"{slugify(slug)}-season-{season_id}.csv", "attachment")


@require_GET
def player(request, slug, member_id):
    organizer = Club.objects.run_by(request.user).filter(slug=slug).exists() if request.user.is_authenticated else False

    def build(club):
        found = club.members.filter(pk=member_id).first()
        if found is None or (found.unlisted and not organizer):
            raise Http404(_("No such player in this club."))
        mem = memory.load(club, public=not organizer)
        rated = mem.rated.get(found.pk)
        return {"record": players.record(mem, found.pk), "member": found, "rated": rated,
                "rating_sentence": ratings.explain(rated), "share_url": request.build_absolute_uri(request.path)}

    return answer(request, slug, name="club-player", template="clubs/player.html", build=build,
                  shows=(member_id, organizer, request.build_absolute_uri("/")))


@require_GET
def rating_list(request, slug):
    def build(club):
        mem = memory.load(club)
        rows = sorted(((mem.name(m), m, r) for m, r in mem.rated.items() if mem.listed(m)),
                      key=lambda item: (-item[2].shown, item[1]))
        return {"rows": rows}

    return answer(request, slug, name="club-ratings", template="clubs/ratings.html", build=build)


@require_GET
def honour_roll(request, slug):
    return answer(request, slug, name="club-honours", template="clubs/honours.html",
                  build=lambda club: {"years": honours.roll(memory.load(club))})


@require_GET
def honour_pdf(request, slug):
    def make(club):
        return documents.honours_pdf(club, honours.roll(memory.load(club)))

    return _download(document(slug, "honours-pdf", make), "application/pdf", f"{slugify(slug)}-roll-of-honour.pdf")
