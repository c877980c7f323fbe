import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Footer } from './components/layout/footer';
import { Navbar } from './components/layout/navbar';
import { Toaster } from './components/ui/toaster';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <Navbar />
        <main id="main" className="flex-1">
          <AppRoutes />
        </main>
        <Footer />
      </div>
      <Toaster />
    </QueryClientProvider>
  );
}
