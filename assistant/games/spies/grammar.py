"""The grammar of the kit's text fields (docs/spies.md, "The data files"), parsed (pure).

The Event Tile rows hold what the tiles print, as text:

- `years`: "ANY YEAR", "1937" or "1937-39" (the last year written with two digits);
- `awards`: one line per award, "<n>c: City, City." (n Action chits) or "<n>£: City." (n
  thousand pounds), the cities separated by ", " and the last followed by ".";
- `special`: "" or one of "annex COUNTRY", "spy home COUNTRY", "ends game with year",
  "not after CODE", "after one of CODE, CODE".

A chit's `pounds` is a number or "20-30" (neutral country, any power's territory); its
`countered_by` is "none" or chit names separated by ", ". Every function raises ValueError
saying what is wrong; data.py adds the file and the row.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

ANY_YEAR = "ANY YEAR"
CODE = r"(?:Ge|It|Rs|Fr|Br|random) \d+"


@dataclass(frozen=True)
class Award:
    """One award line of a tile: `amount` chits (unit "c") or thousand pounds (unit "£") to every
    power for each of `cities` in which it has a spy outside its own territory (rule 3.21)."""

    amount: int
    unit: str  # "c" or "£"
    cities: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"{self.amount}{self.unit}"


@dataclass(frozen=True)
class Special:
    """A tile's special effect for the tracker (the `special` field)."""

    kind: str  # "annex", "spy home", "ends game", "not after", "after one of"
    country: str = ""  # annex, spy home
    codes: tuple[str, ...] = ()  # not after (one), after one of (two or more)


def years(text: str, first: int, last: int) -> tuple[int, int]:
    """The first and last year a tile may be played in: "ANY YEAR" is the whole game
    (`first`-`last`), "1937" one year, "1937-39" from 1937 to 1939."""
    if text == ANY_YEAR:
        return first, last
    found = re.fullmatch(r"(\d{4})(?:-(\d{2}))?", text)
    if not found:
        raise ValueError(f"years {text!r}: expected ANY YEAR, 1937 or 1937-39")
    start = int(found[1])
    end = start if found[2] is None else start // 100 * 100 + int(found[2])
    if not first <= start <= end <= last:
        raise ValueError(f"years {text!r}: expected years from {first} to {last}, in order")
    return start, end


def awards(text: str) -> tuple[Award, ...]:
    """The award lines of a tile."""
    out = []
    for line in text.splitlines():
        found = re.fullmatch(r"(\d+)([c£]): (.+)\.", line.strip())
        if not found:
            raise ValueError(f"award {line!r}: expected '2c: City, City.' or '3£: City.'")
        cities = tuple(found[3].split(", "))
        if any(not city or city != city.strip() or "," in city for city in cities):
            raise ValueError(f"award {line!r}: cities are separated by ', '")
        out.append(Award(int(found[1]), found[2], cities))
    return tuple(out)


def special(text: str) -> Special | None:
    """A tile's `special` field (None when empty)."""
    if not text:
        return None
    if text == "ends game with year":
        return Special("ends game")
    found = re.fullmatch(r"(annex|spy home) (\S.*)", text)
    if found:
        return Special(found[1], country=found[2])
    found = re.fullmatch(rf"not after ({CODE})", text)
    if found:
        return Special("not after", codes=(found[1],))
    found = re.fullmatch(rf"after one of ({CODE}(?:, {CODE})+)", text)
    if found:
        return Special("after one of", codes=tuple(found[1].split(", ")))
    raise ValueError(
        f"special {text!r}: expected annex COUNTRY, spy home COUNTRY, ends game with year, "
        "not after CODE or after one of CODE, CODE"
    )


def pounds(text: str) -> tuple[int, int]:
    """A chit's cost in thousand pounds: (in a neutral country, in a power's territory); the two
    are the same but for "20-30" (Drop)."""
    found = re.fullmatch(r"(\d+)(?:-(\d+))?", text)
    if not found:
        raise ValueError(f"pounds {text!r}: expected a number or 20-30")
    low = int(found[1])
    return low, int(found[2]) if found[2] else low


def countered_by(text: str) -> tuple[str, ...]:
    """The chits that counter a chit ("none": none)."""
    if text == "none":
        return ()
    names = tuple(text.split(", "))
    if any(not name or name != name.strip() or "," in name for name in names):
        raise ValueError(f"countered_by {text!r}: expected none or names separated by ', '")
    return names


@lru_cache(maxsize=1024)
def plain(name: str) -> str:
    """A name as typed loosely: case, accents, spaces, '-' and '_' do not matter
    ("konigsberg" is Königsberg, "double_cross" is Double Cross, "ge1" is Ge 1)."""
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[\s_\-]+", "", letters).casefold()
