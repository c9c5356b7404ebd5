import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
# engine_helpers (the looping bot shared with the engine tests)
sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
