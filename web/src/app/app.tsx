import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { prefetchCurrentUser } from '@/api/current-user';
import { queryClient } from '@/api/query-client';
import { routes } from '@/app/routes';
import { PageSpinner } from '@/components/full-page-spinner';
import { ServerBusyNotice } from '@/components/server-busy-notice';
import { SkipLink } from '@/components/skip-link';
import { useToasts } from '@/components/ui/use-toast';

// Asked at once, beside the language's texts and the first page's chunk, rather than once they have rendered.
prefetchCurrentUser(queryClient);

function Routes() {
  return useRoutes(routes);
}

const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));
// A toast mostly answers something the member did: their first press or key starts loading the toasts' region, so
// that it is there when the answer comes (a toast just before the page leaves, too).
for (const type of ['pointerdown', 'keydown'])
  window.addEventListener(type, () => void loadToaster(), { once: true, capture: true, passive: true });

/** The toasts' region, rendered from the first toast on (most first visits show none), then kept. */
function Toasts() {
  const [needed, setNeeded] = useState(false);
  const shown = useToasts().length > 0;
  if (shown && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// BrowserRouter (declarative routes) rather than a data router: the app uses none of a data router's loaders or
// actions, and those weigh 16 KB of compressed script on the first page.
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* The language's texts load beside the first requests (@/i18n): until they are here, the brand's mark. */}
      <Suspense fallback={<PageSpinner />}>
        <BrowserRouter>
          <SkipLink />
          <Routes />
        </BrowserRouter>
        <Toasts />
        <ServerBusyNotice />
      </Suspense>
    </QueryClientProvider>
  );
}
