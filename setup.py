"""The build's one mapping that pyproject.toml cannot say: the repository
keeps the scenario files in its top-level ``scenarios/`` (they are data that
designers edit, not code), and the wheel carries them inside the package as
``thorskliff/scenarios`` so that ``importlib.resources`` finds them wherever
the game is installed (docs/architecture.md). Everything else is in
pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["thorskliff", "thorskliff.*"]), "thorskliff.scenarios",
              "thorskliff.scenarios.campaign", "thorskliff.scenarios.tutorial"],
    package_dir={"thorskliff.scenarios": "scenarios"},
)
