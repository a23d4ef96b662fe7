# label: evasion
# family: private_attrs
import dataclasses

fn = dataclasses._create_fn("probe", [], ["return __import__('os').system('id')"])  # want: SBX501
print(fn())
