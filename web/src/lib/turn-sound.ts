/**
 * The optional "your turn" sound's setting: per device, off unless turned on in the settings panel,
 * kept in localStorage. The sound itself (lib/tab-show.ts) loads only when it plays.
 */
import { signal } from '@preact/signals';

const KEY = 'mb.turnSound';

function readSetting(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/** Whether this device plays the sound when it becomes the viewer's turn (default off). */
export const turnSound = signal<boolean>(readSetting());

/** Turns the sound on or off on this device. */
export function setTurnSound(on: boolean): void {
  turnSound.value = on;
  try {
    if (on) localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage disabled (private mode): the choice lasts for this page only.
  }
}
