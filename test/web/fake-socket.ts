/**
 * A WebSocket stand-in for the session tests (test/web/session-socket.test.ts, socket-moves.test.ts):
 * the test opens it, sends it frames and closes it from the "server" side; `all` lists every socket made.
 */
/** A WebSocket stand-in: the test opens it, sends it frames and closes it from the "server" side. */
export class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  private readonly listeners: Record<string, Array<(e: unknown) => void>> = {};

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, fn: (e: unknown) => void): void {
    this.listeners[type] ??= [];
    this.listeners[type].push(fn);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  /** The client's close: the close event comes from the server side (`closed`). */
  close(): void {}
  open(): void {
    this.readyState = 1;
    this.emit('open', {});
  }
  frame(body: unknown): void {
    this.emit('message', { data: JSON.stringify(body) });
  }
  closed(code: number): void {
    this.readyState = 3;
    this.emit('close', { code });
  }
  /** An upgrade that never opened (refused with 429, or no network). */
  fail(): void {
    this.emit('error', {});
    this.closed(1006);
  }
  private emit(type: string, e: unknown): void {
    for (const fn of this.listeners[type] ?? []) fn(e);
  }
}
