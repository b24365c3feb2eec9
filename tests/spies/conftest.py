"""Makes the helper module spies_table importable from the Spies! tracker tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
