import type { EndpointOptions } from "../../kernel/index.js";
import { abortError } from "../policy/wait.js";

/** Admission to the wire: at most `concurrency` requests in flight; mutations one at a time, `gap` ms apart. */
export interface Queue {
  /** Take a slot now (returns nothing) or when one frees (a promise; rejects with `AbortError` on the signal). */
  acquire(mutating: boolean, options: EndpointOptions): void | Promise<void>;
  /** Give the slot back; `sent: false` when the request went back to wait without being sent. */
  release(mutating: boolean, sent: boolean): void;
  /** Take a slot for a read if one is free and no read waits; `false` otherwise (nothing taken). */
  tryRead(): boolean;
}

interface Waiter {
  seq: number;
  go: () => void;
  done: boolean;
}

/**
 * Two FIFO lines (reads, mutations) served in arrival order; a mutation held back only by
 * the gap never blocks reads behind it. One timer at most, armed only while a mutation
 * waits for its gap, and cleared on every dispatch.
 */
export function createQueue(concurrency: number, gap: number): Queue {
  const serial = gap > 0;
  const lines: Record<"read" | "write", Waiter[]> = { read: [], write: [] };
  let active = 0,
    writing = false,
    nextWrite = 0,
    previousWrite = 0,
    seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writeReady = () => !serial || (!writing && Date.now() >= nextWrite);
  const head = (line: Waiter[]) => {
    while (line[0]?.done) line.shift();
    return line[0];
  };
  const take = (mutating: boolean) => {
    active++;
    if (mutating && serial) ((writing = true), (previousWrite = nextWrite), (nextWrite = Date.now() + gap));
  };
  function dispatch(): void {
    if (timer !== undefined) (clearTimeout(timer), (timer = undefined));
    while (active < concurrency) {
      const read = head(lines.read);
      const write = writeReady() ? head(lines.write) : undefined;
      const next = read && write ? (read.seq < write.seq ? read : write) : (read ?? write);
      if (!next) break;
      (next === read ? lines.read : lines.write).shift();
      take(next === write);
      next.go();
    }
    if (serial && !writing && active < concurrency && head(lines.write))
      timer = setTimeout(dispatch, nextWrite - Date.now());
  }
  return {
    acquire(mutating, options) {
      const line = mutating ? lines.write : lines.read;
      if (active < concurrency && !head(line) && (!mutating || writeReady())) return take(mutating);
      const signal = options.request.signal;
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(options, "for a free slot"));
        const onAbort = () => ((waiter.done = true), reject(abortError(options, "for a free slot")), dispatch());
        const waiter: Waiter = {
          seq: seq++,
          done: false,
          go: () => ((waiter.done = true), signal?.removeEventListener("abort", onAbort), resolve()),
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        line.push(waiter);
        dispatch();
      });
    },
    release(mutating, sent) {
      active--;
      if (mutating && serial) ((writing = false), sent || (nextWrite = previousWrite));
      // Nobody waits and no timer is armed: nothing to dispatch.
      if (lines.read.length || lines.write.length || timer !== undefined) dispatch();
    },
    tryRead() {
      return active < concurrency && !lines.read.length && ++active > 0;
    },
  };
}
