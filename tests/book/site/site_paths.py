from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
