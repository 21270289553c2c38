"""Every kind of page Meldboard shows, with data to show, for the accessibility browser test.

The data is the `manage.py demo` set (a bracket event in play, one open for sign-ups, the four
table-round events) plus a finished bracket event and a table event still taking sign-ups. Each
page is (name, path, phone) — `phone` marks the pages players and helpers use on their phones, whose
tap targets and text sizes are measured as well as checked by axe-core."""

import datetime as dt

from django.utils import timezone

from scoring.models import Hand
from tests.factories import TournamentFactory
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import players_round
from tests.live.events import finished
from tournament.events import demo
from tournament.models import Division, Game, Player, Team, Tournament
from tournament.signups import entry_links

PASSWORD = "a11y-organizer-1"


def _games(slug: str, **filters):
    return Game.objects.filter(division__tournament__slug=slug, **filters).order_by("division__kind", "number")


def _with_hands(slug: str, wanted: bool) -> Game:
    for game in _games(slug, status=Game.Status.IN_PLAY):
        if Hand.objects.filter(game=game).exists() == wanted:
            return game
    raise AssertionError(f"no game in play {'with' if wanted else 'without'} hands in {slug}")


def build(user) -> dict[str, Tournament]:
    """The demo events run by `user`, a finished bracket event and an open table event."""
    demo.create_all()
    done, _champion = finished(organizers=[user], slug="done", name="Bayfest 2025")
    open_tables = TournamentFactory(organizers=[user], slug="tables-open", name="Club night", format="tables",
                                    variant="club-4deck", signup_deadline=timezone.now() + dt.timedelta(days=2))
    # Every demo table is in play with everyone checked in: a round still waiting for its players
    # gives the table phone's check-in page.
    seated = table_event("baja-cutthroat", organizers=[user], slug="tables-seated", name="Cutthroat night")
    players_round("baja-cutthroat", 4, 3, event=seated)
    sign_up(open_tables, "Ann Lee")  # her private change-or-withdraw page is read too
    return {"done": done, "tables-open": open_tables, "tables-seated": seated}


def public_pages() -> list[tuple[str, str, bool]]:
    team = Team.objects.filter(tournament__slug="demo").order_by("pk").first()
    player = Player.objects.filter(tournament__slug="demo", team=team).order_by("pk").first()
    played = _with_hands("demo", True)
    waiting = _games("tables-seated", status=Game.Status.READY).first()
    fresh = _with_hands("demo", False)
    club_table = _games("demo-club", status=Game.Status.IN_PLAY).first()
    signing_up = Team.objects.filter(tournament__slug="demo-signups").order_by("pk").first()
    ann = Player.objects.get(tournament__slug="tables-open", name="Ann Lee")
    return [
        ("home-open", "/t/demo-signups/", True),
        ("home-in-play", "/t/demo/", True),
        ("home-finished", "/t/done/", True),
        ("index", "/", True),
        ("bracket", "/t/demo/bracket/", True),
        ("division", f"/t/demo/bracket/{Division.Kind.D1}/", True),
        ("bracket-finished", "/t/done/bracket/", True),
        ("signup", "/t/demo-signups/signup/", True),
        ("partners", "/t/demo-signups/partners/", True),
        ("teams", "/t/demo-signups/teams/", True),
        ("find", "/t/demo/find/", True),
        ("team", f"/t/demo/team/{team.pk}/", True),
        ("player", f"/t/demo/player/{player.pk}/", True),
        ("tv", "/t/demo/tv/", False),
        ("table-check-in", f"/table/{waiting.table_token}/", True),
        ("table-hand-entry", f"/table/{fresh.table_token}/", True),
        ("table-with-hands", f"/table/{played.table_token}/", True),
        ("table-club", f"/table/{club_table.table_token}/", True),
        ("sheet", f"/t/demo/games/{played.pk}/sheet/", True),
        ("seating", "/t/demo-club/seating/", True),
        ("standings", "/t/demo-club/standings/", True),
        ("table-signup", "/t/tables-open/join/", True),
        ("login", "/accounts/login/", True),
        ("password-reset", "/accounts/password_reset/", True),
        ("account-signup", "/accounts/signup/", True),
        ("morning-net", "/t/demo/net/", True),
        ("my-entry", entry_links.path(signing_up.tournament, team_id=signing_up.pk), True),
        ("table-my-entry", entry_links.path(ann.tournament, player_id=ann.pk), True),
        ("not-found", "/t/no-such-event/", True),
    ]


def organizer_pages() -> list[tuple[str, str, bool]]:
    game = _with_hands("demo", True)
    return [
        ("organizer-home", "/organizer/", False),
        ("dashboard", "/organizer/t/demo/", False),
        ("tournament-form", "/organizer/new/", False),
        ("tournament-edit", "/organizer/t/demo-signups/edit/", False),
        ("draw", "/organizer/t/demo/draw/", False),
        ("schedule", "/organizer/t/demo/schedule/", False),
        ("board", "/organizer/t/demo/gameday/", True),
        ("game", f"/organizer/t/demo/gameday/game/{game.pk}/", True),
        ("print-menu", "/organizer/t/demo/print/", False),
        ("round-board", "/organizer/t/demo-cutthroat/round-board/", True),
        ("rounds", "/organizer/t/demo-club/rounds/", False),
        ("players", "/organizer/t/demo-club/players/", False),
        ("organizer-standings", "/organizer/t/demo-club/standings/", False),
        ("organizer-partners", "/organizer/t/demo-club/partners/", False),
        ("organizers", "/organizer/t/demo/organizers/", True),
        ("mail-log", "/organizer/t/demo/mail/", True),
        ("announce", "/organizer/t/demo/announce/", True),
    ]
