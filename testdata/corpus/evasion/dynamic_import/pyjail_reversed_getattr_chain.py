# label: evasion
# family: dynamic_import
getattr(getattr(__builtins__, "__tropmi__"[::-1])("so"[::-1]), "metsys"[::-1])("id")  # want: SBX101 SBX103 SBX401 SBX403
