# label: evasion
# family: private_attrs
# `import a.b as c` binds the submodule a.b; os.path is posixpath, whose os attribute is os.
import os.path as osp

osp.os.system("id")  # want: SBX101
