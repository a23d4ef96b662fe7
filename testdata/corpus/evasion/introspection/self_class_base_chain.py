# label: evasion
# family: introspection
class Widget:
    def describe(self):
        root = self.__class__.__base__  # want: SBX301
        return root.__subclasses__()  # want: SBX301


print(len(Widget().describe()))
