/**
 * The WebSocket the Neon driver (db/database.ts) talks to PostgreSQL through, sending each
 * round trip as one frame. node-postgres writes a query as five protocol messages (parse,
 * bind, describe, execute, sync), one after the other in one synchronous call; with the
 * driver's coalescing off (it holds every write for a setTimeout(0), at least 1 ms a round
 * trip) each message was a frame of its own: a write on this side, a message and a write in
 * the proxy, a read in PostgreSQL, five times per query. Here the messages written in one
 * turn of the event loop leave together in one frame, at the end of that turn (a microtask:
 * no timer, no added wait). Measured in docs/decisions/066.
 */
import WebSocket from 'ws';

type SendOptions = { mask?: boolean; binary?: boolean; compress?: boolean; fin?: boolean };

export class CoalescingWebSocket extends WebSocket {
  /** Binary messages written in this turn and not sent yet. */
  private pending: Uint8Array[] = [];

  override send(data: WebSocket.Data, optionsOrCallback?: SendOptions | ((err?: Error) => void), callback?: (err?: Error) => void): void {
    // Only bare binary writes (all the driver makes) are held; anything else goes in order, now.
    if (data instanceof Uint8Array && optionsOrCallback === undefined && callback === undefined) {
      if (this.pending.push(data) === 1) queueMicrotask(() => this.flush());
      return;
    }
    this.flush();
    if (typeof optionsOrCallback === 'function') super.send(data, optionsOrCallback);
    else super.send(data, optionsOrCallback ?? {}, callback);
  }

  override close(code?: number, data?: string | Buffer): void {
    this.flush();
    super.close(code, data);
  }

  private flush(): void {
    if (!this.pending.length) return;
    const parts = this.pending;
    this.pending = [];
    // A socket closed meanwhile drops the frame, as it would have dropped each message.
    if (this.readyState !== WebSocket.OPEN) return;
    super.send(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
  }
}
