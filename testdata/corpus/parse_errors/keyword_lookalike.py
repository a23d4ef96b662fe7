# label: evasion
# family: encodings
# want-parse-error
𝘪𝘮𝘱𝘰𝘳𝘵 os
