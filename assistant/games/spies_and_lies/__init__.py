"""Spies & Lies: A Stratego Story (2019), the table tracker: see rules.py."""
