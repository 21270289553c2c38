"""The reminder before a posted start (MELDBOARD_REMINDER_MINUTES before, an hour by default): each
opted-in entrant seated at the game — a bracket game or a table of a round — gets when, where, against
whom and the link to their page, in their language.

Sent once per game and start: the minute sweep (tournament.core.deadlines) claims the game row with a
conditional UPDATE of `reminded_for` (the start it reminds of) and queues the messages in the same
transaction; a second sweep or worker finds it claimed. A start moved later is reminded again (the
time-change message told them of the move). Someone told of this game within the lead already (its
division's draw or its round's tables, or its moved time, queued less than the lead ago) is not
reminded: that message just said it. A side not known yet when the reminder goes (a bracket slot
waiting for its feeder) hears of the game in its feeder's result instead (tournament.mail.results).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext as _

from tournament.mail import entrants, games
from tournament.models import EntrantMail, Game, OutboxMessage

Kind = EntrantMail.Kind


def lead() -> dt.timedelta:
    return dt.timedelta(minutes=settings.MELDBOARD_REMINDER_MINUTES)


def due(now: dt.datetime):
    """Games still to play whose posted start is within the lead and not yet reminded of."""
    return (Game.objects.filter(status__in=games.WAITING, starts_at__gt=now, starts_at__lte=now + lead())
            .exclude(reminded_for=F("starts_at")))


def remind(game_id: int, now: dt.datetime) -> int:
    """Claim this game's reminder and queue it to each of its opted-in entrants; how many were queued."""
    with transaction.atomic():
        if not due(now).filter(pk=game_id).update(reminded_for=F("starts_at")):
            return 0
        game = (Game.objects.select_related("round", "division__tournament")
                .prefetch_related("sides__team", "sides__player", "sides__fed_by").get(pk=game_id))
        return sum(_send(game, entry) for entry in games.entries_at(game) if not _just_told(game, entry, now))


def _just_told(game: Game, entry: EntrantMail, now: dt.datetime) -> bool:
    """This game's draw, table or moved time went to this entrant less than the lead ago (the outbox
    keys of tournament.mail.entrants name the division, round or game)."""
    about = (Q(key__startswith=f"{Kind.DRAW}:{game.division_id}:") | Q(key__startswith=f"{Kind.DRAW}:round-{game.round_id}:")
             | Q(key__startswith=f"{Kind.TIME_CHANGE}:{game.pk}-"))
    return OutboxMessage.objects.filter(about, tournament_id=entry.tournament_id, to__iexact=entry.email,
                                        created_at__gt=now - lead()).exists()


def _send(game: Game, entry: EntrantMail) -> bool:
    tournament = game.division.tournament

    def named():
        return {"tournament": tournament.name, "game": game.label, "when": games.when(game),
                "against": games.opponents(game, entry), "page": games.page_link(entry),
                "venue": tournament.venue or tournament.name}

    return entrants.send(
        entry, Kind.REMINDER, key=f"{game.pk}-{game.starts_at.isoformat()}",
        subject=lambda: _("%(tournament)s: your game at %(when)s") % named(),
        body=lambda: _("A reminder: you play %(game)s at %(when)s (%(venue)s), against %(against)s.\n\n"
                       "Please be there a few minutes early: a side not there by the no-show deadline forfeits.\n\n"
                       "Your own page:\n%(page)s\n") % named())


def notify_due(now: dt.datetime) -> int:
    """The minute sweep: every game whose reminder is due and not yet sent."""
    return sum(remind(pk, now) for pk in list(due(now).values_list("pk", flat=True)))
