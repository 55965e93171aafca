import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A dialog's focus, given back where it came from when it closes. Radix gives it back to what had it when the dialog
 * opened; a dialog opened from a menu item (the post's 'Segnala') would give it to an item gone with its menu, so to
 * the page's body, and a keyboard user would start over from the top. The menu's button takes it instead: the menu
 * names it (aria-labelledby). The dialog's own handlers, when it has some, run first and may prevent this.
 */
export function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = openerOf(document.activeElement);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

function openerOf(element: Element | null): HTMLElement | null {
  const menu = element?.closest('[role="menu"]');
  const menuButton = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : null;
  const opener = menuButton ?? element;
  return opener instanceof HTMLElement ? opener : null;
}
