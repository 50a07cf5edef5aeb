"""The judge's desk: incidents, rulings, protests, sanctions and exclusions."""
