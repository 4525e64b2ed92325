/**
 * 'Storage: 12.4 MB of 2 GB used' under the editor's uploads: every file the user stored
 * (images, deliverables, avatar, banner) against their quota, from GET /api/uploads/usage.
 * Read again a moment after the product's files change, when no upload is running.
 */
import { useEffect } from 'react';
import { formatBytes } from '@/src/shared/format';
import { api } from '@/src/shared/api/client';
import { useApiQuery } from '../hooks/use-api';

interface Props {
  /** Changes whenever the product's files change; null while an upload is running. */
  filesKey: string | null;
}

export function StorageUsage({ filesKey }: Props) {
  // Informative only: after a failure the line stays as it was.
  const { data: usage, run: read, abort } = useApiQuery((signal) => api('GET /api/uploads/usage', { signal }));

  useEffect(() => {
    if (filesKey === null) return;
    // A removal is sent without waiting: give it a moment to land before reading.
    const timer = setTimeout(() => void read(), 400);
    return () => {
      clearTimeout(timer);
      abort();
    };
  }, [filesKey, read, abort]);

  if (!usage)
    return (
      <p className="st-hint st-storage" aria-hidden="true">
        &nbsp;
      </p>
    );
  const nearlyFull = usage.usedBytes >= usage.quotaBytes * 0.9;
  return (
    <p className={`st-hint st-storage${nearlyFull ? ' is-full' : ''}`} data-testid="storage-usage">
      Storage: {formatBytes(usage.usedBytes)} of {formatBytes(usage.quotaBytes)} used
      {nearlyFull ? '. Remove files you no longer need to make room.' : ''}
    </p>
  );
}
