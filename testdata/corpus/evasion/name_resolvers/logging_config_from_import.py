# label: evasion
# family: name_resolvers
from logging.config import dictConfig  # want: SBX100

dictConfig({"version": 1, "root": {"handlers": ["x"]}, "handlers": {"x": {"()": "os.system"}}})  # want: SBX503
