"""Changing house rules: a tournament's numbers (RULES.md: every number is a preset an organizer may
change for one tournament) are changed until the first hand of the event is saved. After that they
are frozen: a hand already scored must keep meaning what it meant, so every change is refused.
Reading them (labels, groups, borrowed flags) is tournament.core.house_rules."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from rules.presets import MAX_SETTING, get_preset, resolve_numbers
from scoring.rules_text import problem_text
from tournament.common import rules_words
from tournament.common.form_fields import PointsField, WholeNumberField
from tournament.common.numbers import points_text
from tournament.common.rules_words import TIME_LIMIT
from tournament.core.house_rules import groups, is_frozen, numbers_of
from tournament.events import game_length
from tournament.models import TableEvent, Tournament

LONGEST_GAME_MINUTES = 24 * 60
COUNTS = ("hands", "rounds", TIME_LIMIT)


class Frozen(Exception):
    """The event has a saved hand: its numbers can no longer change."""


class HouseRulesForm(forms.Form):
    """One box per number an organizer may change; the rules engine checks them together."""

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        current = numbers_of(tournament)
        for group in groups(tournament):
            if not group.editable:
                continue
            for row in group.rows:
                smallest, largest = (1, LONGEST_GAME_MINUTES) if row.key == TIME_LIMIT else (0, MAX_SETTING)
                # Targets, melds and bonuses are points ("10.000" is ten thousand); hands, rounds and minutes are counts.
                kind = WholeNumberField if row.key in COUNTS else PointsField
                self.fields[row.key] = kind(label=row.label, min_value=smallest, max_value=largest)
                self.initial[row.key] = current[row.key]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        numbers = {key: value for key, value in numbers_of(self.tournament).items()}
        numbers.update(data)
        preset = get_preset(self.tournament.variant)
        settings = {key: value for key, value in numbers.items() if key in preset.numbers}
        for problem in resolve_numbers(preset, settings)[1]:
            field = (problem.field or "").removeprefix("settings.")
            self.add_error(field if field in self.fields else None, problem_text(problem))
        return data


def save(tournament: Tournament, typed: dict[str, int], by) -> dict[str, list[int]]:
    """Store the organizer's numbers; {number: [old, new]} of what changed (nothing: {}).

    Raises Frozen when a hand was saved meanwhile (another phone, another organizer)."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if is_frozen(locked):
            raise Frozen()
        before = numbers_of(locked)
        changes = {key: [before[key], value] for key, value in typed.items() if before.get(key) != value}
        if not changes:
            return {}
        numbers = dict(locked.rules_numbers or rules.preset_numbers(locked.variant))
        preset = rules.preset_numbers(locked.variant)
        for key, (_old, new) in changes.items():
            if key in numbers or key in preset:  # a number the variant gained since (S1) is stored too
                numbers[key] = new
        locked.rules_numbers = numbers
        old_length = locked.game_time_limit
        if TIME_LIMIT in changes:
            locked.game_time_limit = dt.timedelta(minutes=changes[TIME_LIMIT][1])
        username = by.get_username() if by is not None and by.is_authenticated else ""
        locked.rules_history = [*(locked.rules_history or []),
                                {"at": timezone.now().isoformat(), "by": username, "changes": changes}]
        locked.save(update_fields=["rules_numbers", "game_time_limit", "rules_history"])
        # Posted limits follow the new length; a game already on the clock keeps its own.
        game_length.apply(locked, old_length, locked.game_time_limit, game_length.KEEP, by=by, history=False)
        length = next((key for key in ("hands", "rounds") if key in changes), None)
        if length:
            # The rounds page's "hands per round" is the same number (tables.forms.EventSettingsForm).
            TableEvent.objects.filter(tournament=locked).update(hands_per_round=changes[length][1] or None)
        Tournament.objects.filter(pk=locked.pk).bump()
    return changes


@dataclass
class HistoryLine:
    at: dt.datetime | None
    by: str
    changes: list[tuple[str, str, str]]  # (label, old, new)


def history(tournament: Tournament) -> list[HistoryLine]:
    """The house-rule changes, newest first, in the page's language."""
    numbers = numbers_of(tournament)
    found = []
    for entry in reversed(tournament.rules_history or []):
        try:
            at = dt.datetime.fromisoformat(entry.get("at", ""))
        except (TypeError, ValueError):
            at = None
        changes = [(rules_words.label(key, numbers), points_text(old), points_text(new))
                   for key, (old, new) in (entry.get("changes") or {}).items()]
        found.append(HistoryLine(at, entry.get("by") or _("an organizer"), changes))
    return found
