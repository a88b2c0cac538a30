import { useState } from 'react';
import toast from 'react-hot-toast';
import { toApiFailure } from '@/client/lib/http';
import { button } from './button.css';

/**
 * 'Export CSV' on an admin list: runs the feature's download call with the list's current
 * filters; says it is busy while the file is made and tells a failure in a toast.
 */
export function ExportButton({ label, download, failure }: { label: string; download(): Promise<unknown>; failure: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error((await toApiFailure(error, failure)).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={button({ tone: 'quiet' })} onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting…' : label}
    </button>
  );
}
