from .accounts import Invitation
from .brackets import Division, DivisionWithdrawal, DrawRecord, Game, GameSide, Round
from .clubs import Club, Member, MemberName, MemberRating, PastEvent, Season
from .entries import PartnerPost, Player, Team
from .events import Tournament
from .gameday import CheckIn, GameEvent, Substitution
from .mail import EntrantMail, OutboxMessage
from .tables import (
    Household,
    PartnerDraw,
    PeopleChange,
    SeatingDraw,
    TableBonus,
    TableEntry,
    TableEvent,
)

__all__ = [
    "PeopleChange",
    "Invitation",
    "Club",
    "Member",
    "MemberName",
    "MemberRating",
    "PastEvent",
    "Season",
    "Tournament",
    "Player",
    "Team",
    "PartnerPost",
    "Division",
    "DivisionWithdrawal",
    "DrawRecord",
    "Round",
    "Game",
    "GameSide",
    "CheckIn",
    "Substitution",
    "GameEvent",
    "OutboxMessage",
    "EntrantMail",
    "Household",
    "TableEntry",
    "TableEvent",
    "PartnerDraw",
    "SeatingDraw",
    "TableBonus",
]
