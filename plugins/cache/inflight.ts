import type { EndpointOptions, Response } from "../../kernel/index.js";
import type { MaybePromise } from "../store/maybe-promise.js";

type Waiter = [resolve: (response: Response<unknown>) => void, reject: (error: unknown) => void];

interface Flight {
  /** Requests join only a flight with the same signal and timeout: they would end it alike. */
  signal: unknown;
  timeout: unknown;
  waiters: Waiter[];
}

/**
 * Merging of identical requests in flight at the same time: the first one is sent, the
 * others wait for it. Each waiter gets its own deep copy of the response (`structuredClone`,
 * made before the first caller sees the original), so no caller can change another's data.
 * A failure rejects every waiter with the same error.
 */
export function createFlights(): (
  key: string,
  options: EndpointOptions,
  send: () => MaybePromise<Response<unknown>>,
) => Promise<Response<unknown>> {
  const flights = new Map<string, Flight>();
  return (key, options, send) => {
    const { signal, timeout } = options.request;
    const flight = flights.get(key);
    if (flight && flight.signal === signal && flight.timeout === timeout) {
      return new Promise((resolve, reject) => flight.waiters.push([resolve, reject]));
    }
    if (flight) return Promise.resolve().then(send);
    const mine: Flight = { signal, timeout, waiters: [] };
    flights.set(key, mine);
    const land = () => {
      if (flights.get(key) === mine) flights.delete(key);
      return mine.waiters;
    };
    let sent: Promise<Response<unknown>>;
    try {
      sent = Promise.resolve(send());
    } catch (error) {
      sent = Promise.reject(error);
    }
    return sent.then(
      (response) => {
        for (const [resolve] of land()) resolve(structuredClone(response));
        return response;
      },
      (error: unknown) => {
        for (const [, reject] of land()) reject(error);
        throw error;
      },
    );
  };
}
