"""What is happening now, for the public: the home page that follows the event, a team's (or a
player's) own page and the clubhouse TV. Everything here reads; nothing writes."""
