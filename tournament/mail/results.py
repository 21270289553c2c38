"""Results by e-mail: a decided game's result with each side's next game, and the event's final
results when it is over — to the opted-in entrants, each in their own language.

Both are queued in the transaction that decides them (tournament.core.entrant_notices, called by
the game's one transition funnel), so a result is never told without being recorded nor recorded
without being told. Once each: a game's result is keyed by the game's version (the same move run
again, or a redelivered task, writes no second row; a corrected result is a new version and is
told again), and the event's results by the claim on the tournament row (`results_mailed_at`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.common import site_address
from tournament.common.numbers import total_marked_text
from tournament.mail import entrants, games
from tournament.models import EntrantMail, Game, Tournament

Kind = EntrantMail.Kind


def _scores(game: Game) -> str:
    """“Sharks 520 · Jets 310” when hands were played; "" for a forfeit before any."""
    sides = [s for s in game.sides.all() if s.team_id or s.player_id]
    if not any(s.total or s.pending_hands for s in sides):
        return ""
    return " · ".join(f"{s} {total_marked_text(s.total, s.confirmed_total, s.pending_hands)}" for s in sides)


def _next_text(entry: EntrantMail, game: Game) -> str:
    following = games.next_game(entry, after=game)
    if following is None:
        return _("No game of yours is waiting now. When another is drawn you will get an e-mail, and your page shows it.")
    return _("Your next game: %(game)s, %(when)s, against %(against)s.") % {
        "game": following.label, "when": games.when(following), "against": games.opponents(following, entry)}


def result_and_next(game: Game, result: Callable[[], str]) -> int:
    """Each opted-in entrant at this decided game: its result (`result`, the format's words, called
    in the entrant's language) and their next game; how many were queued."""
    tournament = game.division.tournament
    queued = 0
    for entry in games.entries_at(game):
        def body(entry=entry):
            score = _scores(game)
            named = {"game": game.label, "result": result(), "next": _next_text(entry, game),
                     "page": games.page_link(entry), "score": f"{score}\n" if score else ""}
            return _("%(game)s: %(result)s.\n%(score)s\n%(next)s\n\nYour own page, with every game as it is decided:\n"
                     "%(page)s\n") % named

        queued += entrants.send(
            entry, Kind.RESULT, key=f"{game.pk}-v{game.version}",
            subject=lambda: _("%(tournament)s: %(result)s") % {"tournament": tournament.name, "result": result()},
            body=body)
    return queued


def event_results(tournament: Tournament, lines: Callable[[], list[str]]) -> int:
    """The event is over: its final results (`lines`, the format's, in the entrant's language) to
    every opted-in entrant; how many were queued."""
    link = site_address.absolute(reverse("public:home", args=[tournament.slug]))
    queued = 0
    for entry in tournament.entrant_mail.select_related("player", "tournament"):
        def body():
            return _("%(tournament)s is over. Thank you for playing!\n\n%(results)s\n\n"
                     "Every result, game by game:\n%(link)s\n") % {
                "tournament": tournament.name, "results": "\n".join(lines()), "link": link}

        queued += entrants.send(entry, Kind.EVENT_RESULTS, key=f"{tournament.pk}",
                                subject=lambda: _("%(tournament)s: the final results") % {"tournament": tournament.name},
                                body=body)
    return queued
