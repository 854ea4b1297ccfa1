/**
 * Markdown for the docs benchmarks (scripts/bench/docs.ts), made deterministically from a
 * seed: prose, headings and list items drawn from the demo documentation
 * (server/demo/docs), so the words are the technical prose a real docs set holds, put
 * together as new pages with tables, links, callouts and code blocks.
 */
import { readFileSync } from "node:fs";
import { suggestSlug } from "../../shared/doc-paths.ts";
import { demoDocs } from "../../server/demo/docs/index.ts";

/** A seeded pseudo-random source (mulberry32): the same seed gives the same pages. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error("nothing to pick from");
  return item;
}

const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** One demo page, taken apart: its sentences, list items and headings. */
type Topic = {
  path: string;
  title: string;
  description: string;
  sentences: string[];
  items: string[];
  headings: string[];
};

function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[A-Z*[])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => wordCount(sentence) >= 3);
}

function takeApart(body: string): Pick<Topic, "sentences" | "items" | "headings"> {
  const sentences: string[] = [];
  const items: string[] = [];
  const headings: string[] = [];
  let paragraph: string[] = [];
  let inCode = false;
  const flush = () => {
    if (paragraph.length > 0) sentences.push(...splitSentences(paragraph.join(" ")));
    paragraph = [];
  };
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```")) {
      flush();
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    const heading = /^#{2,4}\s+(.+)$/.exec(line)?.[1];
    const item = /^(?:[-*]|\d+\.)\s+(.+)$/.exec(line)?.[1];
    if (!line || heading || item || line.startsWith("|") || line.startsWith(">")) flush();
    if (heading) headings.push(heading);
    else if (item) items.push(item);
    else if (line && !line.startsWith("|") && !line.startsWith(">")) paragraph.push(line);
  }
  flush();
  return { sentences, items, headings };
}

let loaded: Topic[] | undefined;

/** The demo documentation, one topic per page. */
function topics(): Topic[] {
  loaded ??= demoDocs.map((demo) => ({
    path: demo.path,
    title: demo.title,
    description: demo.description,
    ...takeApart(readFileSync(new URL(`../../server/demo/docs/${demo.path}.md`, import.meta.url), "utf8")),
  }));
  return loaded;
}

/** Code as a technician's doc shows it, one sample per language the renderer colours. */
const codeSamples: { language: string; code: (n: number) => string }[] = [
  {
    language: "bash",
    code: (n) => `# Check the unit answers on the site network, then fetch its log
ping -c 3 10.20.${n}.15
curl --fail --silent --show-error \\
  --cacert /etc/densara/site-ca.pem \\
  "https://unit-${n}.clinic.example/api/v1/log?since=2026-01-0${(n % 9) + 1}" \\
  -o "unit-${n}.log"
grep -E "E4[0-9]{3}|WARN" "unit-${n}.log" | tail -n 20
sha256sum densara-v5-update-5.${n}.0.pkg`,
  },
  {
    language: "json",
    code: (n) => `{
  "unit": "DX5-${1000 + n}",
  "software": "5.${n}.2",
  "network": { "dhcp": false, "address": "10.20.${n}.15", "gateway": "10.20.${n}.1", "dns": ["10.20.0.2"] },
  "export": { "format": "dicom-sr", "destination": "pacs.clinic.example", "port": 104, "aeTitle": "DENSARA${n}" },
  "calibration": { "phantom": "PH-${2200 + n}", "lastCheck": "2026-03-0${(n % 9) + 1}T08:15:00Z", "result": "PASS" },
  "operators": ${n % 7}
}`,
  },
  {
    language: "ts",
    code: (n) => `import { readFile } from "node:fs/promises";

type PhantomReading = { at: string; value: number; limitLow: number; limitHigh: number };

/** Readings outside the phantom's limits, newest first. */
export async function outOfRange(path: string): Promise<PhantomReading[]> {
  const readings = JSON.parse(await readFile(path, "utf8")) as PhantomReading[];
  return readings
    .filter((reading) => reading.value < reading.limitLow || reading.value > reading.limitHigh)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, ${10 + n});
}`,
  },
  {
    language: "python",
    code: (n) => `import csv
