/**
 * Starts the match page's first fetch (first-info.ts) as a side effect of being evaluated. main.tsx
 * imports it first, so the request leaves before the rest of the initial script (Preact, the catalog,
 * the screens) is evaluated. While the answer travels, the browser's time zone data is set up in an
 * idle moment (its first use is a long task on a phone), so that the table's deadline, rendered when
 * the answer is there, does not pay for it.
 */
import { runtimeTimeZone } from '../../../worker/words/when';
import { startFirstInfo } from './first-info';
import { whenIdle } from './idle';

if (startFirstInfo(location.pathname, location.hash)) whenIdle(runtimeTimeZone);
