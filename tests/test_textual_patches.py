"""The patches of Textual's internals name the Textual they were written for
(thorskliff/ui/textual_patches): an upgrade to another major version fails
here first, and whoever upgrades reviews them (#28)."""

from __future__ import annotations

from importlib.metadata import version

from thorskliff.ui import textual_patches


def test_the_installed_textual_is_the_one_the_patches_were_written_for():
    major = int(version("textual").split(".")[0])
    assert major == textual_patches.WRITTEN_FOR, (
        f"Textual {version('textual')} is installed; thorskliff/ui/textual_patches was written for "
        f"Textual {textual_patches.WRITTEN_FOR}: check each patch against it, then raise WRITTEN_FOR")


def test_every_patch_lives_in_the_quarantine():
    """No module outside textual_patches assigns to a Textual class's attribute."""
    import re
    from pathlib import Path

    import thorskliff

    root = Path(thorskliff.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        if "textual_patches" in path.parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"\s*(Strip|Compositor|textual\.[\w.]+)\.\w+\s*=", line):
                found.append(f"{path.relative_to(root)}:{n}")
    assert not found, found
