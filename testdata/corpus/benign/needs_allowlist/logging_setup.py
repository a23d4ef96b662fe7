# label: benign
import logging

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("pipeline")


def process(items: list[int]) -> int:
    log.info("processing %d items", len(items))
    total = sum(items)
    if total > 100:
        log.warning("total %d is large", total)
    return total


process([10, 20, 90])
