# label: evasion
# family: data
from sklearn.utils.validation import check_memory  # want: SBX505

check_memory("cache").cache(sum)
