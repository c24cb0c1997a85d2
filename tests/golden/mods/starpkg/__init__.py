# A package re-exporting its modules with star imports (mod_star_import).
import logging

from starpkg.ops import *  # noqa: F403
from .limits import *  # noqa: F403

log = logging.getLogger(__name__)
