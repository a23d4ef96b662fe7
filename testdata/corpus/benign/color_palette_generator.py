# label: benign
"""Generate colour palettes in HSV and print them as hex codes, with contrast ratios."""
import colorsys
import math


def hex_color(rgb):
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def luminance(rgb):
    def channel(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def palette(base_hue, n=5):
    golden = (math.sqrt(5) - 1) / 2
    return [colorsys.hsv_to_rgb((base_hue + i * golden) % 1, 0.6, 0.9) for i in range(n)]


white = (1.0, 1.0, 1.0)
for rgb in palette(0.1):
    h, l, s = colorsys.rgb_to_hls(*rgb)
    print(hex_color(rgb), f"hue={h:.2f}", f"contrast={contrast(rgb, white):.2f}")
