"""Articles and plurals for every game's messages and log lines: one place, so that no line
reads "a orange 2-pip", "a Escape chit" or "1 opponents" (pure, no I/O)."""

from __future__ import annotations

IRREGULAR = {"life": "lives", "Secret": "Secrets", "secret": "secrets", "spy": "spies"}
# words whose first letter is a vowel but not its sound, and the other way round
CONSONANT_SOUND = ("one", "uni", "use", "usu", "usa", "uti", "ura", "uk", "eu", "ewe")
VOWEL_SOUND = ("hour", "honest", "honour", "heir")


def plural(n: int, word: str) -> str:
    """`n` and the noun, plural unless n is 1: "1 piece", "2 pieces", "3 lives"."""
    if n == 1:
        return f"{n} {word}"
    if word in IRREGULAR:
        return f"{n} {IRREGULAR[word]}"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return f"{n} {word[:-1]}ies"  # "cities", "copies"
    ending = "es" if word.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{n} {word + ending}"


def a(phrase: str) -> str:
    """The phrase with its indefinite article: "a Smoke Cloud", "an Oil Slick", "an orange
    2-pip", "an 8", "a one-way door"."""
    return f"{article(phrase)} {phrase}"


def article(phrase: str) -> str:
    """ "a" or "an", by the sound of the phrase's first word (numbers as spoken: an 8, an 11,
    an 18)."""
    word = phrase.strip().split(" ")[0].lower() if phrase.strip() else ""
    if not word:
        return "a"
    if word[0].isdigit():
        digits = "".join(c for c in word if c.isdigit())
        spoken_vowel = (
            digits.startswith("8")
            or digits in ("11", "18")
            or (len(digits) in (5, 6) and digits[:2] in ("11", "18"))
        )
        return "an" if spoken_vowel else "a"
    if word.startswith(VOWEL_SOUND):
        return "an"
    if word.startswith(CONSONANT_SOUND):
        return "a"
    return "an" if word[0] in "aeiou" else "a"
