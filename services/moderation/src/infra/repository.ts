/** Moderation's collections are named apart from other services' (in the test stack they share one store). */
export const collectionName = (name: string) => `moderation_${name}`;
