# label: evasion
# family: code_runners
import doctest  # want: SBX100


def helper():
    """
    >>> __import__("os").system("id")
    0
    """


doctest.testmod()  # want: SBX601
