"""What the stateful tests of both formats share: one event per example in a savepoint rolled back at
its end (the page cache emptied at its start, as row ids come back after a rollback), the people's
devices at the machine's clock, turns that keep the day moving, and the check that every page answers.

Turns: Hypothesis picks uniformly among the rules whose precondition holds. A day has many detours
(a withdrawal, a correction, a house rule …) and one way forward, so a detour is allowed only after
a step forward (`carry_on`, each format's next natural step) and each detour a few times an example:
at least every other step moves the day on, and about 20 steps reach a play-off or the end.

What every format's people do besides is here too: the event joins a club whose members are merged
and split, and a co-organizer is invited by e-mail and joins (from then on the organizers read the
organizer's pages in turn)."""

from __future__ import annotations

import datetime as dt
import os
import re
import zlib
from collections import Counter

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.people import invariants
from tests.people.devices import Devices
from tests.walks.pages import visible
from tournament.core.house_rules import numbers_of
from tournament.models import Club, Member, OutboxMessage, Tournament

PICK = st.integers(min_value=0, max_value=999)
# The pages after every step are read in English and in Spanish in turn (a Spanish page is made by
# the same views with other words: a step's page in one language is as likely to fail as in the other).
LANGUAGES = ("en", "es")

# How much each test runs: HYPOTHESIS_PROFILE=deep runs many more days (minutes); the suite's runs
# keep each machine to about 20 s on one CPU. Hypothesis's first day is always its simplest choices
# (the first rule allowed, every pick 0); the second is drawn from the test's own seed. Derandomized and without a database of failures, so
# a run is the same every time. No shrinking: it replays a failure hundreds of times (minutes each),
# and a failing run prints its steps, which replay the same every time.
DEPTH = {"suite": dict(max_examples=2, stateful_step_count=12), "deep": dict(max_examples=25, stateful_step_count=40)}
RUN = settings(**DEPTH.get(os.environ.get("HYPOTHESIS_PROFILE", ""), DEPTH["suite"]), deadline=None, derandomize=True,
               database=None, suppress_health_check=list(HealthCheck), print_blob=False,
               phases=[Phase.explicit, Phase.generate])


def said(response) -> str:
    """What a page says, in one line."""
    return " ".join(visible(response.content.decode()).split())[:1500]


def none(problems: list[str]) -> None:
    """A check passes with no problem found; else it fails naming each."""
    assert not problems, "\n".join(problems)


def pick(items: list, index: int):
    return items[index % len(items)]


def detour(name: str, times: int, when=lambda self: True):
    """A rule taken at most `times` times an example, after a step forward, when `when(self)` holds."""
    def allowed(self) -> bool:
        return not self.detoured and self.done[name] < times and bool(when(self))

    def wrap(function):
        def step(self, **kwargs):
            self.done[name] += 1
            self.detoured = True
            return function(self, **kwargs)
        step.__name__, step.__doc__ = function.__name__, function.__doc__
        return precondition(allowed)(step)
    return wrap


