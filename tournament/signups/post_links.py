"""A partner-board post's private link: the secret that lets its owner choose, accept or withdraw
from any device (the session alone knows only the phone that posted). Shown once after posting and
e-mailed when the player gave an e-mail address; never shown on the board."""

import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.models import PartnerPost

log = logging.getLogger(__name__)


def absolute(request, post: PartnerPost) -> str:
    path = reverse("public:my_post_link", args=[post.player.tournament.slug, post.secret])
    public = getattr(settings, "MELDBOARD_PUBLIC_URL", "")
    return public.rstrip("/") + path if public else request.build_absolute_uri(path)


def email_of(contact: str) -> str:
    try:
        validate_email(contact.strip())
    except ValidationError:
        return ""
    return contact.strip()


def send(post: PartnerPost, link: str) -> str:
    """E-mail the link to the player when their contact is an e-mail address; the address, or "".

    Sent while answering the player's own post, so in the language of the page they used."""
    address = email_of(post.player.contact)
    if not address:
        return ""
    tournament = post.player.tournament
    try:
        send_mail(
            subject=_("%(tournament)s: your partner-board link") % {"tournament": tournament.name},
            message=_(
                "%(player)s, you are on the partner board of %(tournament)s.\n\n"
                "Open this link on any phone to choose a partner, accept one or take your post off the board:\n%(link)s\n\n"
                "Keep it to yourself: whoever has it can act for you on the board.\n"
            ) % {"player": post.player.name, "tournament": tournament.name, "link": link},
            from_email=None,
            recipient_list=[address],
        )
    except OSError:
        log.exception("Could not e-mail the partner-board link to post %s", post.pk)
        return ""
    return address
