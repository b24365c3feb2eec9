"""Makes the helper module svs_table importable from the Spy vs Spy tracker tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