class PeopleMachine(RuleBasedStateMachine):
    """One event of the subclass's format, and the checks on pages and settings every format has."""

    organizer = None  # the test's organizer account (the `organizer` fixture), set by the test

    def __init__(self):
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        cache.clear()
        start = timezone.now().replace(second=0, microsecond=0)
        self.devices = Devices(self.organizer, start)
        with self.devices.at():
            created = self.create_event(start)
        self.pk, self.slug = created.pk, created.slug
        self.done: Counter = Counter()
        self.detoured = False
        self.counter = 0
        self.expected_numbers = numbers_of(created)
        self.expected_fields: dict = {}
        self.pages_read_at = None
        self.reads = 0
        self.co_organizer = None

    def create_event(self, start: dt.datetime) -> Tournament:
        raise NotImplementedError

    @property
    def event(self) -> Tournament:
        """The event as saved now (a page may have changed it)."""
        return Tournament.objects.get(pk=self.pk)

    def org(self, path: str) -> str:
        return f"/organizer/t/{self.slug}/{path}"

    def next(self, prefix: str) -> str:
        """A fresh name or key for this example."""
        self.counter += 1
        return f"{prefix}{self.counter}"

    def forward(self) -> None:
        """Called by each format's step forward: a detour may follow."""
        self.detoured = False

    # ---- checks every format has ---------------------------------------------------------------

    @invariant()
    def settings_are_as_saved(self):
        none(invariants.settings_problems(self.event, self.expected_numbers, self.expected_fields))

    @invariant()
    def every_sheet_replays(self):
        none(invariants.totals_problems(self.event))

    @invariant()
    def absent_seats_take_no_part(self):
        none(invariants.absent_problems(self.event))

    # ---- people every format has: a club's members merged and split, a co-organizer invited ----------

    def club(self) -> Club | None:
        return Club.objects.filter(events__pk=self.pk).first()

    @rule()
    @detour("club", 1, lambda self: self.club() is None)
    def join_a_club(self):
        """The organizer makes a club with a season and adds the event to it: its players become the
        club's members, with pages of their own."""
        o, slug = self.devices.organizer, self.next("club-")
        made = self.devices.post(o, "/organizer/clubs/", {"name": f"Club {slug}", "slug": slug, "time_zone": "America/Mazatlan"})
        assert made.status_code == 302, said(made)
        day = timezone.localdate(self.devices.now)
        season = self.devices.post(o, f"/organizer/clubs/{slug}/seasons/", {
            "name": "This season", "starts_on": str(day - dt.timedelta(days=100)), "ends_on": str(day + dt.timedelta(days=100))})
        assert season.status_code == 302, said(season)
        joined = self.devices.post(o, f"/organizer/clubs/{slug}/events/", {"event": self.slug})
        assert joined.status_code == 302 and self.club() is not None, said(joined)

    def members(self) -> list[Member]:
        club = self.club()
        return list(club.members.filter(merged_into__isnull=True).order_by("pk")) if club else []

    @rule(first=PICK, second=PICK)
    @detour("merge", 2, lambda self: self.club() is not None)
    def merge_two_members(self, first, second):
        """The secretary merges two members as one person (refused when they shared a table)."""
        self.devices.page(self.devices.organizer, f"/organizer/clubs/{self.club().slug}/members/")  # lists them all
        everyone = self.members()
        if len(everyone) < 2:
            return
        keep = pick(everyone, first)
        other = pick([m for m in everyone if m.pk != keep.pk], second)
        club = self.club()
        response = self.devices.post(self.devices.organizer, f"/organizer/clubs/{club.slug}/members/merge/",
                                     {"keep": keep.pk, "other": other.pk})
        assert response.status_code in (302, 400), said(response)
        if response.status_code == 302:
            assert Member.objects.get(pk=other.pk).merged_into_id == keep.pk

    def merged(self) -> list[Member]:
        club = self.club()
        return list(club.members.filter(merged_into__isnull=False).order_by("pk")) if club else []

    @rule(which=PICK)
    @detour("split", 1, lambda self: self.merged())
    def split_a_merge(self, which):
        member = pick(self.merged(), which)
        response = self.devices.post(self.devices.organizer, f"/organizer/clubs/{member.club.slug}/members/{member.pk}/split/", {})
        assert response.status_code == 302
        assert Member.objects.get(pk=member.pk).merged_into_id is None

    @rule()
    @detour("invite", 1, lambda self: self.co_organizer is None)
    def invite_a_co_organizer(self):
        """The organizer invites a helper by e-mail; the helper opens the link, makes an account and
        from then on reads the organizer's pages in turn with the organizer."""
        email = f"{self.next('helper')}@club.example"
        sent = self.devices.post(self.devices.organizer, self.org("organizers/invite/"), {"email": email})
        assert sent.status_code == 302, said(sent)
        body = OutboxMessage.objects.filter(to=email).latest("pk").body
        path = re.search(r"https?://[^/\s]+(/accounts/invitation/[^/\s]+/)", body).group(1)
        helper = Client(HTTP_ACCEPT_LANGUAGE="es")
        assert self.devices.get(helper, path).status_code == 200
        made = self.devices.post(helper, path, {"action": "create", "username": email.split("@")[0],
                                                "password1": "a long walk home 7", "password2": "a long walk home 7"})
        assert made.status_code == 302, said(made)
        self.co_organizer = get_user_model().objects.get(email=email)
        assert self.event.organizers.filter(pk=self.co_organizer.pk).exists()

    def language(self) -> str:
        return LANGUAGES[self.reads % len(LANGUAGES)]

    def readers(self) -> list:
        """The organizers who read the organizer's pages (a co-organizer too, once one joined)."""
        return [self.organizer] + ([self.co_organizer] if self.co_organizer else [])

    @invariant()
    def every_page_answers(self):
        """After every change, every page of the event (tests/walks/listed.py) for a visitor, the
        organizers and every table's phone, in English and Spanish in turn (the public pages as an
        organizer sees them, half of them each step: each in both languages every four steps)."""
        club = self.club()
        changes = (self.event.changes, club.changes if club else None)
        if changes == self.pages_read_at:
            return  # nothing changed since the pages were read (every page is keyed by this counter)
        self.pages_read_at = changes
        reader = self.readers()[self.reads // 4 % len(self.readers())]
        none(invariants.page_problems(self.event, reader, self.devices, language=self.language(), half=self.reads // 2 % 2))
        self.reads += 1

    def teardown(self):
        """At the end, the pages every link reaches too: they answer, and the list has their kind."""
        try:
            none(invariants.page_problems(self.event, self.organizer, self.devices, language=self.language(),
                                          whole=True))
        finally:
            transaction.set_rollback(True)
            self._atomic.__exit__(None, None, None)


def run(machine: type[PeopleMachine], organizer, **attributes) -> None:
    """Run `machine` for this organizer."""
    from hypothesis.stateful import run_state_machine_as_test

    named = type(machine.__name__, (machine,), {"organizer": organizer, **attributes})
    # Each test its own seed (the same every run): derandomized alone, every machine would draw the
    # same choices and so take the same detours in the same order whatever its format.
    named._hypothesis_internal_use_seed = zlib.crc32(f"{machine.__name__} {sorted(attributes.items())}".encode())
    run_state_machine_as_test(named, settings=RUN)


def local(tournament: Tournament, moment: dt.datetime) -> str:
    """A moment as a datetime-local box takes it, in the event's time zone."""
    return moment.astimezone(tournament.tz).strftime("%Y-%m-%dT%H:%M")
