"""The hostile corpus (hostile_corpus.py) is imported by name from this folder."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
