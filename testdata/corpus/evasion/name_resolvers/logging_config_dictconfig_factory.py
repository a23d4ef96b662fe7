# label: evasion
# family: name_resolvers
import logging.config  # want: SBX100

logging.config.dictConfig({  # want: SBX503
    "version": 1,
    "handlers": {
        "h": {"()": "os.system", "command": "id"},
    },
})
