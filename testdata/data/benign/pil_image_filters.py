# task: Generate a test image with numpy, apply blur, edge detection and grayscale with PIL, and save a side-by-side contact sheet
# artifacts: out/original.png out/contact_sheet.png out/channel_stats.csv
import numpy as np
import pandas as pd
from PIL import Image, ImageFilter, ImageOps, ImageStat

h, w = 240, 320
yy, xx = np.mgrid[0:h, 0:w]
rgb = np.stack([
    (xx / w * 255),
    (yy / h * 255),
    (128 + 127 * np.sin(xx / 15.0) * np.cos(yy / 20.0)),
], axis=-1).astype(np.uint8)
img = Image.fromarray(rgb, mode="RGB")
img.save("out/original.png")

variants = {
    "original": img,
    "blur": img.filter(ImageFilter.GaussianBlur(radius=4)),
    "edges": img.convert("L").filter(ImageFilter.FIND_EDGES).convert("RGB"),
    "gray": ImageOps.grayscale(img).convert("RGB"),
    "posterized": ImageOps.posterize(img, 2),
    "rotated": img.rotate(20, expand=False, fillcolor=(255, 255, 255)),
}
thumb = (160, 120)
sheet = Image.new("RGB", (thumb[0] * 3, thumb[1] * 2), "white")
for i, (name, im) in enumerate(variants.items()):
    sheet.paste(im.resize(thumb, Image.Resampling.LANCZOS), ((i % 3) * thumb[0], (i // 3) * thumb[1]))
sheet.save("out/contact_sheet.png", optimize=True)

stats = []
for name, im in variants.items():
    st = ImageStat.Stat(im)
    stats.append({"variant": name, **{f"mean_{c}": round(m, 2) for c, m in zip("RGB", st.mean)},
                  **{f"std_{c}": round(s, 2) for c, s in zip("RGB", st.stddev)}})
df = pd.DataFrame(stats)
print(df)
df.to_csv("out/channel_stats.csv", index=False)
