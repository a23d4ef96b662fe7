# label: benign
import colorsys

for i in range(5):
    r, g, b = colorsys.hsv_to_rgb(i / 5, 0.6, 0.9)
    print("#{:02x}{:02x}{:02x}".format(int(r * 255), int(g * 255), int(b * 255)))
