import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Translator, TranslatorContext } from '#web/lib/i18n.ts';

export function AppProviders({
  queryClient,
  translator,
  children,
}: {
  queryClient: QueryClient;
  /** The page's language and its catalogue (web/src/lib/i18n.ts; the server's in entry-server.tsx). */
  translator: Translator;
  children: ReactNode;
}) {
  return (
    <TranslatorContext value={translator}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </TranslatorContext>
  );
}
