"""The YAML every reader shares (deaddrop.yaml_loader): bounds on what a document expands to and
how deep it nests, merge keys that override, bad bytes and characters at their line, file kinds.
The same bounds hold for a kit's definitions and for the trackers' game files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deaddrop.errors import InputError
from deaddrop.yaml_loader import MAX_DEPTH, MAX_NODES, read_game_file
from pnp.definitions import load_game

BOUND = f"(at most {MAX_NODES:,} values)"


def problems(folder: Path) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_game(folder)
    return caught.value.lines()


def merge_bomb(levels: int = 8, width: int = 10) -> str:
    """About a kilobyte: each level merges the one before `width` times (10**8 values)."""
    lines = ["a0: &a0 {x: 1, y: 2}"]
    for i in range(1, levels + 1):
        refs = ", ".join([f"*a{i - 1}"] * width)
        lines.append(f"a{i}: &a{i} {{<<: [{refs}]}}")
    return "\n".join(lines) + "\n"


def test_merge_keys_that_multiply_are_refused_at_their_line(game):
    text = merge_bomb()
    assert len(text) < 1100
    folder = game({"cards.yaml": text})
    assert problems(folder) == [
        f"bad/cards.yaml:6: aliases and merge keys expand the document past {MAX_NODES:,}"
        f" values {BOUND}"
    ]


def test_a_tracker_game_file_is_held_to_the_same_bound(tmp_path):
    path = tmp_path / "kit.yaml"
    path.write_text(merge_bomb(), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_game_file(path, "the Spies! tracker")
    assert caught.value.message == (
        f"{path}:6: aliases and merge keys expand the document past {MAX_NODES:,} values {BOUND}"
    )


@pytest.mark.parametrize("opener", ["[", "{a: ", "- "])
def test_nesting_past_the_bound_is_refused_not_crashed(game, opener):
    """A hundred thousand `[` made libyaml's composer overflow the C stack (a segfault)."""
    if opener == "- ":
        text = "".join("  " * i + "- \n" for i in range(MAX_DEPTH + 5))
        line = MAX_DEPTH + 1
    else:
        text = opener * 100_000
        line = 1
    folder = game({"cards.yaml": text})
    assert problems(folder) == [
        f"bad/cards.yaml:{line}: lists and mappings nested more than {MAX_DEPTH} deep"
        f" (at most {MAX_DEPTH} levels)"
    ]


def test_nesting_within_the_bound_is_read(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH, encoding="utf-8")
    value = read_game_file(path, "a test")
    for _ in range(MAX_DEPTH):
        value = value[0]
    assert value == 1


CARDS = """\
base: &b {size: 9pt, bold: true}
styles:
  title: {<<: *b, size: 14pt}
  many: {<<: [*b, {size: 3pt, italic: true}], align: center}
"""


MERGED_GAME = """\
game: bad
styles:
  body: &b {size: 9pt, min_size: 6pt, bold: true}
  title: {<<: *b, size: 14pt}
boxes:
  full: {x: 0mm, y: 0mm, w: 100%, h: 100%}
"""
CARD = """\
components:
  cards:
    kind: card
    size: [63mm, 88mm]
    front:
      - {text: Hi, box: full, style: title}
"""


def test_a_merge_override_is_no_duplicate_key_and_wins(game):
    """`{<<: *b, size: 14pt}` was reported as "duplicate key (first given on line 3)"."""
    kit = load_game(game({"game.yaml": MERGED_GAME, "cards.yaml": CARD}))
    style = kit.components[0].front[0].style
    assert (style.size, style.min_size, style.bold) == (14.0, 6.0, True)


def test_a_key_given_twice_beside_a_merge_is_still_a_duplicate(game):
    text = MERGED_GAME.replace("size: 14pt}", "size: 14pt, size: 15pt}")
    assert problems(game({"game.yaml": text, "cards.yaml": CARD})) == [
        "bad/game.yaml:4: styles.title.size: duplicate key (first given on line 4)"
    ]


