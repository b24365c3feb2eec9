"""Spies! (SPI 1981), the long game: the table tracker (see rules.py and docs/spies.md)."""
