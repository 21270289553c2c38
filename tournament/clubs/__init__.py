"""A club's memory: members across its events, seasons, players' pages, ratings, the roll of honour."""
