"""``python -m conjure`` runs the command line."""

import sys

from conjure.cli import main

# guarded: a worker process started by spawn (a local Dask cluster's) imports this module again
if __name__ == "__main__":
    sys.exit(main())
