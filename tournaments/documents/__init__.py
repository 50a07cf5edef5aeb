"""Documents made in the background: protocols, the standings sheet, workbooks."""
