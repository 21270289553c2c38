"""How messages and pages name a game, its status and a division kind, in the page's language.

Game.label and the models' choice labels are English; these say the same in the active language
(English output is identical).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Division, Game

STATUS_WORDS = {
    Game.Status.WAITING: gettext_lazy("Waiting for teams"),
    Game.Status.READY: gettext_lazy("Ready"),
    Game.Status.IN_PLAY: gettext_lazy("In play"),
    Game.Status.FINISHED: gettext_lazy("Finished"),
    Game.Status.BYE: gettext_lazy("Bye"),
    Game.Status.FORFEIT: gettext_lazy("Forfeit"),
    Game.Status.DOUBLE_FORFEIT: gettext_lazy("Double forfeit"),
    Game.Status.AWAITING_DECISION: gettext_lazy("Awaiting organizer"),
    Game.Status.NOT_NEEDED: gettext_lazy("Not needed"),
}

KIND_WORDS = {
    Division.Kind.D1: gettext_lazy("Division 1"),
    Division.Kind.D2: gettext_lazy("Division 2"),
    Division.Kind.FINAL: gettext_lazy("Final"),
    Division.Kind.TABLES: gettext_lazy("Table rounds"),
}


def status_words(game: Game) -> str:
    """The game's status as the pages show it ("In play"); .lower() inside sentences."""
    return str(STATUS_WORDS.get(game.status, game.get_status_display()))


def kind_words(kind: str) -> str:
    return str(KIND_WORDS.get(kind, kind))


def kind_choices() -> list[tuple[str, str]]:
    return [(value, kind_words(value)) for value in Division.Kind.values]


def game_label(game: Game) -> str:
    """“Division 1 Semi-finals game 2, table 4”: Game.label in the active language."""
    named = {"division": game.division.name, "round": game.round, "number": game.number, "table": game.table_number}
    if game.table_number:
        return _("%(division)s %(round)s game %(number)s, table %(table)s") % named
    return _("%(division)s %(round)s game %(number)s") % named
