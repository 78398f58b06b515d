import sys

from .app import run

if __name__ == "__main__":  # python -m thorskliff.ui; importing this module starts nothing
    sys.exit(run(sys.argv[1:]))
