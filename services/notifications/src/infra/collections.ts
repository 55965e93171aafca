/** Notifications' collections are named apart from other services' (in the BFF's test stack they share one store). */
export const collectionName = (name: string) => `notifications_${name}`;
