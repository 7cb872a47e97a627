import { PUBLIC_PROFILE_PARTS, type PublicProfilePart, type PublicProfileSettings } from '@pushup/shared';
import { Copy, Globe } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadFailure, QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import {
  usePublicProfilePreview,
  usePublicProfileSettings,
  useSavePublicProfile,
} from '@/features/public-profile/api/public-profile-settings';
import { publicProfileTexts } from '@/features/public-profile/public-profile-texts';
import { sharedMessage } from '@/lib/i18n/catalog';
import { type HeatmapSlot, PublicProfileView } from './public-profile-view';

/** The address others open: /u/<username> on this site. */
function publicProfileAddress(username: string): string {
  return `${window.location.origin}/u/${encodeURIComponent(username)}`;
}

/**
 * The profile's 'Public profile' card (docs/product.md, "Public profile"): on or off, the parts it
 * shows (each saved at once), the address with Copy, and a preview that is the public call's own
 * answer, so it shows exactly what others see.
 */
export function PublicProfileCard({ username, heatmap }: { username: string; heatmap: HeatmapSlot }) {
  const T = publicProfileTexts();
  const settings = usePublicProfileSettings();
  return (
    <SectionCard
      id="public-profile"
      title={T.title}
      icon={<Globe className="size-5" />}
      description={T.description}
    >
      <QueryState
        query={settings}
        loading={sharedMessage('loading')}
        failure={sharedMessage('failedToLoadData')}
      >
        {(saved) => <Choices saved={saved} username={username} heatmap={heatmap} />}
      </QueryState>
    </SectionCard>
  );
}

function Choices({
  saved,
  username,
  heatmap,
}: {
  saved: PublicProfileSettings;
  username: string;
  heatmap: HeatmapSlot;
}) {
  const T = publicProfileTexts();
  const save = useSavePublicProfile();
  const ids = { address: useId(), preview: useId() };
  // While a change is on its way, the switches show it (set in the change's own event, so a
  // controlled box never flicks back before the mutation's state arrives).
  const [sending, setSending] = useState<PublicProfileSettings | null>(null);
  const chosen = sending ?? saved;
  const preview = usePublicProfilePreview(username, saved.enabled);
  const address = publicProfileAddress(username);

  const change = (next: PublicProfileSettings) => {
    setSending(next);
    save.mutate(next, { onSettled: () => setSending(null) });
  };
  const togglePart = (part: PublicProfilePart, on: boolean) =>
    change({ ...chosen, parts: { ...chosen.parts, [part]: on } });

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  }

  return (
    <div>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          aria-checked={chosen.enabled}
          checked={chosen.enabled}
          disabled={sending !== null}
          onChange={(event) => change({ ...chosen, enabled: event.target.checked })}
          className="size-5 rounded border-slate-300 accent-brand-700"
        />
        <span className="font-semibold text-slate-900">{T.enabled}</span>
      </label>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-900">{T.partsLegend}</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {PUBLIC_PROFILE_PARTS.map((part) => (
            <label key={part} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={chosen.parts[part]}
                disabled={sending !== null}
                onChange={(event) => togglePart(part, event.target.checked)}
                className="size-4 rounded border-slate-300 accent-brand-700"
              />
              {T.parts[part]}
            </label>
          ))}
        </div>
      </fieldset>

      {saved.enabled && (
        <div className="mt-5">
          <label htmlFor={ids.address} className="block text-sm font-semibold text-slate-900">
            {T.address}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={ids.address}
              readOnly
              value={address}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 text-sm text-slate-900"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden="true" />
              {T.copy}
            </Button>
          </div>
        </div>
      )}

      <section aria-labelledby={ids.preview} className="mt-6 border-t border-slate-200 pt-5">
        <h3 id={ids.preview} className="mb-3 font-semibold text-slate-900">
          {T.previewTitle}
        </h3>
        {!saved.enabled ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">{T.privateNote}</p>
        ) : preview.data ? (
          <div className="rounded-xl border border-slate-200 p-4" data-testid="public-profile-preview">
            <p className="mb-3 text-lg font-bold text-slate-900">{preview.data.username}</p>
            <PublicProfileView profile={preview.data} heatmap={heatmap} level="h4" />
          </div>
        ) : preview.isError || preview.data === null ? (
          <LoadFailure
            title={T.previewFailed}
            error={preview.error}
            retrying={preview.isFetching}
            onRetry={() => void preview.refetch()}
          />
        ) : (
          <p className="text-sm text-slate-600">{sharedMessage('loading')}</p>
        )}
      </section>
    </div>
  );
}
