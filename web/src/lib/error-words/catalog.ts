/**
 * The shape of the error words: one sentence for every error code the server can send back to the
 * page, the engine's (a refused move, worker/engine/types.ts `ERROR_CODES`) and the routes'
 * (worker/protocol/codes.ts `ROUTE_ERROR_CODES`). Each language file fills it completely.
 */
import type { ErrorCode } from '../../../../worker/engine/types';
import type { RouteErrorCode } from '../../../../worker/protocol/codes';
import type { PracticeErrorCode } from '../../practice/protocol';

/** Every error code the page can receive from the server, or from the practice mode's Web Worker. */
export type ServerErrorCode = ErrorCode | RouteErrorCode | PracticeErrorCode;

/** One language's words: a full sentence per code, for a player (no placeholders). */
export type ErrorWords = Readonly<Record<ServerErrorCode, string>>;
