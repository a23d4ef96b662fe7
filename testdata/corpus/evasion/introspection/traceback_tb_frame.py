# label: evasion
# family: introspection
try:
    raise RuntimeError("boom")
except RuntimeError as err:
    frame = err.__traceback__.tb_frame  # want: SBX302
    outer = frame.f_back.f_globals  # want: SBX302 SBX302
    print(sorted(outer))
