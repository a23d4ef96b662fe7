# label: evasion
# family: format_traversal
import logging

handler = logging.StreamHandler()
handler.setFormatter(logging.Formatter("{name} {msg.__class__.__init__.__globals__}", style="{"))  # want: SBX701
log = logging.getLogger("x")
log.addHandler(handler)
log.error("hi")
