import { useState } from 'react';

/**
 * Whether `open` has been true yet: a dialog loaded in a chunk of its own (React.lazy) is rendered from its first
 * opening on and then kept, so that it can animate closed and open again at once. Until then, its chunk is not asked
 * for: a first visit loads none of the dialogs it does not open.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
