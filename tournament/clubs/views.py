"""The club's public pages: its home, a season's standings (page, PDF, CSV), a player's page, the
ratings and the roll of honour (page and wall PDF)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.clubs import documents, honours, makers, memory, players, ratings
from tournament.clubs.pages import answer, document, pdf_document
from tournament.models import Club


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
                  build=lambda club: makers.standings_context(club, season_id), shows=(season_id,))


@require_GET
def season_pdf(request, slug, season_id):
    return _download(pdf_document(slug, "season-pdf", season_id), "application/pdf", f"{slugify(slug)}-season-{season_id}.pdf")


@require_GET
def season_csv(request, slug, season_id):
    def make(club):
        return documents.season_csv(makers.standings_context(club, season_id)["rows"])

    return _download(document(slug, "season-csv", make, season_id), "text/csv; charset=utf-8",
                     f"{slugify(slug)}-season-{season_id}.csv", "attachment")


@require_GET
def player(request, slug, member_id):
    organizer = Club.objects.run_by(request.user).filter(slug=slug).exists() if request.user.is_authenticated else False

    def build(club):
        found = club.members.filter(pk=member_id).first()
        for _step in range(10):  # merged into another member: that member's page (a short chain at most)
            if found is None or found.merged_into_id is None:
                break
            found = club.members.filter(pk=found.merged_into_id).first()
        if found is None or (found.unlisted and not organizer):
            raise Http404(_("No such player in this club."))
        mem = memory.load(club, public=not organizer)
        rated = mem.rated.get(found.pk)
        return {"record": players.record(mem, found.pk), "member": found, "rated": rated,
                "past": honours.past_titles(mem, found.pk),
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
    return _download(pdf_document(slug, "honours-pdf"), "application/pdf", f"{slugify(slug)}-roll-of-honour.pdf")
