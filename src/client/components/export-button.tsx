import { useMutation } from '@tanstack/react-query';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { button } from './button';

/**
 * 'Export CSV' on an admin list: runs the feature's download call with the list's current
 * filters; says it is busy while the file is made and tells a failure in a toast.
 */
export function ExportButton({ label, download, failure }: { label: string; download(): Promise<unknown>; failure: string }) {
  const exporting = useMutation({
    mutationFn: download,
    onError: async (error) => {
      toast.error((await toApiFailure(error, failure)).message);
    },
  });
  const busy = exporting.isPending;
  return (
    <button type="button" className={button({ tone: 'quiet' })} onClick={() => exporting.mutate()} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting…' : label}
    </button>
  );
}
