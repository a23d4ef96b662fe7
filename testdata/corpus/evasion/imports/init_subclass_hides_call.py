# label: evasion
# family: imports
import subprocess  # want: SBX101


class Base:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        subprocess.run(["id"])


class Child(Base):
    pass
