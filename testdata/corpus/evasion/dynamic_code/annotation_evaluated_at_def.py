# label: evasion
# family: dynamic_code
def handler(request: __import__("os").system("id")) -> None:  # want: SBX101 SBX103
    pass
