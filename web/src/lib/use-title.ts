import { createContext, useContext, useEffect } from 'react';

/** Set by the server-side renderer (web/src/entry-server.tsx): the page's title for its <head>. */
export const ServerTitleContext = createContext<{ title: string | null } | null>(null);

/** Sets the document title to `StudyNest | <page>` (PRODUCT.md §1), in the server's HTML too. */
export function useTitle(page: string): void {
  const server = useContext(ServerTitleContext);
  // On the server, rendering is the only chance: the innermost page renders last and wins.
  if (server) server.title = `StudyNest | ${page}`;
  useEffect(() => {
    document.title = `StudyNest | ${page}`;
  }, [page]);
}
