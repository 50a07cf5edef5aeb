"""An event: creating and editing it, its staff and its player list."""
