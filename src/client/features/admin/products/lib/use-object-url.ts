import { useEffect, useState } from 'react';

/**
 * A blob: URL showing `file`, revoked when the file changes or the preview goes (so a form of four
 * 5 MB photos does not keep them in memory after use). Null until the first effect has run.
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
