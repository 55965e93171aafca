import { ApiError } from '@/api/client';

/** The server's message when it sent one (already translated), otherwise the given fallback text. */
export function serverMessageOr(error: unknown, fallback: string) {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** True when the request never reached the server (offline, server down). */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

/** True when the server refused an action for too few credits (402, 'Crediti insufficienti'). */
export const isOutOfCredits = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 402;