from statistics import mean, stdev

def drift(path: str, window: int = ${5 + (n % 10)}) -> list[float]:
    """Rolling mean of the daily phantom readings, to spot a slow drift."""
    with open(path, newline="") as handle:
        values = [float(row["value"]) for row in csv.DictReader(handle)]
    return [mean(values[i - window:i]) for i in range(window, len(values) + 1)]

if __name__ == "__main__":
    series = drift("phantom-${n}.csv")
    print(f"{len(series)} points, spread {stdev(series):.3f}")`,
  },
  {
    language: "yaml",
    code: (n) => `site: clinic-${n}
units:
  - serial: DX5-${1000 + n}
    room: "Imaging ${n % 4}"
    network:
      address: 10.20.${n}.15/24
      gateway: 10.20.${n}.1
    export:
      pacs: pacs.clinic.example
      port: 104
schedule:
  daily_phantom_check: "07:30"
  backup: "22:00"`,
  },
  {
    language: "ini",
    code: (n) => `[network]
address = 10.20.${n}.15
netmask = 255.255.255.0
gateway = 10.20.${n}.1
ntp = time.clinic.example

[export]
destination = pacs.clinic.example
port = 104
ae_title = DENSARA${n}
retry_minutes = ${5 + (n % 10)}`,
  },
  {
    language: "sql",
    code: (n) => `-- Phantom checks that failed in the last ${30 + n} days, per unit
select unit_serial, count(*) as failures, max(checked_at) as latest
from phantom_checks
where result = 'FAIL'
  and checked_at > now() - interval '${30 + n} days'
group by unit_serial
order by failures desc, latest desc
limit 20;`,
  },
  {
    language: "powershell",
    code: (n) => `# Verify the update package before copying it to the USB stick
$package = "D:\\densara-v5-update-5.${n}.0.pkg"
$expected = (Get-Content "$package.sha256").Split(" ")[0]
$actual = (Get-FileHash -Algorithm SHA256 $package).Hash.ToLower()
if ($actual -ne $expected) {
    Write-Error "Checksum mismatch: do not install this package."
    exit 1
}
Write-Output "Checksum OK for $package"`,
  },
  {
    language: "xml",
    code: (n) => `<?xml version="1.0" encoding="UTF-8"?>
<exportProfile name="clinic-${n}">
  <destination host="pacs.clinic.example" port="104" aeTitle="DENSARA${n}" />
  <report format="pdf" language="en" includeImages="true" />
  <retry attempts="${3 + (n % 3)}" intervalMinutes="5" />
</exportProfile>`,
  },
  {
    language: "diff",
    code: (n) => `--- site-sheet-rev${n}.txt
+++ site-sheet-rev${n + 1}.txt
@@ -4,7 +4,7 @@
 Room temperature: 18 to 28 °C
 Relative humidity: 20 to 80 %
-Mains: 230 V, 10 A, dedicated circuit
+Mains: 230 V, 16 A, dedicated circuit
 Network: one RJ45 port, 1 Gbit/s
 Floor load: 150 kg/m²`,
  },
  {
    language: "toml",
    code: (n) => `[unit]
serial = "DX5-${1000 + n}"
software = "5.${n}.2"

[backup]
destination = "smb://nas.clinic.example/densara"
keep_days = ${30 + n}
encrypt = true`,
  },
  {
    language: "http",
    code: (n) => `GET /api/v1/units/DX5-${1000 + n}/status HTTP/1.1
Host: portal.densara.example
Accept: application/json
Authorization: Bearer <token>

HTTP/1.1 200 OK
Content-Type: application/json

{"state":"ready","software":"5.${n}.2","lastPhantomCheck":"PASS"}`,
  },
  {
    language: "javascript",
    code: (n) => `// Group the export log by destination and count the failures
const failures = new Map();
for (const line of log.split("\\n")) {
  const [at, destination, status] = line.split("\\t");
  if (status !== "OK") failures.set(destination, (failures.get(destination) ?? 0) + 1);
}
console.log([...failures].sort((a, b) => b[1] - a[1]).slice(0, ${3 + (n % 5)}));`,
  },
  {
    language: "csv",
    code: (n) => `date,unit,phantom,value,result
