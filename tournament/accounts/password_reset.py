"""The password reset in the app's own pages (Django's views, our templates), its e-mail through
the outbox in the language of the page that asked, and throttled: at most a few e-mails an hour to
one address and a few requests an hour from one client. The page says the same whether or not an
account has the address, so it tells nobody who has one."""

import uuid

from axes.helpers import get_client_ip_address
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _

from tournament.accounts import throttle
from tournament.common import site_address
from tournament.mail import outbox
from tournament.models import OutboxMessage


class OutboxPasswordResetForm(PasswordResetForm):
    request = None

    def save(self, *args, request=None, **kwargs):
        self.request = request
        if not throttle.client_allowed("password-reset", get_client_ip_address(request) if request else ""):
            return  # the same page either way; the client's next hour holds no more e-mails
        super().save(*args, request=request, **kwargs)

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, html_email_template_name=None):
        if not throttle.address_allowed(to_email):
            return
        user = context["user"]
        link = site_address.absolute(reverse("password_reset_confirm", args=[context["uid"], context["token"]]), self.request)
        named = {"user": user.get_username(), "link": link}
        outbox.enqueue(key=f"password-reset:{user.pk}:{uuid.uuid4().hex}", to=to_email, kind=OutboxMessage.Kind.ACCOUNT,
                       subject=_("Meldboard: choose a new password"),
                       body=_("%(user)s, someone (we hope you) asked to choose a new password for your Meldboard account.\n\n"
                              "Open this link to choose it; it works once, for three days:\n%(link)s\n\n"
                              "If you did not ask, ignore this e-mail: your password stays as it is.\n") % named)


class PasswordResetView(auth_views.PasswordResetView):
    form_class = OutboxPasswordResetForm
    success_url = reverse_lazy("password_reset_done")
