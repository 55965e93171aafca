/**
 * Whether the messaging service answers behind the BFF (its /api/messages routes). While false, /messages stays on
 * the coming-soon page, and the unread badges and the posts' contact button are not shown, so nothing asks for a
 * route that is not there.
 */
export const MESSAGING_AVAILABLE = false;
