/**
 * This device's key for the open table: a random id kept in localStorage and sent
 * as the `X-Device-Key` header when the page creates an open match, takes a seat or asks for a quick
 * match, so the server gives one device one seat per match (worker/open/client.ts). It names no
 * person and travels nowhere else.
 */
const KEY = 'mb.device.v1';

/** The `X-Device-Key` header of this device (a new key is made and kept on first use). */
export function deviceHeaders(): Record<string, string> {
  let key: string | null = null;
  try {
    key = localStorage.getItem(KEY);
    if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      key = crypto.randomUUID().replace(/-/g, '');
      localStorage.setItem(KEY, key);
    }
  } catch {
    // Storage disabled: the address alone identifies this client.
    return {};
  }
  return { 'X-Device-Key': key };
}
