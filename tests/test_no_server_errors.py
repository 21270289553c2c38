"""No input gives a server error: random data sent to every endpoint of the URL configuration.

The endpoints are read from Django's resolver, so a new view is fuzzed without anyone listing it.
Six tournaments make the world: two in play (Division 1 drawn, games in every state, hands on a
sheet), one taking sign-ups, a table-round event taking sign-ups, one in play (round 1 published with
a table playing, one finished and one not begun; round 2 previewed) and one with a play-off (tried by
a test of its own, every endpoint at its real addresses, until issue 22's play-off seating lands). Every page is read once to learn what each endpoint's forms send
(their input names and the addresses they post to). Then each endpoint gets, as a logged-in staff
user (organizer pages) or anonymously (public and table pages), GETs and POSTs whose address is
mostly a real one (else with random parts: huge, negative, NUL, '²') and whose data holds the
endpoint's own field names and random keys with nasty values (NUL bytes, '²', 20-digit numbers,
empty strings, lists, another tournament's ids). Fixed examples send each nasty value in every
field (non-numeric ids such as 'abc', '²', '1e3', '0x10', a negative one, a 20-digit and a 5000-digit
number, past what Python's int() reads), so the classes of input that once gave a 500 are tried on
every run. Any 5xx, or an
exception out of a view, fails the endpoint's test with the request that caused it.
"""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.utils import timezone
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from scoring import hands
from scoring import sample_hands as td
from tests.factories import PlayerFactory, TeamFactory, TournamentFactory, UserFactory
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import club_round, end_with_totals, play_club_game, players_round
from tests.gameday_setup import publish_division, teams
from tournament.core import actions
from tournament.formats.bracket import withdrawal
from tournament.formats.bracket.draw import publishing
from tournament.formats.tables import drawing, playoffs, results
from tournament.formats.tables import rounds as table_rounds
from tournament.mail import entrants
from tournament.models import Club, DivisionWithdrawal, DrawRecord, Game, PartnerPost, Player, Round, Team, Tournament
from tournament.printing import cache as pdf_cache
from tournament.signups import entry_links

# Django's own admin is not ours to fuzz; /healthz reads no input and answers 503 by design when a
# part (e.g. the Celery worker, absent in tests) is down.
SKIPPED_NAMESPACES = {"admin"}
SKIPPED_NAMES = {"healthz"}
STAFF_PREFIXES = ("organizer/", "table/manage/")
RANDOM_EXAMPLES = 20  # plus the fixed examples below: about 28 requests per endpoint
# Endpoints whose fix is another change's (named in the reason); remove each once that has landed.
FIXED_ELSEWHERE: dict[str, str] = {}


# ---- the endpoints, from the URL configuration --------------------------------------------------

def _walk(patterns, prefix="", namespace=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if entry.namespace not in SKIPPED_NAMESPACES:
                yield from _walk(entry.url_patterns, route, f"{namespace}{entry.namespace}:" if entry.namespace else namespace)
        elif isinstance(entry, URLPattern) and entry.name not in SKIPPED_NAMES:
            yield f"{namespace}{entry.name}", route


ENDPOINTS = sorted(set(_walk(get_resolver().url_patterns)))
PLACEHOLDER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")


def _fill(route: str, values) -> str:
    it = iter(values)
    return "/" + PLACEHOLDER.sub(lambda m: quote(str(next(it)), safe=""), route)


def _nth(values, i):
    return values[i % len(values)] if values else "x"


# ---- the world ----------------------------------------------------------------------------------

def _tournament_in_play(slug: str):
    """Division 1 drawn (16 teams): in round 1 a game in play with a hand, one forfeited, one level
    at the time limit, one decided, one checked in and ready to start early, three not begun;
    Division 2 previewed only; two players on the partner board."""
    soon = timezone.now() + dt.timedelta(days=2)
    tournament = TournamentFactory(slug=slug, signup_deadline=soon - dt.timedelta(days=1))
    for number in range(16):
        TeamFactory(tournament=tournament, name=f"{slug} team {number}")
    playing, forfeited, level, decided, early, *later = publish_division(tournament, starts_at=soon)[1]
    for game in (playing, level, decided, early):
        for team in teams(game):
            actions.check_in(game, team)
    for game in (playing, level, decided):
        actions.start_game(game, agreed_team_ids=[t.pk for t in teams(game)])
    hands.submit(Game.objects.get(pk=playing.pk), number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)],
                 key=f"{slug}-1", entered_by="A")
    actions.forfeit_no_partner(forfeited, teams(forfeited)[0], note="gone home")
    Game.objects.filter(pk__in=(level.pk, decided.pk)).update(status=Game.Status.AWAITING_DECISION)
    actions.decide(Game.objects.get(pk=decided.pk), teams(decided)[1], None, "one more hand")
    for name in ("Dora", "Eli"):
        PartnerPost.objects.create(player=PlayerFactory(tournament=tournament, name=f"{name} {slug}"))
    TeamFactory(tournament=tournament, name=f"Late {slug}")
    publishing.preview(tournament, "d2", seed=3, override=True)
    leaving = later[-1]  # a team that left Division 1 alone (issue 39): its undo has an address
    withdrawal.withdraw(tournament, teams(leaving)[0], by=None, reason="back ache", division=leaving.division)
    return tournament


