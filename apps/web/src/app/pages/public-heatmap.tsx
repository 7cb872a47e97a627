import type { PublicProfile } from '@pushup/shared';
import { LazyReadOnlyYearHeatmap } from '@/features/year-heatmap/lazy-read-only-year-heatmap';

/**
 * A public profile's heatmap slot (features/public-profile): the year-heatmap feature's, read-only,
 * for the page at /u/:username and the owner's preview alike.
 */
export function publicHeatmap({ days, today }: NonNullable<PublicProfile['heatmap']>) {
  return <LazyReadOnlyYearHeatmap days={days} today={today} />;
}
