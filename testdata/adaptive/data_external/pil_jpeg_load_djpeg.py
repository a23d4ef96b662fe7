# family: data_external
# reaches: process
# layer: static
# static: missed
# JpegImageFile.load_djpeg decodes with the external djpeg program (subprocess.check_call): a
# method of the object Image.open returns, which the review of PIL.Image does not reach.
from PIL import Image

Image.new("RGB", (16, 16), (200, 40, 40)).save("swatch.jpg")
with Image.open("swatch.jpg") as im:
    try:
        im.load_djpeg()
    except OSError as exc:
        print("djpeg:", exc)
