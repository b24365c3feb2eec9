"""The YAML loader every reader uses: libyaml's when PyYAML was built with it (10x faster)."""

from __future__ import annotations

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
