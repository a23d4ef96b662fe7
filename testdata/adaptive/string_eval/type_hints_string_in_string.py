# family: string_eval
# reaches: process
# layer: static
# static: missed
# A string in a string annotation is a forward reference, which get_type_hints evaluates in turn
# (List['...'] holds a ForwardRef). SBX205 took the inner string for a constant (Literal's values),
# and the analysis of the outer string as code did not know its own strings were evaluated (a
# sub-analysis judged strings as code only where it named an evaluator itself).
import typing


def f(x: "typing.List['(lambda o: o.waitpid(o.posix_spawn(\"/usr/bin/python3\", [\"python3\", \"-c\", \"print(1)\"], {}), 0))(__import__(\"os\"))']"):
    return x


print(typing.get_type_hints(f))