def _table_round_in_play(slug: str):
    """A club 4-deck event in play: partners and round 1 published, table 1 playing (three hands on
    its sheet), table 2 finished, table 3 not begun; round 2 previewed."""
    event, (playing, finished, _) = club_round(3, slug=slug)
    play_club_game(playing)
    end_with_totals(finished, 900, 500)
    table_rounds.preview_round(event, 2, drawing.draw_seating(event, 2, seed=5), seed=5)
    return event


def _table_playoff(slug: str):
    """A Rummikub day whose round 1 ended in a tie for the win: the play-off table created."""
    event, (first, second) = players_round("rummikub", 3, 3, event=table_event("rummikub", slug=slug))
    end_with_totals(first, 60, 10, -70)
    end_with_totals(second, 60, 0, -60)
    tied = [row.entrant for row in results.standings(event).rows if row.rank == 1]
    playoffs.create_playoff(event, tied)
    return event


def _ids_of(tournament) -> dict[str, list]:
    """The URL parts that name this tournament's rows, first-round games first."""
    games = Game.objects.filter(division__tournament=tournament).order_by("round__number", "pk")
    rounds = list(Round.objects.filter(division__tournament=tournament).order_by("pk"))
    return {
        "kind": ["d1", "d2", "final"], "version": ["posting", "current"], "number": [1, 2],
        "slug": [tournament.slug],
        "game_id": [g.pk for g in games],
        "token": [g.table_token for g in games],
        "round_id": [r.pk for r in rounds],
        "division_id": sorted({r.division_id for r in rounds}),
        "team_id": list(Team.objects.filter(tournament=tournament).values_list("pk", flat=True)),
        "withdrawal_id": list(DivisionWithdrawal.objects.filter(team__tournament=tournament).values_list("pk", flat=True)),
        "player_id": list(Player.objects.filter(tournament=tournament).values_list("pk", flat=True)[:6]),
        "post_id": list(PartnerPost.objects.filter(player__tournament=tournament).values_list("pk", flat=True)),
        # Private links: an entrant's change-or-withdraw page (entry_links), a partner post's own link.
        "secret": [entry_links.token(team_id=pk) for pk in Team.objects.filter(tournament=tournament).values_list("pk", flat=True)[:2]]
        + [entry_links.token(player_id=pk) for pk in Player.objects.filter(tournament=tournament).values_list("pk", flat=True)[:2]]
        + list(PartnerPost.objects.filter(player__tournament=tournament).values_list("secret", flat=True)[:1]),
        "message_id": list(tournament.outbox.values_list("pk", flat=True)[:3]),
        "invitation_id": list(tournament.invitations.values_list("pk", flat=True)[:3]),
        "job_id": [pdf_cache.new_job(tournament_id=tournament.pk, round_id=r.pk, paper="a4", base_url="http://testserver/",
                                     title="Table cards", created=0, filename="cards.pdf") for r in rounds[:1]],
    }


