"""What the stateful tests of both formats share: one event per example in a savepoint rolled back at
its end (the page cache emptied at its start, as row ids come back after a rollback), the people's
devices at the machine's clock, turns that keep the day moving, and the check that every page answers.

Turns: Hypothesis picks uniformly among the rules whose precondition holds. A day has many detours
(a withdrawal, a correction, a house rule …) and one way forward, so a detour is allowed only after
a step forward (`carry_on`, each format's next natural step) and each detour a few times an example:
at least every other step moves the day on, and 30 steps reach the play-off."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition

from tests.people import invariants
from tests.people.devices import Devices
from tournament.core.house_rules import numbers_of
from tournament.models import Tournament

PICK = st.integers(min_value=0, max_value=999)
# Reading every page by its links takes seconds: after every step the pages people use most are read
# (invariants.QUICK_*, every table's phone), and every page at the first few new shapes of the event.
WHOLE_READS = 2

# Bounded so each test file runs in well under a minute on one CPU; derandomized and without a
# database of failures, so a run is the same every time. No shrinking: it replays a failure hundreds
# of times (minutes each), and a failing run prints its 20 steps, which replay the same every time.
RUN = settings(max_examples=2, stateful_step_count=20, deadline=None, derandomize=True, database=None,
               suppress_health_check=list(HealthCheck), print_blob=False,
               phases=[Phase.explicit, Phase.generate])


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
    # The shapes of the event whose every page was read, in any example of this test's run: a page of
    # a shape read before is made by the same code from the same kind of rows (invariants.page_shape).
    shapes: set = set()

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
        assert invariants.settings_problems(self.event, self.expected_numbers, self.expected_fields) == []

    @invariant()
    def every_sheet_replays(self):
        assert invariants.totals_problems(self.event) == []

    @invariant()
    def absent_seats_take_no_part(self):
        assert invariants.absent_problems(self.event) == []

    @invariant()
    def every_page_answers(self):
        """After every change: the pages people use most and every table's phone; every page of the
        event (by its links) at a new shape of it, a few times an example, and at the example's end."""
        changes = self.event.changes
        if changes == self.pages_read_at:
            return  # nothing changed since the pages were read (every page is keyed by this counter)
        self.pages_read_at = changes
        shape = invariants.page_shape(self.event)
        whole = shape not in self.shapes and self.done["every page"] < WHOLE_READS
        self.done["every page"] += whole
        assert invariants.page_problems(self.event, self.organizer, self.devices, whole=whole) == []
        if whole:
            self.shapes.add(shape)

    def teardown(self):
        try:
            assert invariants.page_problems(self.event, self.organizer, self.devices, whole=True) == []
        finally:
            transaction.set_rollback(True)
            self._atomic.__exit__(None, None, None)


def run(machine: type[PeopleMachine], organizer, **attributes) -> None:
    """Run `machine` for this organizer with a fresh memory of the shapes read."""
    from hypothesis.stateful import run_state_machine_as_test

    named = type(machine.__name__, (machine,), {"organizer": organizer, "shapes": set(), **attributes})
    run_state_machine_as_test(named, settings=RUN)


def local(tournament: Tournament, moment: dt.datetime) -> str:
    """A moment as a datetime-local box takes it, in the event's time zone."""
    return moment.astimezone(tournament.tz).strftime("%Y-%m-%dT%H:%M")
