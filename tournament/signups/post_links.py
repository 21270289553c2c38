"""A partner-board post's private link: the secret that lets its owner choose, accept or withdraw
from any device (the session alone knows only the phone that posted). Shown once after posting and
e-mailed when the player gave an e-mail address; never shown on the board."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.mail import closing, outbox
from tournament.models import PartnerPost


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
    """Queue the link's e-mail to the player when their contact is an e-mail address; the address, or "".

    Written while answering the player's own post, so in the language of the page they used; the
    worker sends it (tournament.mail.outbox)."""
    address = email_of(post.player.contact)
    if not address:
        return ""
    tournament = post.player.tournament
    closing.posted(post)  # "sign-ups close tomorrow" will reach this address in this language
    outbox.enqueue(
        key=f"partner-link:{post.pk}:{post.secret}", to=address, kind=outbox.OutboxMessage.Kind.PARTNER_LINK, tournament=tournament,
        subject=_("%(tournament)s: your partner-board link") % {"tournament": tournament.name},
        body=_(
            "%(player)s, you are on the partner board of %(tournament)s.\n\n"
            "Open this link on any phone to choose a partner, accept one or take your post off the board:\n%(link)s\n\n"
            "Keep it to yourself: whoever has it can act for you on the board.\n"
        ) % {"player": post.player.name, "tournament": tournament.name, "link": link},
    )
    return address
