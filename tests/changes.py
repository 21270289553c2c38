"""Reading the change counter in tests: how many changes an action counted."""

from django.core.exceptions import ValidationError

from tournament.models import Game, Tournament


def changes(of: Tournament | Game) -> int:
    """The counter of the tournament, or of the game's tournament, as the database has it now."""
    pk = of.division.tournament_id if isinstance(of, Game) else of.pk
    return Tournament.objects.get(pk=pk).changes


def counted(of: Tournament | Game, action) -> int:
    """How many changes `action()` counted; a refusal (ValidationError) is swallowed and counts what it counts."""
    before = changes(of)
    try:
        action()
    except ValidationError:
        pass
    return changes(of) - before
