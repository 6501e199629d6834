import { useEffect, useState } from 'react';
import { fetchBlob } from './files';

/**
 * An object URL of an image served behind the bearer token (`/api/sysUser/image/...`): an `<img src>` cannot send
 * the Authorization header, so the image is fetched as a blob. Undefined while loading, without a URL, or on error.
 * Data URIs and other public URLs pass through unchanged.
 */
export function useAuthImage(url: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  const isProtected = !!url && url.startsWith('/api/');
  useEffect(() => {
    if (!url || !isProtected) return;
    const abort = new AbortController();
    let created: string | undefined;
    fetchBlob(url, abort.signal)
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(undefined));
    return () => {
      abort.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(undefined);
    };
  }, [url, isProtected]);
  if (!url) return undefined;
  return isProtected ? objectUrl : url;
}
