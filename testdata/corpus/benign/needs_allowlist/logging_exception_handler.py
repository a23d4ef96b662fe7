# label: benign
import logging

logger = logging.getLogger(__name__)
logging.basicConfig(level=logging.DEBUG)

try:
    result = 1 / 0
except ZeroDivisionError:
    logger.exception("division failed")
    result = float("nan")
print(result)
