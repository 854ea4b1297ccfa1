import { readFileSync } from "node:fs";
import type { DomainContext } from "../domain/core/context.ts";
import { createDoc, publishDoc, saveDoc, type Doc } from "../domain/docs/index.ts";
import { createSearchSynonym } from "../domain/search-synonyms/index.ts";
import { demoDocs } from "./docs/index.ts";
import { demoSynonyms } from "./docs/synonyms.ts";
import type { Step, StoryClock } from "./story.ts";

/**
 * The steps that write the demo documentation (server/demo/docs), a page a day over the
 * last weeks, each published as it is written. Two pages have a later history: the
 * troubleshooting page was revised and published again, and the software-updates page
 * has a newer draft waiting for review, as a real docs set does. Once the pages are
 * written, an editor lists the search synonyms readers need (./docs/synonyms.ts).
 */

function bodyOf(path: string): string {
  return readFileSync(new URL(`./docs/${path}.md`, import.meta.url), "utf8").trim();
}

export function docSteps(at: StoryClock, system: (moment: Date) => DomainContext): Step[] {
  const written = new Map<string, Doc>();
  const parentOf = (path: string) => {
    const parent = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : null;
    return parent === null ? null : (written.get(parent)?.id ?? null);
  };
  const steps = demoDocs.map((demo, index) => {
    const moment = at(40 - index * 2, 9, 15);
    return {
      at: moment,
      run: async () => {
        const context = system(moment);
        const created = await createDoc(context, {
          title: demo.title,
          slug: demo.path.split("/").at(-1) ?? demo.path,
          parentId: parentOf(demo.path),
          position: demo.position,
          description: demo.description,
          products: demo.products ?? ["v5"],
          counterpartId: demo.counterpart ? (written.get(demo.counterpart)?.id ?? null) : null,
          body: bodyOf(demo.path),
        });
        written.set(demo.path, await publishDoc(context, { id: created.id, version: created.version }));
      },
    };
  });
  const revise = (path: string, daysAgo: number, change: (body: string) => string, publish: boolean) => ({
    at: at(daysAgo, 15, 40),
    run: async () => {
      const doc = written.get(path);
      if (!doc) throw new Error(`the demo doc ${path} was not written`);
      const context = system(at(daysAgo, 15, 40));
      const saved = await saveDoc(context, {
        id: doc.id,
        version: doc.version,
        title: doc.title,
        slug: doc.slug,
        parentId: doc.parentId,
        position: doc.position,
        description: doc.description,
        products: doc.products,
        counterpartId: doc.counterpartId,
        body: change(doc.body),
      });
      written.set(path, publish ? await publishDoc(context, { id: saved.id, version: saved.version }) : saved);
    },
  });
  // A minute apart, so the activity log tells them in the same order on every run.
  const synonyms = demoSynonyms.map((terms, index) => ({
    at: at(12, 11, 5 + index),
    run: async () => {
      await createSearchSynonym(system(at(12, 11, 5 + index)), { terms });
    },
  }));
  return [
    ...steps,
    ...synonyms,
    revise(
      "troubleshooting",
      3,
      (body) =>
        `${body}\n\n## Still stuck?\n\nWrite down the error code, the software version (**Settings → About**) and what you did just before. Then contact support through [the contact page](/about/contact).`,
      true,
    ),
    revise(
      "software-updates",
      1,
      (body) =>
        `${body}\n\n## Beta releases\n\nTest sites may install a beta release (5.3.0-beta.1 at the moment) from the beta channel on [the releases page](/dashboard/releases). Do not install a beta on a unit that screens patients every day.`,
      false,
    ),
  ];
}
