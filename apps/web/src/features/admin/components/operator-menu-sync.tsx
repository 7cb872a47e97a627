import { useEffect } from 'react';
import { useOperatorAccess } from '@/features/admin/api/admin-access';
import { setOperatorMenu } from '@/lib/operator-menu';

/**
 * Offers 'Admin' in the user menu to an operator (lib/operator-menu.ts). Renders nothing; for
 * anyone else, or when the server cannot say, the menu has no such entry.
 */
export function OperatorMenuSync() {
  const access = useOperatorAccess();
  const operator = access.data === true;
  useEffect(() => {
    setOperatorMenu(operator);
    return () => setOperatorMenu(false);
  }, [operator]);
  return null;
}
