import { type AchievementId, pathOf, shareCardsCalls } from '@pushup/shared';
import { apiRequest, type DownloadedFile } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n/format';
import { isDarkNow } from '@/lib/theme';

/** Which share picture (docs/product.md, "Share pictures"). */
export type SharePictureTarget =
  | { kind: 'progress'; period: 'day' | 'week' }
  | { kind: 'achievement'; achievementId: AchievementId }
  | { kind: 'challenge'; groupId: string; challengeId: string }
  | { kind: 'profile'; username: string };

/** Drawing a picture afresh takes the server a moment; a slow phone network more. */
const PICTURE_TIMEOUT_MS = 20_000;

/** The picture's address, in the theme and language on screen now. */
function pictureUrl(target: SharePictureTarget): string {
  const look = new URLSearchParams({
    theme: isDarkNow() ? 'dark' : 'light',
    lang: currentLocale() === 'de' ? 'de' : 'en',
  });
  switch (target.kind) {
    case 'progress':
      look.set('period', target.period);
      return `${pathOf(shareCardsCalls.progress)}?${look}`;
    case 'achievement':
      return `${pathOf(shareCardsCalls.achievement, { achievementId: target.achievementId })}?${look}`;
    case 'challenge':
      return `${pathOf(shareCardsCalls.challenge, { id: target.groupId, challengeId: target.challengeId })}?${look}`;
    case 'profile':
      return `${pathOf(shareCardsCalls.profile, { username: target.username })}?${look}`;
  }
}

/**
 * The picture as a PNG file to share or save. A public profile's needs no token (its page is open to
 * visitors who are signed out); the others are the caller's own, fetched with theirs.
 */
export async function fetchSharePicture(target: SharePictureTarget): Promise<File> {
  const url = pictureUrl(target);
  let blob: Blob;
  if (target.kind === 'profile') {
    const response = await fetch(url, { signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`The picture answered ${response.status}`);
    blob = await response.blob();
  } else {
    const file = await apiRequest<DownloadedFile>(url, { download: true, timeoutMs: PICTURE_TIMEOUT_MS });
    blob = file.blob;
  }
  return new File([blob], 'pushup-tracker.png', { type: 'image/png' });
}
