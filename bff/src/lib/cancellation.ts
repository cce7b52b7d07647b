/**
 * Work to stop once nobody waits for its result (a reader who went away). What an
 * AbortController gives, without one: on the hot read an AbortController and its signal (an
 * EventTarget, the listener undici adds to it) were about 1.5 % of a request's CPU for a page
 * whose reader almost never leaves (docs/bench.md, "Where the BFF's time goes").
 */
export class Cancellation {
  #cancelled = false;
  #stops: Array<() => void> = [];

  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** Stops what was registered, once; later registrations run at once. */
  cancel(): void {
    if (this.#cancelled) return;
    this.#cancelled = true;
    const stops = this.#stops;
    this.#stops = [];
    for (const stop of stops) stop();
  }

  /** `stop` runs when this is cancelled (at once when it already is). */
  onCancel(stop: () => void): void {
    if (this.#cancelled) stop();
    else this.#stops.push(stop);
  }
}
