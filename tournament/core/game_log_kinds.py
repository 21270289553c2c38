"""The kinds of game-log entry and their schemas (GameEvent.kind -> the dataclass of its `data`).

How entries are written, read and walked for ids is tournament/core/game_log.py; this module is only
the list of kinds, so that adding one is one dataclass and one line in SCHEMAS.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated


class LogSchemaError(ValueError):
    """An entry that does not match its kind's schema (or a kind nobody declared)."""


@dataclass(frozen=True)
class Ref:
    """Marks an int field as the primary key of `model` ("app.Model")."""

    model: str


def later(default):
    """A field added after entries of its kind were written: optional, and left out of the stored
    entry while it holds its default, so an entry that does not use it reads as it always did."""
    if callable(default):
        return field(default_factory=default, metadata={"later": True})
    return field(default=default, metadata={"later": True})


TeamId = Annotated[int, Ref("tournament.Team")]
PlayerId = Annotated[int, Ref("tournament.Player")]
GameId = Annotated[int, Ref("tournament.Game")]


@dataclass(frozen=True)
class Entrant:
    """Who played: a team (bracket teams, partnerships at tables) or a player seated alone."""

    team: TeamId | None = None
    player: PlayerId | None = None

    def __post_init__(self):
        if (self.team is None) == (self.player is None):
            raise LogSchemaError(f"an entrant is a team or a player, exactly one of them: {self!r}")

    @classmethod
    def of(cls, side) -> Entrant:
        """The entrant on a GameSide (or anything with team_id / player_id)."""
        return cls(team=side.team_id) if side.team_id else cls(player=side.player_id)

    @classmethod
    def team_of(cls, team_id: int | None) -> Entrant | None:
        return None if team_id is None else cls(team=team_id)

    def is_on(self, side) -> bool:
        return (self.team is not None and self.team == side.team_id) or (
            self.player is not None and self.player == side.player_id)


@dataclass(frozen=True)
class EntrantTotal:
    entrant: Entrant
    total: int


# ---- one schema per kind ------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Ready:
    """A bracket game's teams are both known."""


@dataclass(frozen=True, kw_only=True)
class Started:
    via: str
    time_limit_at: str | None
    early: bool = False
    agreed: list[Entrant] = field(default_factory=list)  # who agreed to an early start
    missing: list[Entrant] = later(list)  # seats the organizer started without: absent from then on


@dataclass(frozen=True, kw_only=True)
class CheckedIn:
    """A player seated alone checked in (teams check in as CheckIn rows)."""

    via: str
    entrant: Entrant


@dataclass(frozen=True, kw_only=True)
class NoShow:
    absent: list[Entrant]
    deadline: str
    no_partner: list[Entrant] = later(list)  # of `absent`, those short of a partner (bracket)


@dataclass(frozen=True, kw_only=True)
class TimeLimit:
    totals: list[EntrantTotal]  # over the hands completed before the limit
    winner: Entrant | None = None
    hand: int | None = None  # the one more hand after which the game is level again


@dataclass(frozen=True, kw_only=True)
class ResultHeld:
    """The time limit found hands not yet confirmed: the result waits for them (RULES F1); past the
    table's window, for the organizer (`unconfirmed_at_limit`)."""

    hands: list[int]
    totals: list[EntrantTotal]  # over the confirmed hands only
    as_entered: list[EntrantTotal]  # were the waiting hands confirmed as they stand
    until: str | None = None  # when the table's window to confirm them closes


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """A result recorded (`result`), or an automatic one (walkover, double forfeit, not needed)."""

    status: str = ""
    reason: str = ""
    winner: Entrant | None = None


@dataclass(frozen=True, kw_only=True)
class Correction:
    status: str
    reason: str
    winner: Entrant | None
    old_winner: Entrant | None
    old_status: str


@dataclass(frozen=True, kw_only=True)
class AwaitingDecision:
    """Over with no single winner on the sheet: the organizer decides."""


