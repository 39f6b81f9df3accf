/**
 * Constants of the wire between the Worker and the page that both read as values (the page may import
 * values only from worker/shared and worker/words).
 */

/**
 * The WebSocket close code of a socket whose credential's rights changed while it was open (a mailed
 * link revoked by an address change, a leave, a seat played by the computer for good): the page asks
 * again over HTTP and reconnects with what its link may do now. Sent after the error frame
 * `auth.changed`.
 */
export const RIGHTS_CHANGED_CLOSE = 4003;
