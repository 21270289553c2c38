"""The game log in words, in the reader's language, made when a page shows it.

An entry keeps ids and keys (tournament.core.game_log); its `note` holds only what a person typed
(a reason). Entries written before this module kept an English sentence in the note ("Not checked in
by 9:31 AM: …", "Ana plays for Bea (…)"): `typed_part` keeps only what a person typed of those, so
no English sentence reaches a page in another language. Every kind has its words here; a kind
nobody gave words to reads as a translated "Change", never as its English key.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext

from tournament.common import stored_words
from tournament.common.localtime import clock
from tournament.common.names import people_in
from tournament.common.numbers import points_text
from tournament.core import formats, game_log, game_log_kinds, seat_state
from tournament.core.game_log import Entrant
from tournament.core.game_log_names import entrant_names
from tournament.models import Game, Player

KIND_WORDS = {
    "ready": gettext_lazy("Both teams known"), "started": gettext_lazy("Started"), "no_show": gettext_lazy("No-show"),
    "result": gettext_lazy("Result"), "time_limit": gettext_lazy("Time limit reached"),
    "time_limit_tie": gettext_lazy("Level at the time limit"), "one_more_hand": gettext_lazy("One more hand allowed"),
    "substitute": gettext_lazy("Substitute"), "no_partner": gettext_lazy("No partner"),
    "forfeit_reversed": gettext_lazy("Forfeit reversed"), "correction": gettext_lazy("Result corrected"),
    "reopened": gettext_lazy("Reopened"),
    "playoff_posted": gettext_lazy("Play-off posted"), "event_finished": gettext_lazy("Event finished"),
    "event_reopened": gettext_lazy("Event reopened"), "clock_paused": gettext_lazy("Clock paused"),
    "clock_resumed": gettext_lazy("Clock resumed"), "clock_extended": gettext_lazy("More time given"),
    "length_changed": gettext_lazy("Game length changed"),
    "result_reopened": gettext_lazy("Game reopened"),
    "withdrawn": gettext_lazy("Withdrawn after the draw"), "withdrawal_undone": gettext_lazy("Withdrawal undone"),
    "seat_taken": gettext_lazy("Seats taken by another entrant"),
    "reseated": gettext_lazy("Round seated again"),
    "published_while_playing": gettext_lazy("Published while the round before was still in play"), "partner_replaced": gettext_lazy("Substitute"),
    "forfeit": gettext_lazy("Walkover"), "double_forfeit": gettext_lazy("Nobody plays this game"),
    "not_needed": gettext_lazy("Not needed"), "await_decision": gettext_lazy("Waiting for the organizer's decision"),
    "seat_back": gettext_lazy("Arrived late"), "seat_left": gettext_lazy("Left the table"), "change_undone": gettext_lazy("Change after the draw undone"), "short_table": gettext_lazy("Too few players"),
    "checked_in": gettext_lazy("Checked in"), "hand_corrected": gettext_lazy("Hand corrected"),
    "hand_entered": gettext_lazy("Hand entered"), "hand_confirmed": gettext_lazy("Hand confirmed"),
    "table_link_rotated": gettext_lazy("Table link replaced"), "table_bonus": gettext_lazy("First-table bonus"),
    "table_bonus_override": gettext_lazy("First-table bonus changed"),
    "result_held": gettext_lazy("Result held: a hand awaits confirmation"),
    "unconfirmed_at_limit": gettext_lazy("Unconfirmed hand at the time limit: the organizer decides"),
}
VIA_WORDS = {"organizer": gettext_lazy("organizer"), "table": gettext_lazy("table")}

# Why a bracket game went back to waiting for its teams (advancement.reopen's `reason`, a key).
EARLIER_RESULT = gettext_noop("an earlier result changed")
FEEDER_REVERSED = gettext_noop("a forfeit was reversed in a game that feeds this one")
REOPEN_REASONS = {EARLIER_RESULT, FEEDER_REVERSED}

# The English sentences older entries kept in their note, and the part of each a person typed.
OLD_NOTES = (
    re.compile(r"Hand \d+ corrected: (?P<typed>.*)", re.S),
    re.compile(r"First-table bonus (?:moved to table \d+|removed): (?P<typed>.*)", re.S),
    re.compile(r"Event (?:finished|reopened)(?:: (?P<typed>.*))?", re.S),
)
OLD_PLAYOFF_NOTES = {"Event finished: the play-off decided every medal", "Event reopened: a play-off table was taken back"}
MACHINE_NOTES = {"no_show", "substitute", "table_bonus", "playoff_posted", "await_decision", "time_limit_tie"}


def typed_part(kind: str, note: str) -> str:
    """What a person typed of an entry's note: all of it, or none of an older entry's English sentence."""
    note = note or ""
    if game_log_kinds.current(kind) in MACHINE_NOTES:  # these kinds never carried a typed note
        return ""
    if note in OLD_PLAYOFF_NOTES or (kind == "table_bonus_override" and note.startswith("First-table bonus released")):
        return ""
    for old in OLD_NOTES:
        found = old.fullmatch(note)
        if found:
            return found["typed"] or ""
    return note


@dataclasses.dataclass
class Line:
    at: dt.datetime
    by: object
    words: str
    note: str = ""


class _Reader:
    """One game's entries put in words: the names, people and games they refer to, read once."""

    def __init__(self, game: Game, entries: list, sides):
        self.game = game
        self.tournament = game.division.tournament
        self.sides = list(sides)
        self.names = entrant_names(entries, self.sides)
        wanted = {getattr(e, f) for e in entries for f in ("replaced", "substitute") if hasattr(e, f)}
        self.people = dict(Player.objects.filter(pk__in=wanted - {None}).values_list("pk", "name"))
        games = {getattr(e, f) for e in entries for f in ("old_game", "new_game", "to_game") if hasattr(e, f)}
        self.tables = dict(Game.objects.filter(pk__in=games - {None}).values_list("pk", "table_number"))

    def name(self, entrant: Entrant | None) -> str:
        return self.names.get(entrant, _("nobody")) if entrant else _("nobody")

    def listed(self, entrants) -> str:
        return ", ".join(self.name(e) for e in entrants)

    def at(self, iso: str | None) -> str:
        try:
            return clock(self.tournament, dt.datetime.fromisoformat(iso)) if iso else ""
        except ValueError:
            return ""

    def totals(self, totals) -> str:
        return ", ".join(f"{self.name(t.entrant)} {points_text(t.total)}" for t in totals)

    def in_pairs(self) -> bool:
        return any(s.team_id for s in self.sides)

    def words(self, event, entry) -> str:  # noqa: C901 (one branch per kind, read in one place)
        kind = game_log_kinds.current(event.kind)
        head = str(KIND_WORDS.get(kind, pgettext("log entry", "Change")))
        values = {"event": head}
        if isinstance(entry, game_log_kinds.NoShow):
            absent = [self.name(e) + (f" ({stored_words.reason('no partner')})" if e in entry.no_partner else "")
                      for e in entry.absent]
            words = _("Not checked in by %(time)s: %(names)s") % {"time": self.at(entry.deadline), "names": ", ".join(absent)}
            present = len([s for s in self.sides if not any(e.is_on(s) for e in entry.absent)])
            play_on = formats.of(self.tournament).absent_seats_play_on
            if play_on and present >= seat_state.minimum(self.tournament):
                words = _("%(words)s — the others play on") % {"words": words}
            elif play_on and present >= 2:
                words = _("%(words)s — too few to play: the organizer decides") % {"words": words}
            return words
        if isinstance(entry, game_log_kinds.Started) and entry.missing:
            return _("Started by the organizer without %(names)s (absent)") % {"names": self.listed(entry.missing)}
        if isinstance(entry, game_log_kinds.SeatBack):
            return _("%(name)s arrived late: plays from hand %(number)s") % {"name": self.name(entry.entrant),
                                                                             "number": entry.hand}
        if isinstance(entry, game_log_kinds.SeatLeft):
            return _("%(name)s left the table after hand %(number)s: absent from then on, withdrawn from the event") % {
                "name": self.name(entry.entrant), "number": entry.after_hand}
        if isinstance(entry, game_log_kinds.ShortTable):
            words = {"names": self.listed(entry.present), "minimum": entry.minimum,
                     "table": self.tables.get(entry.to_game, "?")}
            if entry.choice == "move":
                return _("Too few players (%(minimum)s needed): %(names)s moved to table %(table)s") % words
            if entry.choice == "forfeit":
                return _("Too few players (%(minimum)s needed): the table is forfeited, not played") % words
            return _("Too few players (%(minimum)s needed): the organizer waits for the others") % words
        if isinstance(entry, game_log_kinds.Substitute):
            return _("%(substitute)s plays for %(name)s (%(team)s)") % {
                "substitute": self.people.get(entry.substitute, "?"), "name": self.people.get(entry.replaced, "?"),
                "team": self.name(entry.entrant)}
        if isinstance(entry, game_log_kinds.PartnerReplaced):
            return _("%(event)s: %(substitute)s plays for %(name)s") % {
                **values, "substitute": self.people.get(entry.substitute, "?"), "name": self.people.get(entry.replaced, "?")}
        if isinstance(entry, game_log_kinds.CheckedIn):
            people = people_in(self.names.get(entry.entrant)) if entry.entrant else 1
            return ngettext("%(team)s checked in (%(via)s)", "%(team)s checked in (%(via)s)", people) % {
                "team": self.name(entry.entrant), "via": VIA_WORDS.get(entry.via, entry.via)}
        if isinstance(entry, game_log_kinds.TimeLimit):
            words = _("%(event)s: %(totals)s") % {**values, "totals": self.totals(entry.totals)} if entry.totals else head
            if entry.hand:
                words = _("%(words)s; level again after one more hand (hand %(number)s)") % {"words": words, "number": entry.hand}
            if entry.winner:
                words = _("%(words)s; %(team)s wins") % {"words": words, "team": self.name(entry.winner)}
            return words
        if isinstance(entry, game_log_kinds.ResultHeld):
            return _("%(event)s (hand %(hands)s); on confirmed hands: %(totals)s") % {
                **values, "hands": ", ".join(str(h) for h in entry.hands), "totals": self.totals(entry.totals)}
        if isinstance(entry, game_log_kinds.Correction):
            return _("%(event)s: %(old)s → %(new)s") % {**values, "old": self.name(entry.old_winner), "new": self.name(entry.winner)}
        if isinstance(entry, game_log_kinds.ClockChanged) and entry.minutes and entry.minutes < 0:
            return _("%(event)s: %(minutes)s min shorter") % {**values, "minutes": -entry.minutes}
        if isinstance(entry, game_log_kinds.ClockChanged) and entry.minutes:
            return _("%(event)s: +%(minutes)s min") % {**values, "minutes": entry.minutes}
        if isinstance(entry, game_log_kinds.OneMoreHand):
            return _("%(event)s (hand %(number)s)") % {**values, "number": entry.hand}
        if isinstance(entry, game_log_kinds.HandCorrected):
            return _("Hand %(number)s corrected") % {"number": entry.hand}
        if isinstance(entry, game_log_kinds.HandEntered):
            scores = ", ".join(f"{self.name(s.entrant)} {points_text(s.total, signed=True)}" for s in entry.scores)
            return _("Hand %(number)s entered by %(by)s: %(scores)s") % {
                "number": entry.hand, "by": who(entry.author), "scores": scores}
        if isinstance(entry, game_log_kinds.HandConfirmed):
            named = {"number": entry.hand, "by": who(entry.confirmed_by)}
            if entry.handed_over:
                return _("Hand %(number)s confirmed by %(by)s, on the phone that entered it") % named
            return _("Hand %(number)s confirmed by %(by)s") % named
        if isinstance(entry, game_log_kinds.TableBonus):
            each = _("First-table bonus: +%(points)s to each pair") if self.in_pairs() else _(
                "First-table bonus: +%(points)s to each player")
            return each % {"points": points_text(entry.points)}
        if isinstance(entry, game_log_kinds.TableBonusOverride):
            if entry.new_game:
                return _("First-table bonus moved to table %(table)s") % {"table": self.tables.get(entry.new_game, "?")}
            if entry.released or event.note.startswith("First-table bonus released"):
                return _("First-table bonus given back: the table was reopened")
            return _("First-table bonus removed")
        if isinstance(entry, game_log_kinds.PublishedWhilePlaying):
            return _("%(event)s (tables %(tables)s)") % {**values, "tables": ", ".join(str(t) for t in entry.tables)}
        if isinstance(entry, game_log_kinds.PlayoffPosted):
            return _("%(round)s posted: table %(table)s, starts at %(time)s, no-show after %(minutes)s min") % {
                "round": str(self.game.round) if self.game.round_id else head, "table": entry.table,
                "time": self.at(entry.starts_at), "minutes": entry.no_show_minutes}
        if isinstance(entry, game_log_kinds.EventState) and (entry.cause == "playoff" or event.note in OLD_PLAYOFF_NOTES):
            if kind == "event_finished":
                return _("Event finished: the play-off decided every medal")
            return _("Event reopened: a play-off table was taken back")
        if isinstance(entry, game_log_kinds.Reopened):
            return _("%(event)s: %(reason)s") % {**values, "reason": reopen_reason(entry.reason)}
        if isinstance(entry, game_log_kinds.NoPartner):
            return _("%(event)s: %(team)s") % {**values, "team": self.name(entry.entrant)}
        if isinstance(entry, game_log_kinds.Outcome | game_log_kinds.ForfeitReversed):
            if entry.reason and entry.reason not in ("score", "forfeit") and not (kind == "forfeit" and entry.reason == "walkover"):
                head = _("%(event)s (%(reason)s)") % {**values, "reason": stored_words.reason(entry.reason)}
            if entry.winner and not isinstance(entry, game_log_kinds.ForfeitReversed):
                return _("%(event)s: %(team)s wins") % {"event": head, "team": self.name(entry.winner)}
            return head
        return head


def who(author: str) -> str:
    """Who entered or confirmed a hand: a side as the sheet named it, or the organizer."""
    return str(pgettext("who entered a hand", "the organizer")) if author == "organizer" else author or "?"


def reopen_reason(reason: str) -> str:
    """Why a bracket game waits for its teams again, in words (older entries named the feeding game)."""
    if reason.endswith(" forfeit reversed"):
        reason = FEEDER_REVERSED
    return _(reason) if reason in REOPEN_REASONS else reason


def lines(game: Game, events, sides) -> list[Line]:
    """The game's log entries in the reader's language, in the order given."""
    events = list(events)
    entries = [game_log.read(event) for event in events]
    reader = _Reader(game, entries, sides)
    found = []
    for event, entry in zip(events, entries):
        note = typed_part(event.kind, event.note)
        if isinstance(entry, game_log_kinds.EventState) and entry.reason and not note:
            note = entry.reason
        found.append(Line(event.at, event.by, reader.words(event, entry), note))
    return found