@dataclass(frozen=True, kw_only=True)
class OneMoreHand:
    hand: int
    time_limit_at: str | None


@dataclass(frozen=True, kw_only=True)
class ForfeitReversed:
    status: str
    reason: str
    winner: Entrant | None


@dataclass(frozen=True, kw_only=True)
class Reopened:
    reason: str


@dataclass(frozen=True, kw_only=True)
class ClockChanged:
    """The organizer paused, resumed or extended a game's clock (the reason is the entry's note)."""

    time_limit_at: str | None  # the deadline after the change
    left_seconds: int | None = None  # what was left on the clock (a pause)
    paused_seconds: int | None = None  # how long it was stopped (a resume)
    minutes: int | None = None  # added (an extension)


@dataclass(frozen=True, kw_only=True)
class NoPartner:
    entrant: Entrant


@dataclass(frozen=True, kw_only=True)
class Substitute:
    entrant: Entrant  # the team the substitute plays for
    replaced: PlayerId
    substitute: PlayerId


@dataclass(frozen=True, kw_only=True)
class HandEntered:
    hand: int
    author: str  # the side that entered it, as the sheet names it, or "organizer"
    scores: list[EntrantTotal]  # each entrant's score for this hand


@dataclass(frozen=True, kw_only=True)
class HandConfirmed:
    hand: int
    version: int  # the version the other side agreed with
    confirmed_by: str  # the confirming side, as the sheet names it, or "organizer"
    handed_over: bool = False  # confirmed on the phone that entered it, passed across the table


@dataclass(frozen=True, kw_only=True)
class HandCorrected:
    hand: int
    version: int
    author: str


@dataclass(frozen=True, kw_only=True)
class TableLinkRotated:
    old_token: str  # kept so a stale link's 404 can still offer the tournament's home


@dataclass(frozen=True, kw_only=True)
class TableBonus:
    points: int


@dataclass(frozen=True, kw_only=True)
class TableBonusOverride:
    old_game: GameId | None
    new_game: GameId | None
    points: int
    released: bool = later(False)  # given back because its table was reopened (not the organizer's move)


@dataclass(frozen=True, kw_only=True)
class PlayoffPosted:
    """A play-off table set by the organizer: who, where, when and its own no-show grace."""

    entrants: list[Entrant]
    table: int
    starts_at: str
    no_show_minutes: int


@dataclass(frozen=True, kw_only=True)
class EventState:
    """The organizer declared the event finished (medals final) or reopened it; or the last play-off did
    (`cause` "playoff": it decided every medal, or one of its tables was taken back)."""

    reason: str = ""
    cause: str = later("")
# Changes after a draw (a bracket team's withdrawal gives walkovers; the reason is the entry's note).
# `choice`: what the organizer did with a table's seats ("substitute",
# "sitting_out", "reseat", or "" when no table was waiting); `player`: the one partner who withdrew.
@dataclass(frozen=True, kw_only=True)
class Withdrawn:
    entrant: Entrant
    player: PlayerId | None = None
    round: int = 0
    choice: str = ""


# A team's withdrawal from one division taken back (tournament.formats.bracket.withdrawal.undo): the
# game it had given away is to be played again; `status`, `reason`, `winner`: what was taken back.
@dataclass(frozen=True, kw_only=True)
class WithdrawalUndone:
    entrant: Entrant
    status: str = ""
    reason: str = ""
    winner: Entrant | None = None


@dataclass(frozen=True, kw_only=True)
class SeatTaken:
    left: Entrant
    joined: Entrant
    round: int


@dataclass(frozen=True, kw_only=True)
class Reseated:
    without: Entrant
    round: int
    seed: int


@dataclass(frozen=True, kw_only=True)
class PartnerReplaced:
    entrant: Entrant
    replaced: PlayerId
    substitute: PlayerId
    round: int
    rest_of_event: bool
    alone: bool = later(False)  # the partnership had one player left (their partner withdrew)
    # What the substitute was before (so the change can be undone): their partnership, and their
    # sign-up: "active", "withdrawn", or "none" (a new name, or a one-round substitute before).
    from_team: TeamId | None = later(None)
    was: str = later("")


