# label: evasion
# family: imports
def load_settings():
    from .. import settings  # want: SBX100

    return settings.SECRET_KEY


print(load_settings())
