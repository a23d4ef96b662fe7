# label: benign
import logging

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
logger = logging.getLogger("orders")


def place(order: dict) -> None:
    logger.info("placing order %(id)s for %(qty)d items", order)
    if order["qty"] > 10:
        logger.warning("large order: %s", order["id"])


place({"id": "A-17", "qty": 12})
