"""``python -m conjure`` runs the command line."""

import sys

from conjure.cli import main

sys.exit(main())
