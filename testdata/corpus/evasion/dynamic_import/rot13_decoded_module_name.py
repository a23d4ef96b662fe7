# label: evasion
# family: dynamic_import
import codecs  # want: SBX100

m = __import__(codecs.decode("fhocebprff", "rot13"))  # want: SBX103 SBX702
