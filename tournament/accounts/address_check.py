"""The link that checks a new account's e-mail address: a Django token over the account's state
(including whether it is active), so it works until it is used once or PASSWORD_RESET_TIMEOUT passes."""

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from tournament.common import site_address
from tournament.mail import outbox
from tournament.models import OutboxMessage


class AddressCheckTokens(PasswordResetTokenGenerator):
    key_salt = "meldboard.accounts.address_check"

    def _make_hash_value(self, user, timestamp):
        return f"{user.pk}{user.email}{user.is_active}{timestamp}"


tokens = AddressCheckTokens()


def send(user, request) -> None:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    link = site_address.absolute(reverse("accounts:verify", args=[uid, tokens.make_token(user)]), request)
    named = {"user": user.get_username(), "link": link}
    outbox.enqueue(key=f"address-check:{user.pk}", to=user.email, kind=OutboxMessage.Kind.ACCOUNT,
                   subject=_("Meldboard: check your e-mail to open your account"),
                   body=_("%(user)s, open this link to check your e-mail and open your Meldboard account:\n%(link)s\n\n"
                          "If you did not sign up, ignore this e-mail: nothing happens without the link.\n") % named)


def user_for(uid: str, token: str):
    try:
        pk = urlsafe_base64_decode(uid).decode()
        user = get_user_model().objects.filter(pk=int(pk)).first()
    except (ValueError, TypeError, UnicodeDecodeError, OverflowError):
        return None
    if user is None or user.is_active or not tokens.check_token(user, token):
        return None
    return user