@dataclass(frozen=True, kw_only=True)
class PublishedWhilePlaying:
    """A table round published, as the organizer said, while tables of the round before still played."""

    before: int  # the round before: its number
    tables: list[int]  # its tables still in play


@dataclass(frozen=True, kw_only=True)
class SeatBack:
    """An absent seat's player arrived after all (the organizer's undo): plays from `hand` on."""

    entrant: Entrant
    hand: int


@dataclass(frozen=True, kw_only=True)
class SeatLeft:
    """A player left the table during the game (RULES-DECISIONS S4): the seat is absent after hand
    `after_hand`; `player` is who left (withdrawn from the event from then on)."""

    entrant: Entrant
    after_hand: int
    player: PlayerId | None = None


@dataclass(frozen=True, kw_only=True)
class ShortTable:
    """Fewer seats than the variant's minimum play on: the organizer's choice (wait, move, forfeit)."""

    choice: str
    present: list[Entrant]
    minimum: int
    to_game: GameId | None = None  # where the players moved


@dataclass(frozen=True, kw_only=True)
class ChangeUndone:
    """The organizer took back a change after the draw: a one-round substitute (`other`), a substitute
    for the rest of the event (`other`, who replaced `player`) or a withdrawal."""

    what: str  # "substitute" | "rest_of_event" | "withdrawal"
    entrant: Entrant
    player: PlayerId | None = None
    other: PlayerId | None = None
    round: int = 0


SCHEMAS: dict[str, type] = {
    "ready": Ready,
    "started": Started,
    "checked_in": CheckedIn,
    "no_show": NoShow,
    "time_limit": TimeLimit,
    "time_limit_tie": TimeLimit,
    "result_held": ResultHeld,
    "unconfirmed_at_limit": ResultHeld,
    "result": Outcome,
    "forfeit": Outcome,  # walkover (advancement._automatic logs the status as the kind)
    "double_forfeit": Outcome,
    "not_needed": Outcome,
    "correction": Correction,
    "await_decision": AwaitingDecision,
    "one_more_hand": OneMoreHand,
    "forfeit_reversed": ForfeitReversed,
    "reopened": Reopened,
    "no_partner": NoPartner,
    "clock_paused": ClockChanged,
    "clock_resumed": ClockChanged,
    "clock_extended": ClockChanged,
    "length_changed": ClockChanged,  # the tournament's game length changed and this game in play took it
    "result_reopened": ForfeitReversed,  # a finished game back in play: what was taken back
    "substitute": Substitute,
    "hand_entered": HandEntered,
    "hand_confirmed": HandConfirmed,
    "hand_corrected": HandCorrected,
    "table_link_rotated": TableLinkRotated,
    "table_bonus": TableBonus,
    "table_bonus_override": TableBonusOverride,
    "playoff_posted": PlayoffPosted,
    "event_finished": EventState,
    "event_reopened": EventState,
    "withdrawn": Withdrawn,
    "withdrawal_undone": WithdrawalUndone,
    "seat_taken": SeatTaken,
    "reseated": Reseated,
    "partner_replaced": PartnerReplaced,
    "published_while_playing": PublishedWhilePlaying,
    "seat_back": SeatBack,
    "seat_left": SeatLeft,
    "short_table": ShortTable,
    "change_undone": ChangeUndone,
}

# Kinds written under another name before: old name -> today's. Entries stored under an old name
# (migration 0036 renames them; a backup file made before it is renamed on import) still read.
# A move's entry is named as the move (tournament.core.transitions.MOVES): one vocabulary.
RENAMED: dict[str, str] = {"awaiting_decision": "await_decision"}


def current(kind: str) -> str:
    """An entry's kind under today's name."""
    return RENAMED.get(kind, kind)


# ---- reading and writing ------------------------------------------------------------------------