2026-03-01,DX5-${1000 + n},PH-${2200 + n},1.002,PASS
2026-03-02,DX5-${1000 + n},PH-${2200 + n},0.998,PASS
2026-03-03,DX5-${1000 + n},PH-${2200 + n},1.011,PASS
2026-03-04,DX5-${1000 + n},PH-${2200 + n},1.034,FAIL`,
  },
];

function codeBlock(index: number): string {
  const sample = codeSamples[index % codeSamples.length];
  if (!sample) throw new Error("no code sample");
  return `\`\`\`${sample.language}\n${sample.code(index + 1)}\n\`\`\``;
}

function paragraph(random: Random, pool: readonly string[], sentences: number): string {
  return Array.from({ length: sentences }, () => pick(random, pool)).join(" ");
}

const table = `| Check                  | Who runs it                         | When                                  | About how long |
| ---------------------- | ----------------------------------- | ------------------------------------- | -------------- |
| Daily phantom check    | Any operator                        | Every day, before the first screening | 3 minutes      |
| Full calibration check | Administrator or service technician | After installation, a move or repair  | 15 minutes     |
| Network export test    | Administrator                       | After a change to the site network    | 5 minutes      |
| Backup restore test    | Service technician                  | Once a year                           | 30 minutes     |
| Recalibration          | Service centre only                 | When a full calibration check fails   | Off site       |`;

/**
 * One long page: `words` words of prose (code not counted), a heading every ~300 words
 * (a subheading between), ordered and bulleted lists, a table, callouts, links to other
 * docs and to the web, and `codeBlocks` code blocks spread through it, in every language
 * the renderer colours.
 */
export function longDoc(options: { words: number; codeBlocks: number; seed: number }): {
  markdown: string;
  words: number;
  languages: string[];
} {
  const random = seeded(options.seed);
  const all = topics();
  const sentences = all.flatMap((topic) => topic.sentences);
  const items = all.flatMap((topic) => topic.items);
  const headings = [...new Set(all.flatMap((topic) => topic.headings))];
  const sections = Math.max(1, Math.round(options.words / 300));
  const blocks: string[] = [];
  let words = 0;
  const prose = (text: string) => {
    words += wordCount(text);
    blocks.push(text);
  };
  const languages = new Set<string>();
  let code = 0;
  prose(paragraph(random, sentences, 4));
  for (let section = 0; section < sections; section += 1) {
    const target = Math.round(((section + 1) * options.words) / sections);
    prose(`## ${pick(random, headings)}`);
    const codeHere =
      Math.floor(((section + 1) * options.codeBlocks) / sections) -
      Math.floor((section * options.codeBlocks) / sections);
    let placed = 0;
    let paragraphs = 0;
    while (words < target - 20) {
      const left = target - words;
      if (paragraphs === 2 && section % 2 === 1) prose(`### ${pick(random, headings)}`);
      if (paragraphs === 1 && section % 2 === 0 && left > 80) {
        prose(
          Array.from({ length: between(random, 4, 7) }, (_, index) => `${index + 1}. ${pick(random, items)}`).join(
            "\n",
          ),
        );
      } else if (paragraphs === 1 && section % 3 === 1 && left > 60) {
        prose(Array.from({ length: between(random, 3, 5) }, () => `- ${pick(random, items)}`).join("\n"));
      } else if (paragraphs === 2 && section % 6 === 2) {
        prose(`> [!${section % 12 === 2 ? "WARNING" : "NOTE"}]\n> ${paragraph(random, sentences, 2)}`);
      } else {
        const topic = pick(random, all);
        const link =
          paragraphs % 3 === 2
            ? ` See [${topic.title}](/docs/${topic.path}) or the [site sheet](https://www.densara.example/site-sheet.pdf).`
            : "";
        prose(`${paragraph(random, sentences, Math.min(between(random, 3, 5), Math.ceil(left / 18)))}${link}`);
      }
      if (section === 3 && paragraphs === 0) blocks.push(table);
      if (placed < codeHere && paragraphs >= placed) {
        blocks.push(codeBlock(code));
        languages.add(codeSamples[code % codeSamples.length]?.language ?? "");
        code += 1;
        placed += 1;
      }
      paragraphs += 1;
    }
    for (; placed < codeHere; placed += 1) {
      blocks.push(codeBlock(code));
      code += 1;
    }
  }
  return { markdown: `${blocks.join("\n\n")}\n`, words, languages: [...languages] };
}

