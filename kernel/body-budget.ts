import { ParameterError } from "./errors.js";

/**
 * One budget, for the whole process, of response-body bytes held while they are read (after
 * decoding): `request.maxBodyBytes` bounds one body, this bounds all of them together.
 * Concurrent decompression bombs each stopped at 256 MiB; 16 of them still reached 4.3 GB of
 * RSS. The kernel's body reader (kernel/response.ts `readBody`, for every transport) takes
 * its bytes from here as they arrive and gives them back when the body is read or failed; a
 * body that would overdraw the budget fails at once with a `ResponseTooLargeError`, and its
 * bytes are freed. docs/security.md describes it.
 */

/** The default budget: two of the largest bodies `request.maxBodyBytes` allows at once. */
export const DEFAULT_BODY_BUDGET = 2 ** 29;

let budget = DEFAULT_BODY_BUDGET;
let held = 0;

/**
 * Set the process's budget of response-body bytes being read at once (default 512 MiB,
 * {@link DEFAULT_BODY_BUDGET}); `Infinity` lifts it. Affects every client in the process,
 * from the next chunk read. Returns the budget it replaced.
 *
 * @example
 * import { setBodyBudget } from "forgekit";
 * setBodyBudget(128 * 2 ** 20); // a small container: 128 MiB of bodies in flight at most
 */
export function setBodyBudget(bytes: number): number {
  if (!(typeof bytes === "number" && bytes > 0))
    throw new ParameterError(
      `setBodyBudget(bytes) needs a number of bytes above 0 (Infinity for no budget), not ${String(bytes)}`,
    );
  const before = budget;
  budget = bytes;
  return before;
}

/** The budget now, and the bytes held against it. */
export const bodyBudget = (): { budget: number; held: number } => ({ budget, held });

/** Take `bytes` from the budget: false (nothing taken) when that would overdraw it. */
export function takeBodyBytes(bytes: number): boolean {
  if (held + bytes > budget) return false;
  held += bytes;
  return true;
}

/** Give back `bytes` taken with {@link takeBodyBytes}. */
export function returnBodyBytes(bytes: number): void {
  held = Math.max(0, held - bytes);
}
