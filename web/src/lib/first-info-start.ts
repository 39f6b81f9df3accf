/**
 * The early entry script (issue 32; web/vite.config.ts writes its `<script type="module" async>` into
 * index.html before the main one): on a match page, starts the first fetch (first-info.ts) as a side
 * effect of being evaluated, while the main script (Preact, the catalog, the screens) still downloads.
 * It holds only that fetch and what it needs (no Preact, no signals), so it arrives first. main.tsx
 * imports it too, first of all: one module, evaluated once, whichever script the browser runs first,
 * so the session takes the very request this started.
 */
import { startFirstInfo } from './first-info';

/** Whether this page is a match page (the first fetch started here then, when it could). */
export const onMatchPage = startFirstInfo(location.pathname, location.hash);
