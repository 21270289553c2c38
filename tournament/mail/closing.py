"""“Sign-ups close tomorrow”: a day before the deadline, everyone still on the partner board (the
posts with an e-mail address, and entrants who opted in and still look for a partner) is told, in
their language, with the others still looking and the links to pair up before it is too late.

Sent once per deadline: the minute sweep (tournament.core.deadlines) claims the tournament row with
a conditional UPDATE of `closing_notice_for` (the deadline it tells) and queues the messages in the
same transaction, like the sign-up close itself (tournament.core.signup_deadline); a second sweep,
a second worker or a restart finds it claimed. A deadline moved later is told again for its new day.

A post's address was given for the post, not a tick in the e-mail box: its row is `board_only`, so
it gets this notice and nothing else (EntrantMail.BOARD_KINDS), each with its unsubscribe link.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournament.common import localtime, site_address
from tournament.mail import entrants, outbox
from tournament.models import EntrantMail, PartnerPost, Tournament

AHEAD = dt.timedelta(hours=24)
Kind = EntrantMail.Kind


def due(now: dt.datetime):
    """Open tournaments whose deadline is within a day and not yet told."""
    return (Tournament.objects.filter(status=Tournament.Status.OPEN, registration_closed_at__isnull=True,
                                      signup_deadline__gt=now, signup_deadline__lte=now + AHEAD)
            .exclude(closing_notice_for=F("signup_deadline")))


def board_entry(post: PartnerPost, language: str) -> EntrantMail | None:
    """The post's address as a board-only row (once; an opted-in row of the same player is kept as it is)."""
    address = outbox.valid_address(post.player.contact)
    if not address:
        return None
    player = post.player
    found = EntrantMail.objects.filter(player=player, email__iexact=address).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return EntrantMail.objects.create(tournament=player.tournament, player=player, email=address,
                                              language=language, board_only=True)
    except IntegrityError:  # made at the same moment by the post's own request
        return EntrantMail.objects.filter(player=player, email__iexact=address).first()


def posted(post: PartnerPost) -> None:
    """A post made with an e-mail address: its board-only row, in the language of the page it was made on."""
    board_entry(post, translation.get_language() or post.player.tournament.language)


def _seeking(tournament: Tournament, posts: list[PartnerPost]) -> list[tuple[EntrantMail, PartnerPost]]:
    found = []
    for post in posts:
        rows = list(post.player.mail.all())
        if not rows:
            made = board_entry(post, tournament.language)  # posted before posts kept their language
            rows = [made] if made else []
        found += [(row, post) for row in rows]
    return found


def notify(tournament_id: int, now: dt.datetime) -> int:
    """Claim this tournament's "closing tomorrow" and queue it to each seeker; how many were queued."""
    with transaction.atomic():
        claimed = due(now).filter(pk=tournament_id).update(closing_notice_for=F("signup_deadline"))
        if not claimed:
            return 0
        tournament = Tournament.objects.get(pk=tournament_id)
        posts = list(PartnerPost.objects.filter(player__tournament=tournament, player__team__isnull=True, closed_at__isnull=True)
                     .select_related("player").prefetch_related("player__mail").order_by("created_at", "pk"))
        board = site_address.absolute(reverse("public:partners", args=[tournament.slug]))
        return sum(_send(entry, post, [p for p in posts if p.pk != post.pk], board)
                   for entry, post in _seeking(tournament, posts))


def _send(entry: EntrantMail, post: PartnerPost, others: list[PartnerPost], board: str) -> bool:
    tournament = entry.tournament
    mine = site_address.absolute(reverse("public:my_post_link", args=[tournament.slug, post.secret]))

    def named():
        lines = "\n".join(f"- {p.player.name}" + (f" ({p.note})" if p.note else "") for p in others)
        return {"tournament": tournament.name, "name": post.player.name, "board": board, "mine": mine,
                "deadline": localtime.full_text(tournament, tournament.signup_deadline),
                "others": lines or _("(nobody else yet)")}

    return entrants.send(
        entry, Kind.SIGNUPS_CLOSING, key=f"{tournament.pk}-{tournament.signup_deadline.isoformat()}",
        subject=lambda: _("%(tournament)s: sign-ups close tomorrow — still looking for a partner?") % named(),
        body=lambda: _("%(name)s, sign-ups for %(tournament)s close %(deadline)s, and you are still on the partner "
                       "board.\n\nAlso looking for a partner:\n%(others)s\n\n"
                       "Choose a partner, accept one or take your post off the board with your own link:\n%(mine)s\n\n"
                       "The partner board:\n%(board)s\n\n"
                       "After the deadline only the organizer can add a team.\n") % named())


def notify_due(now: dt.datetime) -> int:
    """The minute sweep: every tournament whose deadline is a day off and not yet told."""
    return sum(notify(pk, now) for pk in list(due(now).values_list("pk", flat=True)))
