import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../tests/support/auth-harness.ts";
import { freePort, saying, signInWithPassword, startServerProcess } from "../tests/support/server-process.ts";
import { pathologicalTexts } from "./markdown/pathological.ts";

/**
 * Text that cannot stall the server (issue 35): the production process (`server/main.ts`
 * on the build) is sent every text of the pathological corpus, as a doc's live preview
 * and as release notes, while a probe asks `/healthz` and a prerendered page without
 * pause. Every text is laid out or refused with a sentence on its field; none is a
 * fault; and while a render works through its whole budget in a thread, the probe keeps
 * being answered, many times over (a render on the event loop would hold every answer
 * until it ended). That is counted, never timed: a busy machine slows the answers but
 * cannot make them wait for the render. The figures (the outcomes, the slowest and the
 * 99th-percentile answer) are printed for the closing note.
 * `npm run test:unit` runs this file on its own, after the others: the answer it measures
 * is the server's, not that of a machine busy with other test files.
 */

const adminEmail = "admin@densara.test";
const adminPassword = "render-budget-password-1";

type Outcome = "laid out" | "refused";

/** One GET on a connection of its own: how long the whole answer took, in ms. */
function timedGet(port: number, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", reject);
    req.end();
  });
}

type GraphQLAnswer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
};

describe("rendering hostile text, against the production process", () => {
  it(
    "lays out or refuses every pathological text through docs and release notes, while /healthz and a prerendered page go on answering",
    { timeout: 600_000 },
    async () => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const server = startServerProcess({
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: "memory://",
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        RENDER_THREADS: "2",
        // A budget of one second: a refusal takes the same path as at five, at a fifth of the cost.
        RENDER_BUDGET_MS: "1000",
      });
      await server.next(saying("listening"));
      const browser = new TestBrowser(origin, "198.18.35.1");
      const { csrfToken } = await signInWithPassword(browser, { email: adminEmail, password: adminPassword });
      const gql = async (query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> => {
        const response = await browser.fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
          body: JSON.stringify({ query, variables }),
        });
        return (await response.json()) as GraphQLAnswer;
      };

      // The probe: one request after another, for as long as the corpus runs.
      const probes: { path: string; status: number; ms: number }[] = [];
      const probing = { on: true };
      const probe = (async () => {
        for (let turn = 0; probing.on; turn += 1) {
          const path = turn % 2 === 0 ? "/healthz" : "/products/v5";
          probes.push({ path, ...(await timedGet(port, path)) });
        }
      })();

      const outcomes: { text: string; through: string; outcome: Outcome; message?: string }[] = [];
      /** For each text that a thread worked on for its whole budget: the probe's answers meanwhile. */
      const budgetSpent: { text: string; answered: number }[] = [];
      const judge = (text: string, through: string, field: string, answer: GraphQLAnswer) => {
        const error = answer.errors?.[0];
        if (!error) return outcomes.push({ text, through, outcome: "laid out" });
        // A refusal is a sentence on the field that holds the text, never a fault of the server.
        expect(error.extensions?.code, `${through}: ${text}: ${error.message}`).toBe("VALIDATION_FAILED");
        expect(error.extensions?.fields?.[field], `${through}: ${text}`).toMatch(/lay out|nests|levels deep/);
        return outcomes.push({ text, through, outcome: "refused", message: error.extensions?.fields?.[field] ?? "" });
      };

      // Each text as a doc's live preview and as release notes at once (a thread each): the
      // pool's two threads busy together, as two editors at work would keep them.
      for (const [index, text] of pathologicalTexts.entries()) {
        const started = performance.now();
        const probesBefore = probes.length;
        const [preview, release] = await Promise.all([
          gql("query Preview($body: String) { docPreview(body: $body) { html } }", { body: text.markdown }),
          // Release notes are limited to 20,000 characters: the same shapes, shorter.
          gql("mutation Add($input: CreateReleaseInput!) { createRelease(input: $input) { id } }", {
            input: {
              product: "v5",
              channel: "beta",
              versionNumber: `9.0.${index}-beta.1`,
              releasedOn: "2026-11-27",
              notes: text.markdown.slice(0, 20_000),
            },
          }),
        ]);
        const probesAfter = probes.length;
        judge(text.name, "docPreview", "body", preview);
        judge(text.name, "createRelease", "notes", release);
        if (outcomes.slice(-2).some((outcome) => outcome.message?.includes("takes too long"))) {
          budgetSpent.push({ text: text.name, answered: probesAfter - probesBefore });
        }
        console.log(`${text.name}: ${Math.round(performance.now() - started)} ms, ${probes.length} probes so far`);
      }
      probing.on = false;
      await probe;

      const times = probes.map((answer) => answer.ms).sort((a, b) => a - b);
      const slowest = times.at(-1) ?? 0;
      const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
      console.log(
        [
          `pathological corpus: ${pathologicalTexts.length} texts × docPreview and createRelease`,
          ...outcomes.map(
            (outcome) =>
              `  ${outcome.through.padEnd(13)} ${outcome.text.padEnd(40)} ${outcome.outcome}${outcome.message ? `: ${outcome.message.slice(0, 60)}…` : ""}`,
          ),
          `probe: ${probes.length} answers (/healthz and /products/v5), p99 ${p99.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`,
        ].join("\n"),
      );
      expect(probes.every((answer) => answer.status === 200)).toBe(true);
      expect(probes.length).toBeGreaterThan(pathologicalTexts.length);
      // Some texts do take a thread's whole budget (else this would prove nothing), and during
      // each of them the event loop went on answering: a full second of work on it would
      // have let one queued probe through at most.
      expect(budgetSpent.length).toBeGreaterThan(0);
      for (const spent of budgetSpent) {
        expect(spent.answered, `probe answers while "${spent.text}" used its budget`).toBeGreaterThanOrEqual(10);
      }
      expect(outcomes).toHaveLength(pathologicalTexts.length * 2);
    },
  );
});
