"""Every page of one event, listed from its rows: what a visitor, the organizer and the table phones
can open. One list for the stage walks (their starting points: they follow every link from it and
report a page reached by a link whose kind this list lacks) and for the day machines (tests/people:
they read every page of it after every step, without following links). A new page is listed here
once, and both read it.

Each page answers 200 (a PDF is a PDF) whenever it is listed: a page an event of this format or at
this stage does not have is not listed (a bracket's chart before its draw, a table event's results
with medals before its standings can rank anyone), as the menus that link them do not offer them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.core import formats as event_formats
from tournament.models import Club, Division, Game, PastEvent, Player, Round, SeatingDraw, Team, Tournament
from tournament.signups import entry_links

PAPER = "?paper=letter"


@dataclass
class Listed:
    visitor: list[str]
    organizer: list[str]
    phone: list[str]

    def each(self):
        return (("visitor", self.visitor), ("organizer", self.organizer), ("table phone", self.phone))


def event_pages(tournament: Tournament, user=None) -> Listed:
    """The event's pages; the club's organizer pages only when `user` (an organizer) runs the club too (an
    organizer of the event alone, a co-organizer invited to it, is not the club's)."""
    tournament = Tournament.objects.get(pk=tournament.pk)
    slug = tournament.slug
    bracket = event_formats.of(tournament).charts
    games = list(Game.objects.filter(division__tournament=tournament).order_by("pk")
                 .values_list("pk", "table_token", "round_id"))
    numbers: dict[int, list[int]] = {}  # each game's hands (the sheet links an edit page for each)
    for pk, number in Game.objects.filter(division__tournament=tournament, hands__isnull=False).values_list(
            "pk", "hands__number"):
        numbers.setdefault(pk, []).append(number)

    public = [f"/t/{slug}/{page}" for page in ("", "tv/", "find/", "teams/", "partners/", "net/",
                                                "net.txt", "calendar.ics")]
    organizer = [f"/organizer/t/{slug}/{page}" for page in (
        "", "draw/", "schedule/", "gameday/", "print/", "edit/", "organizers/", "rules/", "mail/", "announce/")]
    phone = []
    if bracket:
        public += [f"/t/{slug}/bracket/"] + [f"/t/{slug}/bracket/{kind}/" for kind in ("d1", "d2", "final")]
        if tournament.signups_open():
            public += [f"/t/{slug}/signup/"]
    else:
        public += [f"/t/{slug}/seating/", f"/t/{slug}/join/", f"/t/{slug}/standings/"]
        public += [f"/t/{slug}/seating/{n}/" for n in SeatingDraw.objects.filter(
            tournament=tournament, published_at__isnull=False).values_list("round_number", flat=True)]
        organizer += [f"/organizer/t/{slug}/{page}" for page in ("players/", "partners/", "rounds/", "round-board/",
                                                                 "standings/")]
        organizer += [f"/organizer/t/{slug}/round-board/{n}/" for n in SeatingDraw.objects.filter(
            tournament=tournament, published_at__isnull=False).values_list("round_number", flat=True)]
        for pk in Player.objects.filter(tournament=tournament, table_entry__isnull=False).values_list("pk", flat=True):
            organizer += [f"/organizer/t/{slug}/players/{pk}/edit/", f"/organizer/t/{slug}/players/{pk}/after-draw/"]
    drawn = Division.objects.filter(tournament=tournament, published_at__isnull=False).exists()
    for pk in Team.objects.filter(tournament=tournament).values_list("pk", flat=True):
        public += [f"/t/{slug}/team/{pk}/", f"/t/{slug}/team/{pk}/calendar.ics"]
        if bracket and drawn:  # the game-day board links each team's withdrawal
            organizer += [f"/organizer/t/{slug}/gameday/team/{pk}/withdraw/"]
    if event_formats.of(tournament).player_pages:
        for pk in Player.objects.filter(tournament=tournament, team__isnull=True).values_list("pk", flat=True):
            public += [f"/t/{slug}/player/{pk}/", f"/t/{slug}/player/{pk}/calendar.ics"]
    for pk, token, _round in games:
        public += [f"/t/{slug}/games/{pk}/sheet/"]
        organizer += [f"/organizer/t/{slug}/gameday/game/{pk}/", f"/table/manage/{pk}/"]
        organizer += [f"/table/manage/{pk}/hands/{n}/edit/" for n in sorted(numbers.get(pk, []))]
        phone += [f"/table/{token}/", f"/table/{token}/manifest.webmanifest"]
        phone += [f"/table/{token}/hands/{n}/edit/" for n in sorted(numbers.get(pk, []))]
    organizer += [f"/organizer/t/{slug}/gameday/round/{pk}/" for pk in sorted({r for _, _, r in games if r})]
    organizer += _printouts(tournament, bracket)
    visitor_club, organizer_club = _club_pages(tournament, user)
    return Listed(visitor=public + visitor_club, organizer=organizer + public + visitor_club + organizer_club,
                  phone=phone)


def _own_entry_pages(tournament: Tournament) -> list[str]:
    """Each entrant's own change-or-withdraw page (its private link is e-mailed, never linked from a page)."""
    players = Player.objects.filter(tournament=tournament, table_entry__isnull=False).order_by("pk")
    return ([entry_links.path(tournament, team_id=pk) for pk in Team.objects.filter(tournament=tournament).order_by("pk")
             .values_list("pk", flat=True)] if event_formats.of(tournament).charts
            else [entry_links.path(tournament, player_id=pk) for pk in players.values_list("pk", flat=True)])


def _printouts(tournament: Tournament, bracket: bool) -> list[str]:
    """What the print menu offers now (tournament/printing/views.py `_menu_context`)."""
    base = f"/organizer/t/{tournament.slug}/print/"
    found = [f"{base}score-sheets/blank.pdf{PAPER}", f"{base}rules.pdf{PAPER}"]
    rounds = Round.objects.filter(division__tournament=tournament, games__isnull=False).distinct()
    if rounds.exists():
        found.append(f"{base}cards/all.pdf{PAPER}")
    found += [f"{base}score-sheets/{pk}.pdf{PAPER}" for pk in rounds.values_list("pk", flat=True)]
    if bracket:
        found.append(f"{base}results.pdf{PAPER}")
        for pk in Division.objects.filter(tournament=tournament, games__isnull=False).distinct().values_list("pk", flat=True):
            found += [f"{base}chart/{pk}/posting.pdf{PAPER}", f"{base}chart/{pk}/current.pdf{PAPER}"]
        return found
    for number in SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False).values_list(
            "round_number", flat=True):
        found += [f"{base}seating/{number}/table.pdf{PAPER}", f"{base}seating/{number}/name.pdf{PAPER}"]
    if event_formats.of(tournament).results_refusal(tournament):
        return found  # the menu says why the results with medals cannot be printed yet
    return [*found, f"{base}table-results.pdf{PAPER}"]


def _club_pages(tournament: Tournament, user) -> tuple[list[str], list[str]]:
    """The club's memory of the event: its public pages and its organizer pages."""
    club = Club.objects.filter(pk=tournament.club_id).first()
    if club is None:
        return [], []
    public = [f"/clubs/{club.slug}/{page}" for page in ("", "ratings/", "honours/", "honours.pdf")]
    for season in club.seasons.values_list("pk", flat=True):
        public += [f"/clubs/{club.slug}/seasons/{season}/{page}" for page in ("", "standings.pdf", "standings.csv")]
    public += [f"/clubs/{club.slug}/players/{pk}/" for pk in club.members.filter(merged_into__isnull=True)
               .values_list("pk", flat=True)]
    if user is not None and not club.organizers.filter(pk=user.pk).exists():
        return public, []
    organizer = [f"/organizer/clubs/{club.slug}/{page}" for page in ("", "members/", "organizers/", "announce/")]
    organizer += [f"/organizer/clubs/{club.slug}/seasons/{pk}/" for pk in club.seasons.values_list("pk", flat=True)]
    organizer += [f"/organizer/clubs/{club.slug}/past/{pk}/" for pk in PastEvent.objects.filter(club=club)
                  .values_list("pk", flat=True)]
    return public, organizer
