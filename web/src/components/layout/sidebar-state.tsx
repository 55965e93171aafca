import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

type SidebarState = { open: boolean; setOpen: (open: boolean) => void };

const SidebarContext = createContext<SidebarState | null>(null);

/** One open state for the sidebar, shared by the top bar's menu button and the sidebar itself. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar() {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar needs a SidebarProvider');
  return state;
}
