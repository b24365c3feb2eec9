"""The Spy! referee: a two-player game kept on the table store (see rules.py)."""
