# label: evasion
# family: imports
from multiprocessing import Process  # want: SBX101


def worker() -> None:
    while True:
        pass


if __name__ == "__main__":
    for _ in range(64):
        Process(target=worker).start()
