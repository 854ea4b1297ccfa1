import { describe, expect, it, vi } from "vitest";
import { createToastStore, defaultToastTimeout, type Clock, type Toast } from "./toast-store.ts";

/** A manual clock: time moves only when the test says so, and due timers run in order. */
function fakeClock() {
  let now = 0;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, fn });
      return handle;
    },
    clearTimeout: (handle) => {
      if (typeof handle === "number") timers.delete(handle);
    },
  };
  const advanceTo = (time: number) => {
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= time).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [handle, timer] = due;
      timers.delete(handle);
      now = timer.at;
      timer.fn();
    }
    now = time;
  };
  return { clock, advanceTo, pending: () => timers.size };
}

const ids = (toasts: readonly Toast[]) => toasts.map((toast) => toast.id);

describe("toast store", () => {
  it("closes a toast after the default 5000 ms: still open at 4999, gone at 5000", () => {
    expect(defaultToastTimeout).toBe(5000);
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Saved" });
    advanceTo(4999);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(5000);
    expect(store.list()).toEqual([]);
  });

  it("honours a custom timeout", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Quick", timeout: 1000 });
    advanceTo(999);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(1000);
    expect(store.list()).toEqual([]);
  });

  it("timeout 0 never closes by itself", () => {
    const { clock, advanceTo, pending } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Sticky", timeout: 0 });
    expect(pending()).toBe(0);
    advanceTo(1_000_000);
    expect(ids(store.list())).toEqual(["a"]);
  });

  it("fills in the id, the default colour and the default timeout", () => {
    const { clock } = fakeClock();
    const store = createToastStore(clock);
    const first = store.add({ title: "One" });
    const second = store.add({ title: "Two" });
    expect(first).not.toBe(second);
    expect(store.list()).toEqual([
      { id: first, title: "One", color: "info", timeout: 5000 },
      { id: second, title: "Two", color: "info", timeout: 5000 },
    ]);
  });

  it("pausing at 2000 and resuming later keeps the remaining 3000 ms", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Hover me" });
    advanceTo(2000);
    store.pause("a");
    advanceTo(60_000);
    expect(ids(store.list())).toEqual(["a"]);
    store.resume("a");
    advanceTo(62_999);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(63_000);
    expect(store.list()).toEqual([]);
  });

  it("pausing twice does not take away more time than elapsed", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Hover me" });
    advanceTo(2000);
    store.pause("a");
    advanceTo(4000);
    store.pause("a");
    advanceTo(10_000);
    store.resume("a");
    advanceTo(12_999);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(13_000);
    expect(store.list()).toEqual([]);
  });

  it("pause, resume, pause, resume adds up the time shown", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Hover me" });
    advanceTo(1000);
    store.pause("a");
    advanceTo(5000);
    store.resume("a");
    advanceTo(6000);
    store.pause("a");
    advanceTo(9000);
    store.resume("a");
    advanceTo(11_999);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(12_000);
    expect(store.list()).toEqual([]);
  });

  it("resume without a pause does not restart the countdown", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Hi" });
    advanceTo(4000);
    store.resume("a");
    advanceTo(5000);
    expect(store.list()).toEqual([]);
  });

  it("pause and resume on a toast with timeout 0 keep it open", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Sticky", timeout: 0 });
    store.pause("a");
    store.resume("a");
    advanceTo(100_000);
    expect(ids(store.list())).toEqual(["a"]);
  });

  it("runs the callback exactly once when the toast closes by itself", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    const callback = vi.fn();
    store.add({ id: "a", title: "Bye", callback });
    advanceTo(5000);
    store.remove("a");
    advanceTo(20_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("runs the callback exactly once when the toast is dismissed, and cancels its timer", () => {
    const { clock, advanceTo, pending } = fakeClock();
    const store = createToastStore(clock);
    const callback = vi.fn();
    store.add({ id: "a", title: "Bye", callback });
    advanceTo(1000);
    store.remove("a");
    store.remove("a");
    expect(pending()).toBe(0);
    advanceTo(20_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("adding with an existing id replaces the toast and restarts its countdown", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    store.add({ id: "a", title: "Old" });
    store.add({ id: "b", title: "Other" });
    advanceTo(3000);
    store.add({ id: "a", title: "New" });
    expect(
      store
        .list()
        .filter((toast) => toast.id === "a")
        .map((toast) => toast.title),
    ).toEqual(["New"]);
    advanceTo(5000);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(7999);
    expect(ids(store.list())).toEqual(["a"]);
    advanceTo(8000);
    expect(store.list()).toEqual([]);
  });

  it("subscribers get the current list on add and on remove, until they unsubscribe", () => {
    const { clock, advanceTo } = fakeClock();
    const store = createToastStore(clock);
    const seen: string[][] = [];
    const unsubscribe = store.subscribe((toasts) => seen.push(ids(toasts)));
    store.add({ id: "a", title: "A" });
    store.add({ id: "b", title: "B", timeout: 0 });
    advanceTo(5000);
    store.remove("b");
    expect(seen).toEqual([["a"], ["a", "b"], ["b"], []]);
    unsubscribe();
    store.add({ id: "c", title: "C" });
    expect(seen).toHaveLength(4);
  });

  it("removing an unknown id changes nothing and notifies nobody", () => {
    const { clock } = fakeClock();
    const store = createToastStore(clock);
    const listener = vi.fn();
    store.subscribe(listener);
    store.remove("missing");
    expect(listener).not.toHaveBeenCalled();
  });
});
