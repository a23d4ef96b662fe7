# label: benign
import logging

handler = logging.StreamHandler()
handler.setFormatter(logging.Formatter("{asctime} {levelname:<8} {message}", style="{"))
log = logging.getLogger("app")
log.addHandler(handler)
log.warning("disk at %d%%", 91)
