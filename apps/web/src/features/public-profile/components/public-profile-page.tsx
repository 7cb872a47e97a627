import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/loading-animation';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { SectionCard } from '@/components/ui/card';
import { usePublicProfile } from '@/features/public-profile/api/public-profile';
import { publicProfileTexts } from '@/features/public-profile/public-profile-texts';
import { type HeatmapSlot, PublicProfileView } from './public-profile-view';

/**
 * /u/:username (docs/product.md, "Public profile"): anyone, signed in or not, sees the parts its
 * owner chose; a private profile or a name no one holds is `notFound`, the app's not-found page.
 */
export function PublicProfilePage({
  heatmap,
  notFound,
  share,
}: {
  heatmap: HeatmapSlot;
  notFound: ReactNode;
  /** 'Share' for the profile (the share-cards feature's, filled in by src/app). */
  share?: (username: string) => ReactNode;
}) {
  const T = publicProfileTexts();
  const { username = '' } = useParams();
  const state = usePublicProfile(username);
  if (state.kind === 'loading') return <PageLoading />;
  if (state.kind === 'not-found') return notFound;
  if (state.kind === 'failed') {
    return <LoadFailure variant="card" title={T.loadFailed} onRetry={state.retry} />;
  }
  const { profile } = state;
  return (
    <>
      <PageHeader title={profile.username} lead={T.pageLead} actions={share?.(profile.username)} />
      <SectionCard id="public-profile" title={T.title} icon={<UserRound className="size-5" />}>
        <PublicProfileView profile={profile} heatmap={heatmap} />
      </SectionCard>
    </>
  );
}
