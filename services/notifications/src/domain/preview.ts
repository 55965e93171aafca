/** The most of a message a lock screen is given: a preview, not the message (the thread has it whole). */
export const PREVIEW_MAX_CHARACTERS = 120;

/** A message's text as a device previews it: on one line, cut at a word past the limit, with an ellipsis. */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length <= PREVIEW_MAX_CHARACTERS) return line;
  const cut = line.slice(0, PREVIEW_MAX_CHARACTERS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > PREVIEW_MAX_CHARACTERS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
