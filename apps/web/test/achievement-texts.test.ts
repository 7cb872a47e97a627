import { ACHIEVEMENTS } from '@pushup/shared';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { achievementText } from '@/components/achievement-texts';
import { activateLocale } from '@/lib/i18n/catalog';

describe('the achievements’ texts', () => {
  beforeEach(() => activateLocale('en'));
  afterAll(() => activateLocale('en'));

  it('say in English exactly what the shared list says', () => {
    for (const achievement of ACHIEVEMENTS) {
      expect(achievementText(achievement)).toEqual({
        title: achievement.title,
        description: achievement.description,
      });
    }
  });

  it('write their numbers as German does', async () => {
    await activateLocale('de');
    const thousand = ACHIEVEMENTS.find((item) => item.id === 'total-1000');
    expect(thousand && achievementText(thousand).description).toBe('1.000 Liegestütze insgesamt');
    for (const achievement of ACHIEVEMENTS) {
      expect(achievementText(achievement).title).not.toBe('');
    }
  });
});
