import { z } from 'zod';

/**
 * An id in a path or a body (a user, a post, a report...): the services make them (UUIDs), so anything else, an
 * operator object or a path, is refused before it reaches a service.
 */
export const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'errors.invalidInput');
