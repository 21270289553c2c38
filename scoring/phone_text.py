"""The words the table phone's scripts show (static/js/connection.js, outbox.js): the page hands
them over as JSON (`json_script`), in the page's language, so no script holds English. Each keeps
Python's %(name)s placeholders; the scripts fill them in."""

from django.utils.translation import gettext as _

from tournament.common import localtime


def strings() -> dict[str, str]:
    return {
        # connection.js: the line under the header and the preview's note while offline
        "offline_note": _("No connection: the preview and the totals update when it returns. "
                          "Saving still works: the hand is kept on this phone."),
        "down": _("No connection · last reached the server %(when)s"),
        "up": _("Connected · last reached the server %(when)s"),
        "not_yet": _("not yet"),
        "ago": _(" (%(minutes)s min ago)"),
        "waiting": _(" · %(count)s waiting to be sent"),
        # outbox.js: what is kept on this phone
        "hand": _("Hand %(number)s"),
        "correction": _("Correction of hand %(number)s"),
        "confirmed": _("Hand %(number)s confirmed"),
        "confirmed_by": _("Hand %(number)s confirmed by %(by)s"),
        "nothing_entered": _("nothing entered"),
        "nobody_out": _("Nobody went out"),
        "went_out": _("%(side)s went out"),
        "entered_by": _("Entered by %(by)s"),
        "why": _("Why: %(reason)s"),
        "link_gone": _("This table link no longer works: ask the organizer for the table's new link."),
        "form_refused": _("The server did not accept this page's form: reload the page while connected, "
                          "then send it again."),
        "server_error": _("The server did not save this (error %(status)s)."),
        "state_waiting": _("on this phone, not sent yet"),
        "state_refused": _("not saved: the server refused it"),
        "state_conflict": _("not saved: the sheet changed on another phone"),
        "blocked": _("waits for the hand before it"),
        "enter_as": _("Enter it as hand %(number)s"),
        "fix": _("Fix %(title)s"),
        "send_again": _("Send again"),
        "drop": _("Drop"),
        "drop_confirm": _("%(title)s is not saved anywhere else. Drop it?"),
    }


def clock_format(tournament) -> dict[str, str]:
    """How connection.js writes "last reached the server …": as the server writes every clock (the
    page's "date format" shape, hours and minutes: Spanish "00:31", English "12:31 AM") and in the
    tournament's zone, so the phone's line never reads "0:31:29" beside the page's "00:37" (issue 39)."""
    two_digits = localtime.shapes()["clock"].startswith("H")
    return {"clock_hour": "2-digit" if two_digits else "numeric", "time_zone": tournament.time_zone}


def service_worker_strings() -> dict[str, str]:
    """The service worker's one page: a page that was not kept on this phone, opened offline."""
    return {
        "title": _("No connection"),
        "body": _("This page was not kept on this phone. Go back to the score sheet: hands saved there are "
                  "kept on the phone until they are sent."),
    }
