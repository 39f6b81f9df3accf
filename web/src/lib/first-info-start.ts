/**
 * Starts the match page's first fetch (first-info.ts) as a side effect of being evaluated. main.tsx
 * imports it first, so the request leaves before the rest of the initial script (Preact, the catalog,
 * the screens) is evaluated.
 */
import { startFirstInfo } from './first-info';

startFirstInfo(location.pathname, location.hash);
