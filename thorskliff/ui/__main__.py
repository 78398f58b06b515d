import sys

from .app import run

if __name__ == "__main__":  # importing the module (e.g. walking the package) must not start the app
    sys.exit(run(sys.argv[1:]))
