import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { StatusBadge } from '@/components/ui/badges';

/** The join requests waiting for an admin of a group; nothing when none wait. */
export function PendingRequestsBadge({ count }: { count: number }) {
  useLingui(); // re-rendered when the language changes
  if (count <= 0) return null;
  return (
    <StatusBadge tone="amber">
      {plural(count, { one: '# request waiting', other: '# requests waiting' })}
    </StatusBadge>
  );
}
