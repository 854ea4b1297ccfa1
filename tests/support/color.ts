import type { Page } from "@playwright/test";

/**
 * Relative luminance (0 black … 1 white) of a CSS colour, computed in the page: the
 * canvas turns any syntax the browser understands (rgb, oklch, …) into sRGB pixels.
 */
export async function cssColorLuminance(page: Page, cssColor: string): Promise<number> {
  return page.evaluate((color) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.fillStyle = "#808080";
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  }, cssColor);
}

/** Mean relative luminance of a PNG screenshot, decoded by the page itself (img-src allows data: URLs). */
export async function screenshotLuminance(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    let sum = 0;
    for (let index = 0; index < data.length; index += 4) {
      sum +=
        0.2126 * channel(data[index] ?? 0) +
        0.7152 * channel(data[index + 1] ?? 0) +
        0.0722 * channel(data[index + 2] ?? 0);
    }
    return sum / (data.length / 4);
  }, png.toString("base64"));
}