def test_a_merge_of_no_mapping_is_located(game):
    text = MERGED_GAME.replace("<<: *b", "<<: [*b, 3]")
    assert problems(game({"game.yaml": text, "cards.yaml": CARD})) == [
        "bad/game.yaml:4: styles.title.<<: a merge key (<<) takes a mapping"
        " (such as <<: *base or [*a, *b])"
    ]


def test_a_merge_override_gives_the_explicit_value(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(CARDS, encoding="utf-8")
    data = read_game_file(path, "a test")
    assert data["styles"]["title"] == {"size": "14pt", "bold": True}
    # the first mapping of a merge list wins over the later; the mapping's own keys over both
    assert data["styles"]["many"] == {
        "size": "9pt",
        "bold": True,
        "italic": True,
        "align": "center",
    }


def test_a_control_character_is_reported_at_its_line_and_column(game):
    folder = game({"cards.yaml": "components:\n  cards:\n    title: ab\x01c\n"})
    assert problems(folder) == [
        "bad/cards.yaml:3: YAML syntax error: the character \\x01 (U+0001) at column 14 is not"
        " allowed (write control characters as escapes in double quotes)"
    ]


def test_a_byte_that_is_not_utf8_is_reported_at_its_line_and_column(game):
    folder = game({"cards.yaml": b"components:\n  cards:\n    title: caf\xe9\n"})
    assert problems(folder) == [
        "bad/cards.yaml:3: byte 0xe9 at column 15 is not UTF-8 (expected a file saved as UTF-8)"
    ]


def test_a_tracker_file_reports_bad_characters_at_their_line(tmp_path):
    path = tmp_path / "house-rules.yaml"
    for data, message in (
        (
            b"a: 1\nb: \x1b[31m\n",
            "2: YAML syntax error: the character \\x1b (U+001B) at column 4"
            " is not allowed (write control characters as escapes in double quotes)",
        ),
        (
            b"a: 1\n\nb: \xff\n",
            "3: byte 0xff at column 4 is not UTF-8 (expected a file saved as UTF-8)",
        ),
        (
            b"a: [1\n",
            "2: YAML syntax error: expected ',' or ']', but got '<stream end>'"
            " (while parsing a flow sequence that starts on line 1)",
        ),
    ):
        path.write_bytes(data)
        with pytest.raises(InputError) as caught:
            read_game_file(path, "a test")
        assert caught.value.message == f"{path}:{message}"
        assert "unicode string" not in caught.value.message


def test_a_pipe_named_yaml_is_reported_not_waited_on(game):
    folder = game({"cards.yaml": "components: {}\n"})
    os.mkfifo(folder / "pipe.yaml")
    assert problems(folder) == [
        "bad/pipe.yaml: is a pipe, not a regular file (expected a YAML file)"
    ]


def test_a_link_that_loops_and_a_folder_named_yaml_are_reported(game):
    folder = game({"cards.yaml": "components: {}\n"})
    (folder / "loop.yaml").symlink_to("loop.yaml")
    (folder / "sub.yaml").mkdir()
    assert problems(folder) == [
        "bad/loop.yaml: cannot read: too many levels of symbolic links",
        "bad/sub.yaml: is a folder, not a regular file (expected a YAML file)",
    ]


def test_a_yaml_file_past_the_size_bound_is_refused_unread(game, monkeypatch):
    import deaddrop.yaml_loader as loader
    import pnp.definitions.yaml_lines as lines

    monkeypatch.setattr(lines, "MAX_BYTES", 1000)
    folder = game({"cards.yaml": "components: {}\n" + "# padding\n" * 200})
    assert problems(folder) == ["bad/cards.yaml: is 2,015 bytes, too large (at most 1,000 bytes)"]
    assert loader.MAX_BYTES == 4_000_000
