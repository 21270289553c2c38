"""Every organizer URL, taken from the URL configuration, refuses anyone who does not run the tournament.

Each pattern is public, a table page (the token is the key), open to any account, or an organizer
page. Public, table and any-account patterns are listed by name below; every other pattern is an
organizer page, so a new view is checked the day it is routed: a plain account gets 403 on GET and
POST (and nothing changes), an anonymous visitor is sent to log in, and the tournament's organizer
is let in."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from scoring import hands
from scoring import sample_hands as td
from scoring.models import HandRevision
from tests.factories import TournamentFactory, UserFactory
from tests.gameday_setup import publish_division, teams
from tournament.core import actions
from tournament.models import (
    CheckIn,
    DivisionWithdrawal,
    DrawRecord,
    Game,
    GameEvent,
    Invitation,
    OutboxMessage,
    Substitution,
    Tournament,
)

# Django's own pages: log-in, log-out, passwords (each asks for what it needs itself).
ACCOUNT_PAGES = {
    "login", "logout", "password_change", "password_change_done", "password_reset", "password_reset_done",
    "password_reset_confirm", "password_reset_complete",
}
PUBLIC = ACCOUNT_PAGES | {
    "healthz", "favicon", "switch_language",
    "public:index", "public:home", "public:signup", "public:signed_up", "public:teams", "public:partners", "public:choose_partner",
    "public:withdraw_post", "public:my_post_link",
    "brackets:overview", "brackets:division",
    "live:team", "live:player", "live:find", "live:tv",
    "sheet:game", "sheet:live",
    "table:service_worker",  # the table pages' offline worker script: static, the same for everyone
    "tables:signup", "tables:signed_up", "tables:public_standings", "tables:public_seating", "tables:public_seating_round",
    # issue 36: calendar files, the morning net's script, an e-mail's unsubscribe link
    "live:event_calendar", "live:team_calendar", "live:player_calendar", "live:net", "live:net_text", "public:unsubscribe",
    "live:calendar_feed",
    # issue 36: an entrant's own change-or-withdraw page, opened by the private link in their e-mail
    "public:my_entry", "public:my_entry_withdraw", "tables:my_entry", "tables:my_entry_withdraw",
}
# Django's admin refuses anyone who is not staff itself; a club's public pages; a club's organizer
# pages are a club's, not a tournament's (tests/clubs/test_club_access.py holds them to the same rule).
# Accounts (tournament.accounts): an invitation's link, sign-up, the address check, anyone's.
PUBLIC_NAMESPACES = {"admin", "clubs", "clubs_organizer", "accounts"}
TABLE = {
    "table:sheet", "table:submit", "table:edit", "table:confirm", "table:preview", "table:count", "table:live",
    "table:manifest",
    "gameday_table:status", "gameday_table:check_in", "gameday_table:start",
}
ANY_ACCOUNT = {"organizer:home", "organizer:create"}  # the list of what one runs, and starting a tournament


def _walk(patterns, prefix="", namespace=None):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(filter(None, [namespace, pattern.namespace])) or None
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        else:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield name, prefix + str(pattern.pattern), pattern.callback


ROUTES = {name: (route, callback) for name, route, callback in _walk(get_resolver().url_patterns)}
ORGANIZER = sorted(
    name for name in ROUTES
    if name not in PUBLIC | TABLE | ANY_ACCOUNT and name.split(":")[0] not in PUBLIC_NAMESPACES
)


def test_every_listed_name_is_routed_and_the_organizer_pages_were_found():
    assert not (PUBLIC | TABLE | ANY_ACCOUNT) - set(ROUTES)
    assert {"organizer:export", "draw:publish", "gameday:decide", "signups:close_signups", "printing:results",
            "table:manage_rotate", "organizer:add_organizer"} <= set(ORGANIZER)


@pytest.mark.parametrize("name", ORGANIZER)
def test_the_view_asks_the_one_organizer_rule(name):
    _, callback = ROUTES[name]
    assert getattr(callback, "organizer_only", False), (
        f"{name} is neither listed as public/table nor wrapped in tournament.core.decorators.organizer_required"
    )


@pytest.fixture
def world(organizer):
    """A tournament in play, run by `organizer` and a co-organizer: a published bracket, a started
    game with a hand, a team, a draw record."""
    tournament = TournamentFactory(name="Guarded Open")
    co = UserFactory(username="co", is_staff=False)
    tournament.organizers.add(co)
    division, games = publish_division(tournament)
    game = games[0]
    for team in teams(game):
        actions.check_in(game, team)
    game = actions.start_game(Game.objects.get(pk=game.pk), agreed_team_ids=[t.pk for t in teams(game)])
    hands.submit(game, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key="guarded", entered_by="A")
    team = teams(game)[0]
    failed = OutboxMessage.objects.create(key="guarded", tournament=tournament, to="x@club.example", subject="s", body="b",
                                          status=OutboxMessage.Status.FAILED)
    invitation = Invitation.objects.create(email="z@club.example", tournament=tournament, digest="0" * 64,
                                           expires_at=timezone.now() + dt.timedelta(days=1))
    left = DivisionWithdrawal.objects.create(team=team, division=division, reason="guarded")
    kwargs = {
        "slug": tournament.slug, "game_id": game.pk, "round_id": game.round_id, "division_id": division.pk,
        "kind": division.kind, "version": "current", "team_id": team.pk, "number": 1, "user_id": co.pk,
        "job_id": "no-such-job", "order": "table", "player_id": team.players.first().pk,
        "message_id": failed.pk, "invitation_id": invitation.pk, "token": game.table_token,
        "withdrawal_id": left.pk,
    }
    data = {
        "seed": "5", "override": "1", "draw": DrawRecord.objects.filter(division=division).first().pk,
        "team_name": "Intruders", "player1": "Ann", "player2": "Bob", "team": team.pk, "winner": team.pk,
        "note": "taken over", "reason": "taken over", "who": "plain", "agree": [t.pk for t in teams(game)],
        "replaced": team.players.first().pk, "name": "Sub Stitute", "version": "1", "side": "1",
        f"round-{game.round_id}": "2030-01-01T10:00", f"table-{game.pk}": "9",
    }
    return tournament, kwargs, data


def url(name, kwargs) -> str:
    route, _ = ROUTES[name]
    wanted = re.findall(r"<(?:\w+:)?(\w+)>", route)
    assert set(wanted) <= set(kwargs), f"teach the world fixture a value for {set(wanted) - set(kwargs)} ({name})"
    return reverse(name, kwargs={key: kwargs[key] for key in wanted})


def state(tournament: Tournament) -> dict:
    """What an organizer action could change, as the database has it."""
    games = Game.objects.filter(division__tournament=tournament).order_by("pk")
    return {
        "tournament": Tournament.objects.filter(pk=tournament.pk).values(
            "changes", "status", "registration_closed_at", "name").get(),
        "games": list(games.values_list("pk", "status", "table_token", "winner_id", "started_at", "version")),
        "teams": list(tournament.teams.order_by("pk").values_list("pk", "name", "withdrawn_at")),
        "organizers": sorted(tournament.organizers.values_list("pk", flat=True)),
        "revisions": HandRevision.objects.filter(hand__game__in=games).count(),
        "draws": DrawRecord.objects.filter(division__tournament=tournament).count(),
        "log": [model.objects.filter(game__in=games).count() for model in (GameEvent, CheckIn, Substitution)],
    }


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("name", ORGANIZER)
def test_a_plain_account_is_refused_and_changes_nothing(name, world):
    tournament, kwargs, data = world
    address = url(name, kwargs)
    plain = logged_in(UserFactory(username="plain", is_staff=False))
    before = state(tournament)
    for response in (plain.get(address), plain.post(address, data)):
        assert response.status_code == 403, f"{name}: {response.status_code}"
        assert "You are not an organizer of “Guarded Open”." in response.content.decode()
    assert state(tournament) == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ORGANIZER + sorted(ANY_ACCOUNT))
def test_anonymous_visitors_are_sent_to_log_in(name, world, client):
    tournament, kwargs, data = world
    address = url(name, kwargs)
    before = state(tournament)
    for response in (client.get(address), client.post(address, data)):
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next="), name
    assert state(tournament) == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ORGANIZER)
def test_the_organizer_is_let_in(name, world, organizer):
    _, kwargs, _ = world
    response = logged_in(organizer).get(url(name, kwargs))
    assert response.status_code != 403 and response.status_code < 500, f"{name}: {response.status_code}"
    assert not response.get("Location", "").startswith("/accounts/login/"), name
