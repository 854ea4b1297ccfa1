import { describe, expect, it } from "vitest";
import { renderDoc } from "./docs.ts";
import { imageHtml, showImages, slotKeyOf, type DocImage } from "./image-slots.ts";

const id = "0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10";
const image = (folder: string, alt: string | null = null): DocImage => ({
  src: `/media/${id}/${folder}/original`,
  width: 1600,
  height: 900,
  alt,
  sizes: [{ width: 640, avif: `/media/${id}/${folder}/w640.avif`, webp: `/media/${id}/${folder}/w640.webp` }],
});

describe("library images placed when a page is served", () => {
  it("shows the library's picture as it is now: a replaced file or new alt text needs no render", async () => {
    const rendered = await renderDoc(`Before.\n\n![](/media/${id} "The plate")\n\nAfter.`);
    expect(rendered.html).not.toContain("<img");
    const first = showImages(rendered.html, rendered.images, new Map([[id, image("a", "The foot plate")]]));
    expect(first).toContain(`<img src="/media/${id}/a/original" alt="The foot plate" title="The plate"`);
    const replaced = showImages(rendered.html, rendered.images, new Map([[id, image("b", "The new plate")]]));
    expect(replaced).toContain(`srcset="/media/${id}/b/w640.avif 640w"`);
    expect(replaced).toContain(`alt="The new plate"`);
    expect(replaced).not.toContain("/a/");
  });

  it("shows an image the library no longer has as its alt text, or as nothing without one", async () => {
    const rendered = await renderDoc(`![Old photo](/media/${id}) and ![](/media/${id})`);
    expect(showImages(rendered.html, rendered.images, new Map())).toBe(
      '<p><span class="doc-image-missing">Old photo</span> and </p>',
    );
  });

  it("cannot be made to place a picture where the writer wrote a marker of their own", async () => {
    // A marker copied from another text's render, in a title attribute and in the words.
    const other = await renderDoc(`![x](/media/${id})`);
    const marker = `<!--image:${other.images.key}:0-->`;
    const markdown = `[link](/docs "${marker}") ${marker} \`${marker}\`\n\n![x](/media/${id})`;
    const rendered = await renderDoc(markdown);
    expect(rendered.images.key).toBe(slotKeyOf(markdown));
    expect(rendered.images.key).not.toBe(other.images.key);
    const html = showImages(rendered.html, rendered.images, new Map([[id, image("a")]]));
    expect(html.match(/<picture>/g)).toHaveLength(1);
    expect(html).not.toMatch(/title="[^"]*<picture/);
  });

  it("escapes what the writer wrote in the alt text and title", () => {
    const html = imageHtml({ id, alt: '"><script>x</script>', title: "a & b", line: 1 }, image("a"));
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('title="a &amp; b"');
    expect(imageHtml({ id, alt: "<b>", title: null, line: 1 }, undefined)).toBe(
      '<span class="doc-image-missing">&lt;b&gt;</span>',
    );
  });
});
