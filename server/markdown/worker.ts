import { readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { renderDoc, type RenderedDoc } from "./docs.ts";
import { highlighter } from "./highlight.ts";
import { renderMarkdown, type RenderedMarkdown } from "./render.ts";

/**
 * One render, in a worker thread of the render pool (`pool.ts`): the markdown, what it is
 * for, and a shared clock the thread stamps when it starts (`startClock`), so the pool's
 * budget counts the render's own work, not its wait in the queue.
 */
export type RenderTask =
  { kind: "doc"; markdown: string; clock: Float64Array } | { kind: "notes"; markdown: string; clock: Float64Array };

export type RenderAnswer =
  | { ok: true; kind: "doc"; rendered: RenderedDoc }
  | { ok: true; kind: "notes"; rendered: RenderedMarkdown }
  /** The parser or the tree walk ran out of stack: nesting no page needs. */
  | { ok: false; reason: "deep" };

/**
 * The clock's slots: when the render started (ms since the epoch), and on Linux the
 * thread's id and the CPU time it had used by then (ns, from the kernel's schedstat),
 * which the pool reads from outside while the thread is busy.
 */
function startClock(clock: Float64Array): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    const ran = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    if (Number.isFinite(tid) && Number.isFinite(ran)) {
      clock[1] = tid;
      clock[2] = ran;
    }
  } catch {
    // No /proc (not Linux): the pool counts time on the wall clock instead.
  }
  clock[0] = Date.now();
}

async function render(task: RenderTask): Promise<RenderAnswer> {
  startClock(task.clock);
  try {
    if (task.kind === "doc") {
      return { ok: true, kind: "doc", rendered: await renderDoc(task.markdown) };
    }
    return { ok: true, kind: "notes", rendered: await renderMarkdown(task.markdown) };
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) return { ok: false, reason: "deep" };
    throw error;
  }
}

/** A page with every kind of block, rendered once as the thread starts. */
const warmUp = [
  "## Heading [link](/docs/a) and `code`",
  "Some *emphasis*, **strong**, ~~struck~~ and a footnote.[^1]",
  "| Code | Meaning |\n| :--- | ---: |\n| E-104 | A *sensor* |",
  "- [x] one\n- two\n  1. three\n\n> [!NOTE]\n> A callout.",
  '```bash\necho ready\n```\n\n```json\n{"a": 1}\n```',
  "[^1]: The note.",
].join("\n\n");

/**
 * shiki loads, and the pipeline's code is compiled, before the thread takes its first
 * task, so no render's budget pays for a cold start. Then the thread gives way to every
 * other (Linux's nice applies to the calling thread alone): a render never slows the
 * server's own answers. The start itself runs at the usual priority, so a busy machine
 * does not starve it.
 */
export default highlighter()
  .then(() => renderDoc(warmUp))
  .then(() => {
    // Elsewhere the call would lower the whole process, the server's own thread included.
    if (process.platform === "linux") setPriority(10);
    return render;
  });
