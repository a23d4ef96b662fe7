# label: evasion
# family: unicode
def step(x):
    ｂｒｅａｋｐｏｉｎｔ()  # want: SBX602 SBX803
    return x


step(1)
