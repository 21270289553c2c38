"""Players' e-mail: an entrant opts in at sign-up (an `EntrantMail` row), and each kind of message
(sign-up received, the draw, the organizer's announcement) goes to those who have not stopped it,
in the language they signed up in, through the outbox, with a one-click unsubscribe per kind (a
signed token in a link and in the List-Unsubscribe header, RFC 8058)."""

from __future__ import annotations

from django.core import signing
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.common import localtime, site_address
from tournament.mail import ics, outbox
from tournament.models import EntrantMail

SALT = "meldboard.unsubscribe"
Kind = EntrantMail.Kind


def opt_in(tournament, email: str, *, language: str, team=None, player=None) -> EntrantMail | None:
    address = outbox.valid_address(email)
    if not address:
        return None
    entry, _created = EntrantMail.objects.get_or_create(tournament=tournament, team=team, player=player, email=address,
                                                        defaults={"language": language})
    return entry


def receiving(tournament, *, team=None, player=None) -> bool:
    """Whether the entrant still gets any of the event's e-mails (the box on their own-entry page)."""
    return any(row.wants(kind) for row in EntrantMail.objects.filter(
        tournament=tournament, team=team, player=player, board_only=False) for kind in Kind.values)


def follow_contact(tournament, *, was: str, now: str, wanted: bool, language: str, team=None, player=None) -> None:
    """An entrant who changed their own entry: the e-mails go to the address they now give (the kinds
    they stopped stay stopped), start when they tick the box, and stop altogether when they untick it."""
    rows = EntrantMail.objects.filter(tournament=tournament, team=team, player=player, board_only=False)
    if not wanted:
        for row in rows:
            if row.stopped != list(Kind.values):
                row.stopped = list(Kind.values)
                row.save(update_fields=["stopped"])
        return
    address, old = outbox.valid_address(now), outbox.valid_address(was)
    if not address:
        return  # the form asked for an address
    row = rows.filter(email=address).first() or (rows.filter(email=old).first() if old else None) or rows.first()
    if row is None:
        opt_in(tournament, address, language=language, team=team, player=player)
        return
    row.email = address
    if not any(row.wants(kind) for kind in Kind.values):
        row.stopped = []
    row.save(update_fields=["email", "stopped"])


def unsubscribe_token(entry: EntrantMail, kind: str) -> str:
    return signing.dumps([entry.pk, kind], salt=SALT, compress=True)


def read_token(token: str) -> tuple[EntrantMail, str] | None:
    """The entry and kind a token names; None for a tampered or unknown one."""
    try:
        pk, kind = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    entry = EntrantMail.objects.select_related("tournament").filter(pk=pk).first() if isinstance(pk, int) else None
    return (entry, kind) if entry is not None and kind in Kind.values else None


def unsubscribe_url(entry: EntrantMail, kind: str, request=None) -> str:
    return site_address.absolute(reverse("public:unsubscribe", args=[unsubscribe_token(entry, kind)]), request)


def stop(entry: EntrantMail, kind: str) -> None:
    if kind not in entry.stopped:
        entry.stopped = sorted({*entry.stopped, kind})
        entry.save(update_fields=["stopped"])


