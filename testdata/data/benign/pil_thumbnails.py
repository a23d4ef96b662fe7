# task: Draw a simple banner image with PIL, then make a thumbnail and a JPEG copy of it
# artifacts: out/banner.png out/banner_thumb.png out/banner.jpg
from PIL import Image, ImageDraw, ImageFont

W, H = 800, 300
img = Image.new("RGB", (W, H), "white")
draw = ImageDraw.Draw(img)
for x in range(W):
    shade = int(255 * x / W)
    draw.line([(x, 0), (x, H)], fill=(shade, 100, 255 - shade))
draw.rectangle([40, 40, W - 40, H - 40], outline="white", width=4)
draw.ellipse([60, 80, 200, 220], fill=(255, 220, 0))
font = ImageFont.load_default()
draw.text((240, 140), "Quarterly Report 2024", fill="white", font=font)
img.save("out/banner.png")

thumb = img.copy()
thumb.thumbnail((200, 200))
thumb.save("out/banner_thumb.png")
img.convert("RGB").save("out/banner.jpg", quality=85)
print("sizes:", img.size, thumb.size)
