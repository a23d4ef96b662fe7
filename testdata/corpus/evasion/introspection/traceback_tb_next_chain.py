# label: evasion
# family: introspection
def fail():
    raise ValueError


try:
    fail()
except ValueError as e:
    tb = e.__traceback__
    while tb.tb_next:  # want: SBX302
        tb = tb.tb_next  # want: SBX302
    print(tb.tb_frame.f_code.co_filename)  # want: SBX302 SBX302
