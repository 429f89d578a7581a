import { useEffect } from 'react';

/** Sets the document title to `StudyNest | <page>` (PRODUCT.md §1). */
export function useTitle(page: string): void {
  useEffect(() => {
    document.title = `StudyNest | ${page}`;
  }, [page]);
}
