"""Rounds: draws and seating, the clock, time up, where players sit."""
