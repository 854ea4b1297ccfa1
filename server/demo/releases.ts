import { gzipSync } from "node:zlib";
import type { DomainContext } from "../domain/core/context.ts";
import { updateMedia, uploadMedia, type Media } from "../domain/media/index.ts";
import { createRelease, publishRelease } from "../domain/releases/index.ts";
import type { Step, StoryClock } from "./story.ts";

/**
 * The demo's software history: a few releases of each scanner, notes written as a
 * service technician reads them, and small sample files. The files say what they are
 * (demo packages, not device software), and the notes make no clinical or regulatory
 * claim: they are about installing, calibrating and using the portal's demo.
 */

type DemoRelease = {
  product: "v4" | "v5";
  channel: "stable" | "beta";
  versionNumber: string;
  daysAgo: number;
  notes: string;
  /** Left as a draft (an editor's work in progress). */
  draft?: boolean;
  /** Also offer the service notes PDF. */
  withPdf?: boolean;
  /** Show the result-screen picture in the notes. */
  withScreen?: boolean;
};

const demoReleases: DemoRelease[] = [
  {
    product: "v4",
    channel: "stable",
    versionNumber: "4.8.0",
    daysAgo: 58,
    notes: `## Changed

- The daily quality-control scan now prints its phantom readings on the summary sheet.
- Exports to the practice's records system use the clinic's time zone instead of UTC.

## Install

Copy the package to a USB stick, insert it with the scanner idle, and choose **Service → Update**. The scanner restarts once; allow about ten minutes.`,
  },
  {
    product: "v4",
    channel: "stable",
    versionNumber: "4.8.1",
    daysAgo: 41,
    withPdf: true,
    notes: `## Fixed

- The update screen no longer stalls at 96% when the USB stick is formatted as exFAT.
- Patient lists sort surnames with accents (Ñ, Ö) in the right place.

## Before you install

Run the daily quality-control scan first and keep its sheet: the service notes (PDF) list the values to compare after the update.`,
  },
  {
    product: "v5",
    channel: "stable",
    versionNumber: "5.1.0",
    daysAgo: 52,
    notes: `## New

- Network export over DICOM to a configured archive (see the service notes, section 3).
- The operator's name is recorded with each scan.

## Install

Update from the touch screen (**Settings → Software → Update from USB**) or push the package from the portal. Calibration is kept.`,
  },
  {
    product: "v5",
    channel: "stable",
    versionNumber: "5.2.0",
    daysAgo: 33,
    withPdf: true,
    notes: `## Changed

- Start-up from cold takes about 40 seconds instead of 70.
- The foot-plate sensor check runs before each scan, not once a day.

## Fixed

- A scan cancelled during positioning no longer leaves an empty record.`,
  },
  {
    product: "v5",
    channel: "stable",
    versionNumber: "5.2.1",
    daysAgo: 19,
    withScreen: true,
    notes: `## Fixed

- The result screen shows the measurement date in the clinic's date format.
- Wi-Fi reconnects on its own after the access point restarts.

## Install

1. Check the current version under **Settings → About**: this update applies to 5.2.0.
2. Install from USB or from the portal; the scanner restarts twice.
3. Run the daily quality-control scan.`,
  },
  {
    product: "v5",
    channel: "beta",
    versionNumber: "5.3.0-beta.1",
    daysAgo: 9,
    notes: `## For test sites only

- A new layout for the result screen, with larger type.
- Scan history can be filtered by operator.

Report anything odd to support with the scanner's serial number and the time it happened.`,
  },
  {
    product: "v5",
    channel: "stable",
    versionNumber: "5.3.0",
    daysAgo: 2,
    draft: true,
    notes: `## Changed

- The larger result screen from the 5.3.0 beta.

(Draft: waiting for the test sites' reports.)`,
  },
];

/** A small gzip file standing in for a device package, and saying so. */
function demoPackage(product: string, version: string): Uint8Array {
  return new Uint8Array(
    gzipSync(
      `Densara ${product} ${version}: a demo package from the portal's demo data.\nIt is not device software and installs nothing.\n`,
    ),
  );
}

/** A one-page PDF of demo service notes (valid, tiny, text only). */
function demoPdf(title: string): Uint8Array {
  const text = `BT /F1 14 Tf 72 720 Td (${title.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A picture of the result screen's layout: grey panels on white, made here. */
async function screenPicture(): Promise<Uint8Array> {
  const sharp = (await import("sharp")).default;
  const panel = (top: number, height: number) => ({
    input: { create: { width: 1040, height, channels: 3 as const, background: "#dbe4f0" } },
    top,
    left: 60,
  });
  return new Uint8Array(
    await sharp({ create: { width: 1160, height: 720, channels: 3, background: "#ffffff" } })
      .composite([panel(60, 90), panel(190, 300), panel(530, 130)])
      .png()
      .toBuffer(),
  );
}

/** The steps that add the demo releases, each at its moment, with the files they offer. */
export function releaseSteps(at: StoryClock, system: (moment: Date) => DomainContext): Step[] {
  let screen: Media | undefined;
  return demoReleases.map((demo) => {
    const moment = at(demo.daysAgo, 14, 30);
    return {
      at: moment,
      run: async () => {
        const context = system(moment);
        const assetIds: string[] = [];
        const name = `densara-${demo.product}-${demo.versionNumber}-demo-package.gz`;
        assetIds.push((await uploadMedia(context, { file: demoPackage(demo.product, demo.versionNumber), name })).id);
        if (demo.withPdf) {
          const pdf = await uploadMedia(context, {
            file: demoPdf(`Densara ${demo.product} ${demo.versionNumber} service notes (demo)`),
            name: `${demo.product}-${demo.versionNumber}-service-notes.pdf`,
          });
          assetIds.push(pdf.id);
        }
        let notes = demo.notes;
        if (demo.withScreen) {
          screen ??= await uploadMedia(context, { file: await screenPicture(), name: "v5-result-screen-layout.png" });
          screen = await updateMedia(context, {
            id: screen.id,
            version: screen.version,
            name: screen.name,
            alt: "The v5 result screen's layout: a header band, a large results panel and a history strip below.",
          });
          notes = `${notes}\n\n![The v5 result screen's layout: a header band, a large results panel and a history strip below.](/media/${screen.id})`;
        }
        const created = await createRelease(context, {
          product: demo.product,
          channel: demo.channel,
          versionNumber: demo.versionNumber,
          releasedOn: moment.toISOString().slice(0, 10),
          notes,
          assetIds,
        });
        if (!demo.draft) await publishRelease(context, { id: created.id, version: created.version });
      },
    };
  });
}
