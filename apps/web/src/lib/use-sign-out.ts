import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAuth } from './auth';
import { sharedMessage } from './i18n/catalog';

/** Signs out and goes to /login (docs/product.md, "States and transitions"), or shows 'Failed to sign out' and stays. */
export function useSignOut(): { signOutAndLeave: () => Promise<void>; pending: boolean } {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOutAndLeave = async () => {
    setPending(true);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch {
      toast.error(sharedMessage('failedToSignOut'));
    } finally {
      setPending(false);
    }
  };
  return { signOutAndLeave, pending };
}
