import { NotFoundPage } from '@/app/not-found-page';
import { FullPageLoading } from '@/components/loading-animation';
import { PublicProfilePage } from '@/features/public-profile/components/public-profile-page';
import { ShareProfileButton } from '@/features/share-cards/components/share-slots';
import { useCatalogPart } from '@/lib/i18n/use-catalog-part';
import { publicHeatmap } from './public-heatmap';

function shareProfile(username: string) {
  return <ShareProfileButton username={username} />;
}

/**
 * /u/:username for anyone (docs/product.md, "Public profile"): the public-profile feature's page
 * with the year heatmap and the app's not-found page. Its texts and the heatmap's are in the
 * signed-in catalogue, which a signed-out visitor loads here.
 */
export function PublicProfileRoute() {
  const textsReady = useCatalogPart('app');
  if (!textsReady) return <FullPageLoading />;
  return <PublicProfilePage heatmap={publicHeatmap} notFound={<NotFoundPage />} share={shareProfile} />;
}
