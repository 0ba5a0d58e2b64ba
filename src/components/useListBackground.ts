// A list's background image as an address the page can show, fetched once per list while something shows it.
import { useEffect, useState } from 'react';
import type { List } from '../api/lists';
import { listBackgroundAddress } from '../app/addresses';
import { blurHashDataUrl } from './blurHash';

interface ListBackground {
  /** The image, else its BlurHash while it loads, else null. */
  image: string | null;
  /** Still loading: the BlurHash (or nothing) stands in. */
  loading: boolean;
}

export function useListBackground(list: Pick<List, 'id' | 'backgroundInformation' | 'backgroundBlurHash'> | null | undefined): ListBackground {
  const [loaded, setLoaded] = useState<{ listId: number; url: string } | null>(null);
  const listId = list?.id ?? 0;
  const hasBackground = !!list?.backgroundInformation;

  useEffect(() => {
    if (!hasBackground || listId <= 0) return;
    let url: string | null = null;
    let live = true;
    listBackgroundAddress(listId).then(
      (u) => {
        url = u;
        if (live && u) setLoaded({ listId, url: u });
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [listId, hasBackground]);

  const background = hasBackground && loaded?.listId === listId ? loaded.url : null;
  const placeholder = hasBackground && !background ? blurHashDataUrl(list?.backgroundBlurHash) : null;
  return { image: background ?? placeholder, loading: hasBackground && !background };
}
