# label: evasion
# family: dynamic_code
class Config:
    loader = staticmethod(eval)  # want: SBX201

    def load(self, text: str):
        return self.loader(text)


print(Config().load("{'debug': True}"))