class _FormFields(HTMLParser):
    """The names each form on a page sends, by the address it posts to (its hx-post, its action, or
    the page itself)."""

    def __init__(self, page_url: str):
        super().__init__()
        self.page_url, self.target, self.found = page_url, None, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.target = attrs.get("hx-post") or attrs.get("action") or self.page_url
        elif tag in ("input", "select", "textarea", "button") and attrs.get("name"):
            target = attrs.get("hx-post") or self.target or self.page_url
            self.found.setdefault(target.split("#")[0].split("?")[0], set()).add(attrs["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.target = None


def _forms_on_pages(staff, by_tournament) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Every page the site renders for the world (as staff and anonymously), read for the input
    names each endpoint's forms send ("" holds every name seen) and the addresses they post to."""
    names: dict[str, set] = {"": set()}
    targets: dict[str, set] = {}
    staff_client, anonymous = Client(), Client()
    staff_client.force_login(staff)
    for _, route in ENDPOINTS:
        if route.endswith(".pdf"):
            continue
        wanted = [m["name"] for m in PLACEHOLDER.finditer(route)]
        client = staff_client if route.startswith(STAFF_PREFIXES) else anonymous
        for ids in by_tournament:
            for i in range(min(5, max([len(ids.get(w, [])) for w in wanted] or [1]))):
                try:
                    response = client.get(_fill(route, [_nth(ids.get(w), i) for w in wanted]))
                except Exception:  # a page that breaks is its endpoint's test to report, not the world's
                    continue
                if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                    continue
                parser = _FormFields(response.wsgi_request.path)
                parser.feed(response.content.decode())
                for target, found in parser.found.items():
                    try:
                        view_name = resolve(target).view_name
                    except Resolver404:
                        continue
                    found = found - {"csrfmiddlewaretoken"}
                    names.setdefault(view_name, set()).update(found)
                    names[""].update(found)
                    targets.setdefault(view_name, set()).add(target)
    return {k: sorted(v) for k, v in names.items()}, {k: sorted(v) for k, v in targets.items()}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module; every test's own transaction rolls back to it."""
    with django_db_blocker.unblock(), transaction.atomic():
        staff = UserFactory(username="fuzz-staff", is_staff=True)
        signing_up = TournamentFactory(slug="fuzz-open")  # sign-ups open, so its forms show
        PartnerPost.objects.create(player=PlayerFactory(tournament=signing_up, name="Fay Open"))
        early_birds = TeamFactory(tournament=signing_up, name="Early Birds")
        # A club of the same address (club pages take a slug too) with a member who asked for e-mail,
        # so the club's pages (its announcement form among them) are read and posted to for real.
        Tournament.objects.filter(pk=signing_up.pk).update(club=Club.objects.create(name="Fuzz club", slug="fuzz-open"))
        entrants.opt_in(signing_up, "early@club.example", language="en", team=early_birds)
        tables = table_event(slug="fuzz-tables")  # a table-round event taking sign-ups
        sign_up(tables, "Ann Lee", "Bob Lee", "Cy Ruiz", "Di Ruiz", "Ed Moss", "Flo Moss")
        in_play, playoff = _table_round_in_play("fuzz-round"), _table_playoff("fuzz-playoff")
        main, other = _tournament_in_play("fuzz-main"), _tournament_in_play("fuzz-other")
        # The play-off event is tried apart (test_an_event_with_a_play_off_gives_no_server_error).
        by_tournament = [_ids_of(t) for t in (main, signing_up, tables, in_play, other)]
        row_ids = ("game_id", "round_id", "team_id", "post_id", "player_id")
        values = {str(x) for ids in by_tournament for key in row_ids for x in ids[key]}
        values |= {str(x) for x in DrawRecord.objects.values_list("pk", flat=True)}
        values |= {str(x) for x in PartnerPost.objects.values_list("player_id", flat=True)}
        names, targets = _forms_on_pages(staff, by_tournament[:4])  # the other one's pages are main's
        every = {key: sorted({str(x) for ids in by_tournament for x in ids[key]}) for key in by_tournament[0]}
        yield {"staff": staff, "by_tournament": by_tournament, "every": every, "values": sorted(values),
               "names": names, "targets": targets, "playoff": _ids_of(playoff)}
        transaction.set_rollback(True)


# ---- the requests -------------------------------------------------------------------------------

NASTY = [
    "", " ", "\x00", "1\x00", "a\x00b", "²", "¹²", "١٢", "½", "9" * 20, str(2**63), str(2**63 - 1), "-1", "0",
    "1.5", "1e3", "0x10", "abc", "9" * 5000, "NaN", "on", "x" * 3000, "\u202e", "<b>", "'", "[]",
]
# The fixed examples: each of these in every field at once — ids that are no number (or not a
# decimal one), a negative one, one past 64 bits and one past the 4,300 digits Python's int() reads.
IN_EVERY_FIELD = ["abc", "²", "1e3", "-1", "0x10", "9" * 20, "9" * 5000, "\x00"]


def _real_urls(name: str, route: str, world) -> list[str]:
    """The addresses the site's own forms post to, else the route filled from one tournament's ids."""
    if world["targets"].get(name):
        return world["targets"][name]
    wanted = [m["name"] for m in PLACEHOLDER.finditer(route)]
    return sorted({_fill(route, [_nth(ids.get(w), i) for w in wanted]) for ids in world["by_tournament"] for i in range(3)})


def _part(kind: str, real: list) -> st.SearchStrategy[str]:
    """A URL part: any tournament's real one, a random one, or a nasty one."""
    nasty = st.sampled_from(["0", "-1", "9" * 20, str(2**63), str(2**63 - 1), "²", "\x00", "x", "00", "1" * 400])
    random = st.integers(min_value=-10, max_value=10**25).map(str) if kind in ("int", "id") else st.text(min_size=1, max_size=12)
    return st.one_of(st.sampled_from(real), random, nasty) if real else st.one_of(random, nasty)


def _url(name: str, route: str, world) -> st.SearchStrategy[str]:
    """Mostly a real address (so the data reaches the view's logic), else each part real or random."""
    real = st.sampled_from(_real_urls(name, route, world))
    wanted = [(m["kind"] or "str", world["every"].get(m["name"], [])) for m in PLACEHOLDER.finditer(route)]
    if not wanted:
        return real
    mixed = st.tuples(*(_part(kind, ids) for kind, ids in wanted)).map(lambda values: _fill(route, values))
    return st.one_of(real, real, mixed)


def _own_names(name: str, world) -> list[str]:
    return world["names"].get(name) or world["names"][""]


def _data(name: str, world) -> st.SearchStrategy[dict]:
    """Some of the endpoint's own field names (at least one) and perhaps a random key or two; the
    values mostly nasty, else real ids (any tournament's) or random text and numbers."""
    nasty = st.sampled_from(NASTY)
    value = st.one_of(nasty, nasty, st.sampled_from(world["values"]), st.text(max_size=20),
                      st.integers(min_value=-(2**70), max_value=2**70).map(str))
    values = st.one_of(value, value, st.lists(value, min_size=1, max_size=3))
    own = _own_names(name, world)
    known = st.lists(st.sampled_from(own), min_size=1, max_size=len(own), unique=True).flatmap(
        lambda keys: st.fixed_dictionaries({key: values for key in keys}))
    extra = st.dictionaries(st.text(min_size=1, max_size=10), values, max_size=2)
    return st.tuples(known, extra).map(lambda pair: {**pair[1], **pair[0]})


def _send(client: Client, method: str, url: str, data: dict, htmx: bool):
    headers = {"HX-Request": "true"} if htmx else {}
    # A savepoint per request: a database error in a view must not poison the examples after it.
    try:
        with transaction.atomic():
            return getattr(client, method)(url, data, headers=headers)
    except Exception as exc:  # the view raised: that is the 500 this test exists to find
        raise AssertionError(f"{method.upper()} {url!r} {data!r} raised {exc!r}") from exc


@pytest.mark.django_db
@pytest.mark.parametrize("name,route", [
    pytest.param(name, route, id=name, marks=[pytest.mark.xfail(reason=FIXED_ELSEWHERE[name])] if name in FIXED_ELSEWHERE else [])
    for name, route in ENDPOINTS
])
def test_no_input_gives_a_server_error(world, name, route):
    client = Client()
    if route.startswith(STAFF_PREFIXES):
        client.force_login(world["staff"])
    else:  # this browser has a post on the partner board, so choosing a partner gets past the first check
        session = client.session
        session["partner_posts"] = [int(x) for ids in world["by_tournament"] for x in ids["post_id"][:1]]
        session.save()

    def check(method, url, data, htmx):
        response = _send(client, method, url, data, htmx)
        assert response.status_code < 500, f"{method.upper()} {url!r} {data!r} answered {response.status_code}"

    check = given(method=st.sampled_from(["post", "post", "get"]), url=_url(name, route, world),
                  data=_data(name, world), htmx=st.booleans())(check)
    real = _real_urls(name, route, world)[0]
    for nasty in IN_EVERY_FIELD:
        for method in ("post", "get"):
            check = example(method=method, url=real, data=dict.fromkeys(_own_names(name, world), nasty), htmx=False)(check)
    # No shrinking: the failing request is reported as sent, and a failure costs one request, not hundreds.
    settings(max_examples=RANDOM_EXAMPLES, deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
             suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])(check)()


@pytest.mark.django_db
def test_an_event_with_a_play_off_gives_no_server_error(world):
    """Every endpoint at the play-off event's own addresses: read, and posted with a non-numeric id
    and a 5000-digit number in every field; every 5xx is listed at once."""
    staff, anonymous = Client(), Client()
    staff.force_login(world["staff"])
    ids, failures = world["playoff"], []
    for name, route in ENDPOINTS:
        url = _fill(route, [_nth(ids.get(m["name"]), 0) for m in PLACEHOLDER.finditer(route)])
        client = staff if route.startswith(STAFF_PREFIXES) else anonymous
        tries = [("get", {})] + [("post", dict.fromkeys(_own_names(name, world), nasty)) for nasty in ("abc", "9" * 5000)]
        for method, data in tries:
            try:
                status = _send(client, method, url, data, htmx=False).status_code
            except AssertionError as exc:
                failures.append(f"{name}: {str(exc)[:200]}")
                continue
            if status >= 500:
                failures.append(f"{name}: {method.upper()} {url} answered {status}")
    assert not failures, "\n".join(failures)
