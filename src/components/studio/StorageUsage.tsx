/**
 * 'Storage: 12.4 MB of 2 GB used' under the editor's uploads: every file the user stored
 * (images, deliverables, avatar, banner) against their quota, from GET /api/uploads/usage.
 * Read again a moment after the product's files change, when no upload is running.
 */
import { useEffect, useState } from 'react';
import { formatBytes } from '@/src/shared/format';
import { api } from '@/src/shared/api/client';
import type { StorageUsage as Usage } from '@/src/shared/api/schemas/uploads';

interface Props {
  /** Changes whenever the product's files change; null while an upload is running. */
  filesKey: string | null;
}

export function StorageUsage({ filesKey }: Props) {
  const [usage, setUsage] = useState<Usage | null>(null);

  useEffect(() => {
    if (filesKey === null) return;
    let cancelled = false;
    // A removal is sent without waiting: give it a moment to land before reading.
    const timer = setTimeout(() => {
      api('GET /api/uploads/usage')
        .then((u) => !cancelled && setUsage(u))
        .catch(() => {}); // informative only: the line stays as it was
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [filesKey]);

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
