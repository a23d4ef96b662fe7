# label: evasion
# family: code_runners
import doctest  # want: SBX100


def sample():
    """
    >>> __import__("os").system("id")
    0
    """


doctest.run_docstring_examples(sample, {})  # want: SBX601
