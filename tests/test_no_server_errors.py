"""No input gives a server error: random data sent to every endpoint of the URL configuration.

The endpoints are read from Django's resolver (a new view is fuzzed without anyone listing it). The
URL's own parts are filled from a real tournament (its slug, game, round, division, team, post ids,
table tokens, hand numbers) or with random values (huge, negative, NUL, non-ASCII digits). The body
or query string holds the field names the site's pages render plus random keys, with nasty values:
NUL bytes, '²', 20-digit numbers, empty strings, lists, another tournament's ids. Organizer pages
are fuzzed as a logged-in staff user, the rest anonymously. Any 5xx, or an exception out of a view,
fails the endpoint's test with the request that caused it.
"""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import hands
from scoring import sample_hands as td
from tests.factories import PlayerFactory, TeamFactory, TournamentFactory, UserFactory
from tests.gameday_setup import publish_division, teams
from tournament.draw import publishing
from tournament.gameday import actions
from tournament.models import DrawRecord, Game, PartnerPost, Round, Team
from tournament.printing import cache as pdf_cache

# Django's own admin is not ours to fuzz; /healthz reads no input and answers 503 by design when a
# part (e.g. the Celery worker, absent in tests) is down.
SKIPPED_NAMESPACES = {"admin"}
SKIPPED_NAMES = {"healthz"}
STAFF_PREFIXES = ("organizer/", "table/manage/")


# ---- the endpoints, from the URL configuration --------------------------------------------------

def _walk(patterns, prefix="", converters=None, namespace=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        found = {**(converters or {}), **getattr(entry.pattern, "converters", {})}
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            if entry.namespace in SKIPPED_NAMESPACES:
                continue
            yield from _walk(entry.url_patterns, route, found, inner)
        elif isinstance(entry, URLPattern) and entry.name not in SKIPPED_NAMES:
            yield f"{namespace}{entry.name}", route, found


ENDPOINTS = sorted(set((name, route) for name, route, _ in _walk(get_resolver().url_patterns)))
CONVERTERS = {route: found for _, route, found in _walk(get_resolver().url_patterns)}
PLACEHOLDER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")


# ---- a tournament in play, and another one whose ids must not reach into the first --------------

def _world_tournament(slug_hint: str):
    """A tournament with Division 1 drawn (8 teams): a game in play with hands, one forfeited, one
    level at the time limit, one finished; Division 2 previewed only; the partner board open."""
    soon = timezone.now() + dt.timedelta(days=2)
    tournament = TournamentFactory(slug=f"fuzz-{slug_hint}", signup_deadline=soon - dt.timedelta(days=1))
    division, first = publish_division(tournament, teams=8, starts_at=soon)
    playing, forfeited, level, finished = first
    for game in (playing, level, finished):
        for team in teams(game):
            actions.check_in(game, team)
    for game in (playing, level, finished):
        actions.start_game(game, agreed_team_ids=[t.pk for t in teams(game)])
    hands.submit(Game.objects.get(pk=playing.pk), number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)],
                 key=f"{slug_hint}-1", entered_by="A")
    actions.forfeit_no_partner(forfeited, teams(forfeited)[0], note="gone home")
    Game.objects.filter(pk=level.pk).update(status=Game.Status.AWAITING_DECISION)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.AWAITING_DECISION)
    actions.decide(Game.objects.get(pk=finished.pk), teams(finished)[1], None, "one more hand")
    for name in ("Dora", "Eli"):
        PartnerPost.objects.create(player=PlayerFactory(tournament=tournament, name=f"{name} {slug_hint}"))
    TeamFactory(tournament=tournament, name=f"Late {slug_hint}")
    publishing.preview(tournament, "d2", seed=3, override=True)
    return tournament


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module; every test's own transaction rolls back to it."""
    with django_db_blocker.unblock(), transaction.atomic():
        staff = UserFactory(username="fuzz-staff", is_staff=True)
        main, other = _world_tournament("main"), _world_tournament("other")
        games = list(Game.objects.all())
        ids = {
            "slug": [main.slug, other.slug],
            "game_id": [g.pk for g in games],
            "round_id": list(Round.objects.values_list("pk", flat=True)),
            "division_id": list(Game.objects.values_list("division_id", flat=True).distinct()),
            "team_id": list(Team.objects.values_list("pk", flat=True)),
            "post_id": list(PartnerPost.objects.values_list("pk", flat=True)),
            "number": [1, 2],
            "token": [g.table_token for g in games if g.table_token],
            "kind": ["d1", "d2", "final"],
            "version": ["posting", "current"],
            "job_id": [pdf_cache.new_job(tournament_id=main.pk, round_id=ids_round, paper="a4", base_url="http://x/",
                                         title="cards", created=0, filename="cards.pdf")
                       for ids_round in Round.objects.filter(division__tournament=main).values_list("pk", flat=True)[:1]],
        }
        every_id = sorted({str(x) for key in ("game_id", "round_id", "team_id", "post_id") for x in ids[key]}
                          | {str(x) for x in DrawRecord.objects.values_list("pk", flat=True)}
                          | {str(x) for x in PartnerPost.objects.values_list("player_id", flat=True)})
        names = _field_names(staff, ids)
        yield {"staff": staff, "ids": ids, "values": every_id, "names": names}
        transaction.set_rollback(True)


