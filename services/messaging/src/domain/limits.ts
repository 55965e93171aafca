// Plain numbers, apart from the schema that uses them (messages.ts): the web app shows them on its first page, where
// zod does not load.

/** What a message costs its sender ('Ogni messaggio costa 2 crediti.'); admins write free. */
export const MESSAGE_COST = 2;
export const MESSAGE_MAX_CHARACTERS = 2000;
