from .events import Tournament
from .entries import PartnerPost, Player, Team
from .brackets import Division, DrawRecord, Game, GameSide, Round
from .gameday import CheckIn, GameEvent, Substitution
from .tables import Household, PartnerDraw, SeatingDraw, TableBonus, TableEntry, TableEvent

__all__ = [
    "Tournament",
    "Player",
    "Team",
    "PartnerPost",
    "Division",
    "DrawRecord",
    "Round",
    "Game",
    "GameSide",
    "CheckIn",
    "Substitution",
    "GameEvent",
    "Household",
    "TableEntry",
    "TableEvent",
    "PartnerDraw",
    "SeatingDraw",
    "TableBonus",
]
