"""The replay viewer's review: its model (no pygame) and its panel."""
