# label: evasion
# family: dynamic_code
import codecs  # want: SBX100

hidden = "vzcbeg bf; bf.flfgrz('vq')"
exec(codecs.decode(hidden, "rot13"))  # want: SBX201 SBX702
