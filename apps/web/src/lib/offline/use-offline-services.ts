import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { refreshPushupData } from '@/lib/pushup-queries';
import { subscribeOutbox } from './outbox';
import { restoreQueries, saveQueriesOnChange } from './query-persistence';
import { followReachability } from './reachability';
import { stopSyncRetries, syncOutbox } from './sync';

/**
 * What a signed-in page runs once for working offline (docs/product.md, "Offline"): the responses
 * saved as they change, and put back into the query cache once the app is offline (online, the
 * server's responses are the truth, and a failure shows as one); the outbox sent at start, when the
 * connection returns and when the page is shown again; the push-up queries refreshed whenever this
 * tab, another one or the service worker has sent entries.
 */
export function useOfflineServices(): void {
  const user = useCurrentUser();
  const queryClient = useQueryClient();

  useEffect(() => {
    followReachability();
    const { uid } = user;
    let restored = false;
    const restoreWhenOffline = (online: boolean) => {
      if (online || restored) return;
      restored = true;
      void restoreQueries(queryClient, uid);
    };
    restoreWhenOffline(onlineManager.isOnline());
    const stopRestoring = onlineManager.subscribe(restoreWhenOffline);
    const stopSaving = saveQueriesOnChange(queryClient, uid);

    const token = () => user.getIdToken().catch(() => null);
    const sync = () => void syncOutbox(uid, token);
    const syncWhenShown = () => {
      if (document.visibilityState === 'visible') sync();
    };
    sync();
    window.addEventListener('online', sync);
    document.addEventListener('visibilitychange', syncWhenShown);
    const unsubscribe = subscribeOutbox((message) => {
      if (message.type === 'synced' && message.uid === uid) void refreshPushupData(queryClient, uid);
    });

    return () => {
      stopRestoring();
      stopSaving();
      stopSyncRetries();
      unsubscribe();
      window.removeEventListener('online', sync);
      document.removeEventListener('visibilitychange', syncWhenShown);
    };
  }, [user, queryClient]);
}
