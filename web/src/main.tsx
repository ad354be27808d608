// First: before any chunk that makes a zod schema can run (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { queryClient } from './lib/query-client';
import './styles/main.scss';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* No transitions: a page whose code is still loading shows the spinner at once. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
});
