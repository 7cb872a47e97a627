import type { PublicProfileSettings } from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import type { PublicProfileChoices } from '../../repositories/public-profiles.repository';

/** Never saved: private, no part chosen (docs/product.md, "Public profile": off by default). */
const PRIVATE: PublicProfileChoices = {
  enabled: 0,
  show_totals: 0,
  show_streak: 0,
  show_records: 0,
  show_heatmap: 0,
  show_achievements: 0,
};

function settingsOf(row: PublicProfileChoices): PublicProfileSettings {
  return {
    enabled: row.enabled === 1,
    parts: {
      totals: row.show_totals === 1,
      streak: row.show_streak === 1,
      records: row.show_records === 1,
      heatmap: row.show_heatmap === 1,
      achievements: row.show_achievements === 1,
    },
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * The caller's public-profile settings (docs/product.md, "Public profile"). Separate from hiding on
 * the global leaderboard: neither choice changes the other. What others see is reads/public-profile.ts.
 */
export class PublicProfileService {
  constructor(private readonly repos: Repositories) {}

  async settings(auth: AuthContext): Promise<PublicProfileSettings> {
    if (!auth.userUuid) throw userNotFound();
    const row = await this.repos.publicProfiles.of(auth.userUuid);
    return settingsOf(row ?? PRIVATE);
  }

  /**
   * Saves the whole choice, with the caller's zone (X-Timezone): visitors see the owner's days in it.
   * Takes effect with the commit: the public read never caches whether a profile is public.
   */
  async updateSettings(auth: AuthContext, body: PublicProfileSettings): Promise<PublicProfileSettings> {
    const now = new Date().toISOString();
    const choices: PublicProfileChoices = {
      enabled: flag(body.enabled),
      show_totals: flag(body.parts.totals),
      show_streak: flag(body.parts.streak),
      show_records: flag(body.parts.records),
      show_heatmap: flag(body.parts.heatmap),
      show_achievements: flag(body.parts.achievements),
    };
    await this.repos.transaction(async (repos) => {
      // The user's row locked, so that a concurrent account deletion comes before or after, never between.
      const user = await repos.users.lockWithHabits(auth.uid);
      if (!user) throw userNotFound();
      await repos.publicProfiles.save(user.uuid, choices, auth.timezone, now);
    });
    return settingsOf(choices);
  }
}
