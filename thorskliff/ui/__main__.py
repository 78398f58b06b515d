import sys

from .app import run

if __name__ == "__main__":  # importing the module (a check that imports every module) starts nothing
    sys.exit(run(sys.argv[1:]))
