# label: evasion
# family: name_resolvers
import logging.config  # want: SBX100

logging.config.fileConfig("/tmp/logging.ini")  # want: SBX503
