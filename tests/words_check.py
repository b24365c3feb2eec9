"""What a player reads, held to the rules of `assistant/words.py` (issue 23, item 11): no "a"
before a vowel sound (nor "an" before a consonant), no "1 <plural noun>", no raw JSON in a
sentence. One place for the rules of the check: `problems(text)`, used by tests/test_words.py
over the recorded games' logs and the refusal tables, and by the conftest's recorder over every
refusal and error message made while any test runs (`install` / `take`)."""

from __future__ import annotations

import re

from assistant.words import CONSONANT_SOUND, VOWEL_SOUND

# the exceptions are assistant/words.py's: "a one-way door", "a usable database", "an hour"
A_VOWEL = re.compile(
    rf"\b[Aa] (?!(?i:{'|'.join(CONSONANT_SOUND)}))([aeiouAEIOU]\w*|8\w*|11\b|18\b)"
)
CONSONANT = r"[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*|[0-79]\w*"
AN_CONSONANT = re.compile(rf"\b[Aa]n (?!(?i:{'|'.join(VOWEL_SOUND)})|8|11\b|18\b)({CONSONANT})")
PLURALS = (
    "pieces|lives|points|opponents|spies|tiles|chits|exchanges|action points|moves|cities|"
    "secrets|pounds|days|tokens|soldiers|networks|probes|turns|players|cards|rooms|traps|"
    "plays|cells|ships|missions|steps|events|spaces|seats|dice|agents|clues|guesses|votes"
)
ONE_PLURAL = re.compile(rf"(?<![\d.,-])\b1 ({PLURALS})\b", re.IGNORECASE)
# a JSON object's key ("key": ) or an array or object opened on a string; not a quoted symbol
# in a message of SQLite's (near "(": syntax error)
RAW_JSON = re.compile(r'[\[{]"|"\w[^"]*": ')
# what the user typed, echoed between quotes, is theirs, not a sentence of ours: 'a apple'
QUOTED = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)")
# an action echoed as it is typed, key=value, holds its JSON values: spies={"Russia":["Paris"]}
ARGUMENT = re.compile(r'(?<=\w=)[\[{](?:"[^"]*"|[^\s"])*')
# a refusal that shows the value it was given: "... (got {"x": 1})", to the message's end
GOT = re.compile(r"\(got .*\)$", re.DOTALL)


def problems(text: str) -> list[str]:
    """What reads wrong in `text`: each bad article or count as quoted, "raw JSON" once."""
    found = [f"'{m.group(0)}'" for m in A_VOWEL.finditer(text)]
    found += [f"'{m.group(0)}'" for m in AN_CONSONANT.finditer(text)]
    found += [f"'{m.group(0)}'" for m in ONE_PLURAL.finditer(text)]
    found += ["raw JSON"] if RAW_JSON.search(text) else []
    return found


def message_problems(text: str) -> list[str]:
    """`problems` of a refusal or error message, leaving out what it echoes of the input: text
    between quotes, and the JSON values of an action written as it is typed."""
    return problems(GOT.sub("", ARGUMENT.sub("", QUOTED.sub("''", text))))


# ---- the recorder: every message made while a test runs -------------------------------------

_made: list[str] = []
_installed: list[tuple[type, object]] = []


def install() -> None:
    """Record the text of every game refusal (`Refusal`, made by `Refuse` and `turn.rule`, also
    when forced) and every error shown to the user (`DeadDropError`) as it is made. Wraps the
    two constructors once; costs one list append per message."""
    if _installed:
        return
    from assistant.engine import Refusal
    from deaddrop.errors import DeadDropError

    def refusal_init(self: Refusal, rule: str, why: str, _init: object = Refusal.__init__) -> None:
        _init(self, rule, why)  # type: ignore[operator]
        _made.append(f"{rule}: {why}")

    def error_init(self: DeadDropError, message: str, _init: object = DeadDropError.__init__):
        _init(self, message)  # type: ignore[operator]
        _made.append(message)

    for cls, wrapper in ((Refusal, refusal_init), (DeadDropError, error_init)):
        _installed.append((cls, cls.__init__))
        cls.__init__ = wrapper  # type: ignore[method-assign]


def take() -> list[str]:
    """The messages made since the last `take`, and forget them."""
    made = list(_made)
    _made.clear()
    return made


def bad_messages(made: list[str]) -> list[str]:
    """Each message of `made` that reads wrong, with what is wrong in it (once per message)."""
    out = []
    for text in dict.fromkeys(made):
        found = message_problems(text)
        if found:
            out.append(f"{text!r}: {', '.join(found)}")
    return out
