"""Results as plain data and the standings computed from them."""
