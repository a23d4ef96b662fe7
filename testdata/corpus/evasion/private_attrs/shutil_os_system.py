# label: evasion
# family: private_attrs
import shutil

shutil.os.system("id")  # want: SBX101
