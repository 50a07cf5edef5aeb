"""The audit log: appending to it, reading it as sentences, replaying it."""
