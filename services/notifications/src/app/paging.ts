export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 50;

/** How many notifications a page holds: DEFAULT_PAGE unless asked, at most MAX_PAGE. */
export const pageSize = (limit: number) => Math.min(Math.max(limit || DEFAULT_PAGE, 1), MAX_PAGE);