def send(entry: EntrantMail, kind: str, *, key: str, subject, body, request=None, attachments=None) -> bool:
    """Queue one message of `kind` to this entrant, if they still want that kind. `subject` and `body`
    are callables run in the entrant's language, so each person reads their own."""
    if not entry.wants(kind):
        return False
    with translation.override(entry.language):
        stop_link = unsubscribe_url(entry, kind, request)
        text = body() + "\n-- \n" + _("To stop these e-mails (%(kind)s): %(link)s") % {
            "kind": Kind(kind).label, "link": stop_link} + "\n"
        title = subject()
        if callable(attachments):
            attachments = attachments()
    return outbox.enqueue(
        key=f"{kind}:{key}:{entry.pk}", to=entry.email, subject=title, body=text, kind=kind, tournament=entry.tournament,
        headers={"List-Unsubscribe": f"<{stop_link}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
        attachments=attachments)


def signup_received(entry: EntrantMail, *, name: str, page_path: str, change_path: str, deadline_text: str,
                    request=None) -> bool:
    """`change_path`: the entrant's private change-or-withdraw page (tournament.signups.entry_links)."""
    tournament = entry.tournament
    named = {"tournament": tournament.name, "name": name, "page": site_address.absolute(page_path, request),
             "change": site_address.absolute(change_path, request), "deadline": deadline_text}
    return send(entry, Kind.SIGNUP, key=f"{entry.team_id or ''}-{entry.player_id or ''}", request=request,
                subject=lambda: _("%(tournament)s: %(name)s is signed up") % named,
                body=lambda: _("%(name)s is signed up for %(tournament)s.\n\n"
                               "Your own page (your games, times and tables once the draw is out):\n%(page)s\n\n"
                               "Sign-ups close %(deadline)s. To change your entry or withdraw before then, open this "
                               "link (keep it to yourself: whoever has it can change your entry):\n%(change)s\n") % named)


def _first_game(division, team):
    """The team's first game to play in this division (past a bye: the game it advanced into)."""
    games = (division.games.filter(sides__team=team).exclude(status="bye").select_related("round", "division__tournament")
             .prefetch_related("sides__team", "sides__player").order_by("round__number", "number"))
    return games.first()


def draw_out(division, request=None) -> int:
    """Each opted-in team of this newly published division: its first game (day, time, table,
    opponents), its own page and the game as an .ics attachment. Once per division and entrant."""
    tournament = division.tournament
    zone = tournament.tz
    queued = 0
    for entry in tournament.entrant_mail.filter(team__isnull=False).select_related("team"):
        game = _first_game(division, entry.team)
        if game is None:
            continue
        page = site_address.absolute(reverse("live:team", args=[tournament.slug, entry.team_id]), request)

        def body(game=game, entry=entry, page=page):
            others = [str(side) for side in game.sides.all() if side.team_id != entry.team_id]
            named = {"tournament": tournament.name, "division": division.title, "game": game.label, "page": page,
                     "feed": ics.feed_url(request, team_id=entry.team_id),
                     "when": localtime.when(timezone.localtime(game.starts_at, zone), "long_day_clock") if game.starts_at else "—",
                     "against": " / ".join(o for o in others if o != "—") or _("the winner of an earlier game")}
            return _("The draw of %(division)s in %(tournament)s is out.\n\n"
                     "Your first game: %(when)s, %(game)s, against %(against)s.\n\n"
                     "Your own page, with every game as it is decided:\n%(page)s\n\n"
                     "The attached calendar file puts the game in your phone's calendar. To have every game there, "
                     "kept up to date, subscribe your calendar to this address (keep it to yourself):\n%(feed)s\n") % named

        queued += send(entry, Kind.DRAW, key=f"{division.pk}", request=request,
                       subject=lambda: _("%(tournament)s: the draw is out — your first game") % {"tournament": tournament.name},
                       body=body,
                       attachments=lambda game=game: [{"name": "game.ics", "mimetype": ics.MIME,
                                                       "content": ics.calendar(tournament.name, [game], request=request).decode()}])
    return queued


def _page_path(entry) -> str:
    tournament = entry.tournament
    if entry.team_id:
        return reverse("live:team", args=[tournament.slug, entry.team_id])
    return reverse("live:player", args=[tournament.slug, entry.player_id])


def _seated(entry, games):
    """The game among `games` where this entrant sits (a player opted in alone may sit in a partnership)."""
    team_id = entry.team_id or (entry.player.team_id if entry.player_id else None)
    for game in games:
        for side in game.sides.all():
            if (team_id and side.team_id == team_id) or (entry.player_id and side.player_id == entry.player_id):
                return game
    return None


def round_published(rnd) -> int:
    """A table event's round is drawn: each opted-in entrant's table, time and table-mates, with the
    game as an .ics. Once per round and entrant."""
    tournament = rnd.division.tournament
    zone = tournament.tz
    games = list(rnd.games.select_related("round", "division__tournament").prefetch_related("sides__team", "sides__player"))
    queued = 0
    for entry in tournament.entrant_mail.select_related("player"):
        game = _seated(entry, games)
        if game is None:
            continue

        def named(entry=entry, game=game):
            mine = entry.team_id or (entry.player.team_id if entry.player_id else None)
            others = [str(s) for s in game.sides.all() if not ((mine and s.team_id == mine) or s.player_id == entry.player_id)]
            return {"tournament": tournament.name, "round": str(rnd), "table": game.table_number,
                    "others": ", ".join(others) or "—", "page": site_address.absolute(_page_path(entry)),
                    "when": localtime.when(timezone.localtime(game.starts_at, zone), "long_day_clock") if game.starts_at else "—"}

        queued += send(entry, Kind.DRAW, key=f"round-{rnd.pk}",
                       subject=lambda named=named: _("%(tournament)s: your table for %(round)s") % named(),
                       body=lambda named=named: _("%(round)s of %(tournament)s is drawn.\n\n"
                                                  "You play %(when)s at table %(table)s with %(others)s.\n\n"
                                                  "Your own page:\n%(page)s\n\n"
                                                  "The attached calendar file puts the game in your phone's calendar.\n") % named(),
                       attachments=lambda game=game: [{"name": "game.ics", "mimetype": ics.MIME,
                                                       "content": ics.calendar(tournament.name, [game]).decode()}])
    return queued


def time_changed(game, was) -> int:
    """Tell the opted-in entrants of this game that its posted start moved (from `was`), with the
    game's calendar entry again (same UID, higher SEQUENCE: the phone's entry moves)."""
    tournament = game.division.tournament
    tournament.refresh_from_db(fields=["changes"])  # the calendar entry's SEQUENCE: past the bump of this move
    sides = list(game.sides.select_related("team", "player"))
    entries = [entry for entry in tournament.entrant_mail.select_related("player") if _seated(entry, [game])]
    zone = tournament.tz
    queued = 0
    for entry in entries:
        path = _page_path(entry)

        def named(entry=entry, path=path):
            return {"tournament": tournament.name, "game": game.label, "page": site_address.absolute(path),
                    "names": pgettext("versus", " v ").join(str(s) for s in sides),
                    "when": localtime.when(timezone.localtime(game.starts_at, zone), "long_day_clock"),
                    "was": localtime.when(timezone.localtime(was, zone), "long_day_clock")}

        queued += send(entry, Kind.TIME_CHANGE, key=f"{game.pk}-{game.starts_at.isoformat()}",
                       subject=lambda named=named: _("%(tournament)s: your game now starts %(when)s") % named(),
                       body=lambda named=named: _("%(game)s (%(names)s) now starts %(when)s; it was %(was)s.\n\n"
                                                  "Your own page:\n%(page)s\n\nThe attached calendar file moves it in your "
                                                  "phone's calendar.\n") % named(),
                       attachments=lambda: [{"name": "game.ics", "mimetype": ics.MIME,
                                             "content": ics.calendar(tournament.name, [game]).decode()}])
    return queued


def announce(tournament, *, subject: str, message: str, number: int) -> int:
    """The organizer's announcement to every entrant who opted in and has not stopped announcements;
    how many were queued (0: nobody to send to). `number` keeps two announcements apart."""
    queued = 0
    for entry in tournament.entrant_mail.all():
        queued += send(entry, Kind.ANNOUNCEMENT, key=f"{tournament.pk}-{number}",
                       subject=lambda: subject, body=lambda: message.strip() + "\n")
    return queued


def recipients(tournament, kind: str) -> int:
    return sum(entry.wants(kind) for entry in tournament.entrant_mail.all())
