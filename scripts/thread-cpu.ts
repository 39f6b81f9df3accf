/**
 * This thread's CPU time in µs, exact (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)` through WASI's
 * `clock_time_get`, clock 3): unlike `process.cpuUsage` it leaves out V8's background threads, and
 * unlike `process.threadCpuUsage` (which on Linux advances only at scheduler ticks, 4 ms apart) it is
 * exact at every call. For the benches (scripts/bench-bot-cpu.ts).
 */
import { WASI } from 'node:wasi';

/** A 60-byte wasm module: `now()` calls `clock_time_get(3, 1, 0)` and returns the i64 it wrote at 0. */
function module(): Uint8Array<ArrayBuffer> {
  const text = (s: string) => [s.length, ...Buffer.from(s, 'latin1')];
  const section = (id: number, body: number[]) => [id, body.length, ...body];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [2, 0x60, 3, 0x7f, 0x7e, 0x7f, 1, 0x7f, 0x60, 0, 1, 0x7e]),
    ...section(2, [1, ...text('wasi_snapshot_preview1'), ...text('clock_time_get'), 0, 0]),
    ...section(3, [1, 1]),
    ...section(5, [1, 0, 1]),
    ...section(7, [2, ...text('memory'), 2, 0, ...text('now'), 0, 1]),
    ...section(10, [1, 16, ...[0x00, 0x41, 3, 0x42, 1, 0x41, 0, 0x10, 0, 0x1a, 0x41, 0, 0x29, 3, 0, 0x0b]]),
  ]);
}

/** Returns a function giving this thread's CPU time in µs (fractional). */
export function threadCpuClock(): () => number {
  const wasi = new WASI({ version: 'preview1' });
  const instance = new WebAssembly.Instance(
    new WebAssembly.Module(module()),
    wasi.getImportObject() as WebAssembly.Imports,
  );
  wasi.initialize(instance);
  const now = instance.exports.now as () => bigint;
  return () => Number(now()) / 1000;
}
