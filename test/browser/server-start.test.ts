/**
 * The browser tests' server starts even when another process takes the port it chose (the race
 * between choosing a free port and `wrangler dev` binding it): wrangler exits with "Address already in
 * use", and the start goes on with a new port.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { addressInUse, freePort, startServer, type TestServer } from './server';

let held: Server | null = null;
let server: TestServer | null = null;
afterAll(async () => {
  await server?.stop();
  await new Promise((r) => (held ? held.close(r) : r(null)));
});

describe('starting the test server', () => {
  it('recognises wrangler\'s "address in use" exit', () => {
    expect(addressInUse('✘ [ERROR] Address already in use (127.0.0.1:45375). Please check')).toBe(true);
    expect(addressInUse('listen EADDRINUSE: address already in use 127.0.0.1:9229')).toBe(true);
    expect(addressInUse('Ready on http://127.0.0.1:45375')).toBe(false);
  });

  it('takes another port when the chosen one is taken before wrangler binds it', async () => {
    const taken = await freePort();
    held = createServer();
    await new Promise<void>((r) => held!.listen(taken, '127.0.0.1', () => r()));
    const chosen: number[] = [];
    server = await startServer({
      prebuilt: inject('clientBuild'),
      choosePort: async () => {
        const port = chosen.length === 0 ? taken : await freePort();
        chosen.push(port);
        return port;
      },
    });
    expect(chosen[0]).toBe(taken);
    expect(chosen.length).toBeGreaterThanOrEqual(2);
    expect(new URL(server.url).port).toBe(String(chosen.at(-1)));
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<!doctype html>');
  });
});
