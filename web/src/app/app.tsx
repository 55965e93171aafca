import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '@/api/query-client';
import { pushHandlers } from '@/app/push-handlers';
import { routes } from '@/app/routes';
import { SkipLink } from '@/components/skip-link';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { registerPushHandlers } from '@/realtime/socket';

registerPushHandlers(pushHandlers);

const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <SkipLink />
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
