import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Breadcrumbs } from "./breadcrumbs.tsx";

const trail = [
  { title: "Products", href: "/products" },
  { title: "Densara v5", href: "/products/v5" },
];

describe("Breadcrumbs", () => {
  it("is a navigation named Breadcrumb around an ordered list, a link per page above", () => {
    const html = renderToStaticMarkup(<Breadcrumbs trail={trail} current="Software 5.2.1" />);
    expect(html).toMatch(/^<nav aria-label="Breadcrumb"><ol [^>]*>.*<\/ol><\/nav>$/);
    expect([...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[1], match[2]])).toEqual([
      ["/products", "Products"],
      ["/products/v5", "Densara v5"],
    ]);
    expect(html.match(/<li/g)).toHaveLength(3);
  });

  it("marks the page itself, last, as the current page and not a link", () => {
    const html = renderToStaticMarkup(<Breadcrumbs trail={trail} current="Software 5.2.1" />);
    expect(html).toMatch(/<li [^>]*>(<svg.*<\/svg>)?<span aria-current="page">Software 5\.2\.1<\/span><\/li><\/ol>/);
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it("ends at the page above when the page itself is not named", () => {
    const html = renderToStaticMarkup(<Breadcrumbs trail={trail} />);
    expect(html).not.toContain("aria-current");
    expect(html.match(/<li/g)).toHaveLength(2);
  });
});
