"""What the public reads: standings, the hall, live data, answered from the cache."""