/** A page to write through the domain: its parent is an earlier page of the list, by index. */
export type SeedDoc = {
  title: string;
  slug: string;
  description: string;
  body: string;
  parent: number | null;
};

const qualifiers = [
  "on the v5",
  "on the v4",
  "for mobile units",
  "at a new site",
  "after a move",
  "in a hospital network",
  "for service technicians",
  "for operators",
  "with a shared PACS",
  "in a small clinic",
  "before an audit",
  "after a software update",
  "at the start of the day",
  "when the unit is offline",
  "with a replacement phantom",
  "for administrators",
];

const sites = [
  "Aberdeen",
  "Bergen",
  "Bordeaux",
  "Coimbra",
  "Dresden",
  "Dundee",
  "Galway",
  "Ghent",
  "Graz",
  "Leuven",
  "Lyon",
  "Malmo",
  "Nantes",
  "Odense",
  "Porto",
  "Salzburg",
  "Tampere",
  "Trieste",
  "Utrecht",
  "Valencia",
];

/** A code a unit shows, unique to one seeded page: a word search finds in one doc only. */
export const unitCode = (index: number) => `E${4000 + ((index * 37) % 6000)}`;

/**
 * `count` pages of 300 to 800 words: each mostly about one demo topic (three sentences in
 * four from it), with a heading every 150 to 250 words, some lists, a code block in one
 * page of ten, and words of its own (a site, a unit code, a software version). The first
 * twenty are sections at the top; the next eighty sit under them; the rest under those.
 */
export function seedDocs(count: number, seed: number): SeedDoc[] {
  const random = seeded(seed);
  const all = topics();
  const sentences = all.flatMap((topic) => topic.sentences);
  const pages: SeedDoc[] = [];
  for (let index = 0; index < count; index += 1) {
    const topic = all[index % all.length];
    if (!topic) throw new Error("no topics");
    const own = topic.sentences.length >= 8 ? topic.sentences : sentences;
    const target = between(random, 300, 800);
    const site = pick(random, sites);
    const version = `5.${between(random, 0, 9)}.${between(random, 0, 20)}`;
    const title = `${pick(random, topic.headings.length > 0 ? topic.headings : [topic.title])} ${pick(random, qualifiers)}`;
    const blocks = [
      `At ${site}, units running software ${version} may show code ${unitCode(index)} during this procedure: it is described below.`,
    ];
    let words = wordCount(blocks[0] ?? "");
    let sinceHeading = 0;
    let headingWords = between(random, 150, 250);
    while (words < target) {
      let block: string;
      if (sinceHeading >= headingWords) {
        block = `## ${pick(random, topic.headings.length > 0 ? topic.headings : [topic.title])}`;
        sinceHeading = 0;
        headingWords = between(random, 150, 250);
      } else if (random() < 0.12 && topic.items.length > 0) {
        block = Array.from({ length: between(random, 3, 6) }, (_, n) => `${n + 1}. ${pick(random, topic.items)}`).join(
          "\n",
        );
      } else {
        block = Array.from({ length: between(random, 2, 5) }, () =>
          pick(random, random() < 0.75 ? own : sentences),
        ).join(" ");
      }
      blocks.push(block);
      const added = wordCount(block);
      words += added;
      sinceHeading += added;
    }
    if (index % 10 === 5) blocks.splice(2, 0, codeBlock(index));
    const parent = index < 20 ? null : index < 100 ? index % 20 : 20 + (index % 80);
    pages.push({
      title,
      slug: `${suggestSlug(title).slice(0, 48).replace(/-+$/, "")}-${index}`,
      description: `${topic.description.replace(/\.$/, "")} (${site}).`.slice(0, 300),
      body: blocks.join("\n\n"),
      parent,
    });
  }
  return pages;
}
