# family: string_eval
# reaches: process
# layer: static
# static: missed
# type_hints_string_in_string, with a newline in the inner string: the analysis of strings as code
# reads only one-line strings (facts.go looksLikeExpr), and Python's evaluator takes the line break
# inside the parentheses. SBX205 now parses the forward references of a string annotation.
import typing


def f(x: "typing.List['''(lambda o: o.waitpid(o.posix_spawn(\"/usr/bin/python3\", [\"python3\", \"-c\", \"print(1)\"], {}), 0))(\n__import__(\"os\"))''']"):
    return x


print(typing.get_type_hints(f))
