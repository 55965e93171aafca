import { api } from '@/api/client';

/** Ends whatever session came with the browser; used to clear what an old demo session left behind. */
export const cleanupDemo = () => api<unknown>('/api/cleanup-demo', { method: 'POST' });
