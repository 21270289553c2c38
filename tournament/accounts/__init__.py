"""Accounts without /admin/: invitations to organize an event or a club, sign-up where the server
allows it (MELDBOARD_OPEN_SIGNUP) with the address verified, and the password reset, all in the
app's own pages and both languages; every message through the outbox (tournament.mail)."""
