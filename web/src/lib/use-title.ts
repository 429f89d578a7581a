import { createContext, useContext, useEffect } from 'react';
import { useTranslator } from './i18n.ts';

/**
 * Set by the server-side renderer (web/src/entry-server.tsx): the page's title for its <head>,
 * and the description of a page worth sharing (web/src/lib/page-meta.ts).
 */
export const ServerTitleContext = createContext<{ title: string | null; description?: string | null } | null>(null);

/**
 * Sets the document title to `StudyNest | <page>`, in the server's HTML too.
 * `description`: a public page's own summary for search results and link previews; pages
 * without one take their route's (`handle.description`, app/router.tsx).
 */
export function useTitle(page: string, description?: string): void {
  const { t } = useTranslator();
  const title = t('app.pageTitle', { page });
  const server = useContext(ServerTitleContext);
  // On the server, rendering is the only chance: the innermost page renders last and wins.
  if (server) {
    server.title = title;
    if (description) server.description = description;
  }
  useEffect(() => {
    document.title = title;
  }, [title]);
}
