"""A table in play: hands, confirmations, progress, its read model and the referee's form."""
