import type { ClientRequest as NodeRequest, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
// node:timers' own, not the global a test's fake clock replaces: like node:http's timers, internal.
import { clearTimeout, setTimeout } from "node:timers";

/**
 * `request.idleTimeout` for the node:http transport: one timer per socket, made when the socket
 * serves its first request and refreshed for each next one, instead of node:http's
 * `req.setTimeout`, which makes a timer and four listeners per request (and the keep-alive
 * agent a second timer when the socket goes back to its pool). The timer ticks four times per
 * `idle` ms and compares the socket's byte counts: a request fails after `idle` to 1.25 × `idle`
 * ms without a byte either way. It rests (no tick) once its request is done.
 */
interface Watch {
  timer: ReturnType<typeof setTimeout>;
  idle: number;
  req: ClientRequest | undefined;
  /** Bytes read and written when last looked at, and the ticks since they last changed. */
  seen: number;
  still: number;
}

/** node:http sets `res` once the response head arrived (not in its published types). */
export type ClientRequest = NodeRequest & { res?: IncomingMessage | null };

const WATCH = Symbol("forgekit.idleWatch");
type Watched = Socket & { [WATCH]?: Watch };
const TICKS = 4;

/** Watch `socket` for `req`: `expire(req, idle)` runs once `idle` ms passed without a byte. */
export function watchIdle(
  socket: Watched,
  req: ClientRequest,
  idle: number,
  expire: (req: ClientRequest, idle: number) => void,
): void {
  let watch = socket[WATCH];
  if (watch?.idle === idle) watch.timer.refresh();
  else {
    if (watch) clearTimeout(watch.timer);
    else socket.once("close", () => clearTimeout(socket[WATCH]!.timer));
    const made: Watch = { timer: undefined!, idle, req, seen: 0, still: 0 };
    made.timer = setTimeout(tick, idle / TICKS, socket, made, expire).unref();
    socket[WATCH] = watch = made;
  }
  watch.req = req;
  watch.seen = socket.bytesRead + socket.bytesWritten;
  watch.still = 0;
}

function tick(socket: Watched, watch: Watch, expire: (req: ClientRequest, idle: number) => void): void {
  const { req } = watch;
  // Done (its response complete, or failed), or the socket went on to another request.
  if (!req || req.destroyed || req.res?.complete || req.socket !== socket) return void (watch.req = undefined);
  const bytes = socket.bytesRead + socket.bytesWritten;
  if (bytes !== watch.seen) ((watch.seen = bytes), (watch.still = 0));
  else if (++watch.still >= TICKS) return void ((watch.req = undefined), expire(req, watch.idle));
  watch.timer.refresh();
}
