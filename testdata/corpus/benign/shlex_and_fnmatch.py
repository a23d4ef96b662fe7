# label: benign
import fnmatch
import shlex

command = 'grep -r "hello world" src/ --include=*.py'
print(shlex.split(command))
files = ["main.py", "README.md", "test_main.py", "setup.cfg"]
print(fnmatch.filter(files, "*.py"))
print(shlex.quote("it's here"))
