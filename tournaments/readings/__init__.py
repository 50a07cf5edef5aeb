"""What an event's hands are scored under: its readings of the rules, its configuration table, rescoring."""
