# family: type_dicts
# reaches: process
# layer: static
# static: missed
# ModuleType's __dict__ descriptor (the only dunder key SBX301 lets through on purpose).
import shutil

module_dict = vars(type(shutil))["__dict__"].__get__(shutil)
module_dict["os"].system("true")
