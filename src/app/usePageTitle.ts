// Sets the document title to "{page} | Keyflow", or the product name alone.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../constants';

export function pageTitle(page?: string | null): string {
  return page ? `${page} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function usePageTitle(page?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
