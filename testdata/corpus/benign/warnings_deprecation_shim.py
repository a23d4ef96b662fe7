# label: benign
"""Deprecate an old function name with warnings, and test that the warning fires."""
import functools
import warnings


def deprecated(new_name):
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            warnings.warn(f"{fn.__name__} is deprecated; use {new_name}", DeprecationWarning, stacklevel=2)
            return fn(*args, **kwargs)
        return wrapper
    return decorator


def area(width, height):
    return width * height


@deprecated("area")
def compute_area(w, h):
    return area(w, h)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(compute_area(3, 4))
print(len(caught), caught[0].category.__name__, str(caught[0].message))
warnings.filterwarnings("ignore", category=DeprecationWarning)
print(compute_area(2, 2), compute_area.__wrapped__(1, 1), compute_area.__name__)
