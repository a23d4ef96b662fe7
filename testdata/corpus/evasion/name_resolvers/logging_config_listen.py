# label: evasion
# family: name_resolvers
import logging.config  # want: SBX100

server = logging.config.listen(9030)  # want: SBX503
server.start()
