"""Table-round events: players or partnerships seated at tables round after round (issue 13)."""
