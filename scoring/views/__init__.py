"""Score sheet views: the table (secret token), the organizer (login) and the public (read-only)."""