class _FormFields(HTMLParser):
    """Which names each form on a page sends, by the endpoint it posts to (its action, its hx-post,
    or the page itself)."""

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


def _field_names(staff, ids) -> dict[str, list[str]]:
    """The input names each endpoint's forms send, read from every page the site renders with the
    world's real ids, as staff and anonymously; "" holds every name seen anywhere."""
    by_view: dict[str, set] = {"": set()}
    staff_client, anonymous = Client(), Client()
    staff_client.force_login(staff)
    for _, route in ENDPOINTS:
        wanted = [m["name"] for m in PLACEHOLDER.finditer(route)]
        for i in range(max([len(ids.get(w, [])) for w in wanted] or [1])):
            url = "/" + PLACEHOLDER.sub(lambda m: quote(str(_nth(ids.get(m["name"]), i)), safe=""), route)
            if url.endswith(".pdf"):
                continue
            client = staff_client if route.startswith(STAFF_PREFIXES) else anonymous
            response = client.get(url)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            parser = _FormFields(url)
            parser.feed(response.content.decode())
            for target, names in parser.found.items():
                try:
                    view_name = resolve(target).view_name
                except Resolver404:
                    continue
                by_view.setdefault(view_name, set()).update(names - {"csrfmiddlewaretoken"})
                by_view[""].update(names - {"csrfmiddlewaretoken"})
    return {view: sorted(names) for view, names in by_view.items()}


def _nth(values, i):
    return values[i % len(values)] if values else "x"


# ---- the random requests ------------------------------------------------------------------------

NASTY = [
    "", " ", "\x00", "1\x00", "a\x00b", "²", "¹²", "١٢", "٣", "½", "9" * 20, str(2**63), str(2**63 - 1), "-1", "0",
    "1.5", "1e3", "NaN", "true", "on", "x" * 3000, "\u202e", "<b>", "'", "null", "[]",
]


def _kwarg(kind: str, real: list) -> st.SearchStrategy[str]:
    """A URL part: mostly a real one (so the body reaches the view's logic), else a random one."""
    nasty = st.sampled_from(["0", "-1", "9" * 20, str(2**63), str(2**63 - 1), "²", "\x00", "x", "00", "1" * 400])
    random = st.integers(min_value=-10, max_value=10**25).map(str) if kind in ("int", "id") else st.text(min_size=1, max_size=12)
    if not real:
        return st.one_of(random, nasty)
    real = st.sampled_from([str(x) for x in real])
    return st.one_of(real, real, real, random, nasty)


def _url(route: str, world) -> st.SearchStrategy[str]:
    """Mostly the endpoint with every part real (so the body reaches the view's logic), else with
    each part real or random."""
    wanted = [(m["kind"] or "str", world["ids"].get(m["name"], [])) for m in PLACEHOLDER.finditer(route)]
    if not wanted:
        return st.just("/" + route)

    def fill(values):
        it = iter(values)
        return "/" + PLACEHOLDER.sub(lambda m: quote(next(it), safe=""), route)

    real = st.tuples(*(st.sampled_from([str(x) for x in ids] or ["x"]) for _, ids in wanted)).map(fill)
    mixed = st.tuples(*(_kwarg(kind, ids) for kind, ids in wanted)).map(fill)
    return st.one_of(real, real, real, mixed)


def _data(world, view_name: str) -> st.SearchStrategy[dict]:
    """Mostly the endpoint's own field names (each present or not), plus a few random keys."""
    value = st.one_of(st.sampled_from(NASTY), st.sampled_from(world["values"]), st.text(max_size=20),
                      st.integers(min_value=-(2**70), max_value=2**70).map(str))
    values = st.one_of(value, st.lists(value, min_size=1, max_size=3))
    own = world["names"].get(view_name) or world["names"][""]
    known = st.fixed_dictionaries({}, optional={name: values for name in own})
    extra = st.dictionaries(st.one_of(st.sampled_from(world["names"][""]), st.text(min_size=1, max_size=10)), values, max_size=3)
    return st.tuples(known, extra).map(lambda pair: {**pair[1], **pair[0]})


def _request(client: Client, method: str, url: str, data: dict, htmx: bool):
    headers = {"HX-Request": "true"} if htmx else {}
    # A savepoint per request: a database error in a view must not poison the examples after it.
    try:
        with transaction.atomic():
            if method == "get":
                return client.get(url, data, headers=headers)
            return client.post(url, data, headers=headers)
    except Exception as exc:  # the view raised: that is the 500 this test exists to find
        raise AssertionError(f"{method.upper()} {url!r} {data!r} raised {exc!r}") from exc


@pytest.mark.django_db
@pytest.mark.parametrize("name,route", ENDPOINTS, ids=[name for name, _ in ENDPOINTS])
def test_no_input_gives_a_server_error(world, name, route):
    client = Client()
    if route.startswith(STAFF_PREFIXES):
        client.force_login(world["staff"])
    else:
        # This browser has a post on the partner board, so choosing a partner gets past the first check.
        session = client.session
        session["partner_posts"] = world["ids"]["post_id"][:1]
        session.save()

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(method=st.sampled_from(["post", "post", "get"]), url=_url(route, world), data=_data(world, name),
           htmx=st.booleans())
    def check(method, url, data, htmx):
        response = _request(client, method, url, data, htmx)
        assert response.status_code < 500, f"{method.upper()} {url!r} {data!r} answered {response.status_code}"

    check()
