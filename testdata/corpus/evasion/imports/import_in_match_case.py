# label: evasion
# family: imports
def handle(command: str) -> str:
    match command.split():
        case ["net", host]:
            import socket  # want: SBX101

            return socket.gethostbyname(host)
        case _:
            return "unknown"


print(handle("net example.com"))
