# label: evasion
# family: introspection
# No attribute is written: the class patterns walk ().__class__.__base__.__subclasses__.
match ():
    case object(__class__=object(__base__=object(__subclasses__=subs))):  # want: SBX301 SBX301
        print(len(subs()))
