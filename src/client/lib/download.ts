import { apiCall } from './http';

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1];
}

/**
 * Saves what a call answers as a file (the admin's CSV exports): the call goes through the one ky
 * client, so it carries the bearer token a plain link could not; the answer becomes a Blob behind an
 * object URL that a hidden link downloads under the server's file name, and is then let go.
 */
export async function downloadFile(call: () => Promise<Response>, fallbackName: string, failure: string): Promise<string> {
  const response = await apiCall(call, failure);
  const blob = await apiCall(() => response.blob(), failure);
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the Blob to the browser's download; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
