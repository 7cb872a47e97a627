import { type Language, reminderPayloadSchema, SHARED_TEXTS_EN } from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import type { AppMetrics } from '../../metrics/app-metrics';
import type { Repositories } from '../../repositories';
import type { ChallengeRow } from '../../repositories/challenges.repository';
import type { ReminderDeviceRow } from '../../repositories/reminders.repository';
import type { PushSender } from '../reminders/push-sender';
import type { ReminderLog } from '../reminders/reminder-context';
import { type PushCounts, pushToDevices } from '../reminders/reminder-push';
import { knownPreferences } from '../users/preferences';

/** The topic of the groups' pushes: apart from the daily reminder's, so neither replaces the other. */
export const GROUP_PUSH_TOPIC = 'group-news';

const textsOf = (language: Language | null) => (language === 'de' ? SHARED_TEXTS_DE : SHARED_TEXTS_EN);

/**
 * The groups' pushes (docs/product.md, "Group challenges, cheers and the feed"): a challenge's start
 * and end to its participants whose daily reminder is on, and a cheer to the cheered member who
 * asked for it, each in the receiver's language.
 */
export class GroupPush {
  /** Cheers' pushes still under way (a cheer is answered before they end): awaited when the app closes. */
  private readonly underWay = new Set<Promise<unknown>>();

  constructor(
    private readonly repos: Repositories,
    private readonly sender: PushSender,
    private readonly log: ReminderLog,
    private readonly metrics?: AppMetrics,
  ) {}

  /** A challenge started or ended: one push to each device of each participant with reminders on. */
  async challenge(challenge: ChallengeRow, moment: 'start' | 'end'): Promise<PushCounts> {
    const counts: PushCounts = { delivered: 0, gone: 0, failed: 0 };
    for (const participant of await this.repos.challenges.participantsToPush(challenge.id)) {
      const language = knownPreferences({ language: participant.language, theme: null }).language;
      const texts = textsOf(language).messages;
      const payload = reminderPayloadSchema.parse({
        title: moment === 'start' ? texts.challengeStartedTitle : texts.challengeEndedTitle,
        body: challenge.name,
        url: `/groups/${challenge.group_id}`,
        tag: `challenge-${moment}`,
      });
      const devices = await this.repos.reminders.devicesOf(participant.user_uuid);
      const sent = await this.send(JSON.stringify(payload), devices);
      counts.delivered += sent.delivered;
      counts.gone += sent.gone;
      counts.failed += sent.failed;
    }
    return counts;
  }

  /** A cheer's push, sent after the cheer is answered. */
  startCheer(receiverUuid: string, giverName: string): void {
    const pushes = (async () => {
      const user = await this.repos.users.preferencesOf(receiverUuid);
      const texts = textsOf(user ? knownPreferences(user).language : null);
      const payload = reminderPayloadSchema.parse({
        title: texts.messages.cheerTitle,
        body: texts.cheerText(giverName),
        url: '/',
        tag: 'cheer',
      });
      const devices = await this.repos.reminders.devicesOf(receiverUuid);
      await this.send(JSON.stringify(payload), devices);
    })().catch((error: unknown) => this.log.error({ err: error, receiverUuid }, 'cheer: the push failed'));
    this.underWay.add(pushes);
    void pushes.finally(() => this.underWay.delete(pushes));
  }

  /** Resolves once every cheer's push has ended. */
  async settled(): Promise<void> {
    while (this.underWay.size > 0) await Promise.all(this.underWay);
  }

  private send(payload: string, devices: readonly ReminderDeviceRow[]): Promise<PushCounts> {
    return pushToDevices(this.repos, this.sender, this.log, payload, devices, {
      kind: 'group',
      metrics: this.metrics,
    });
  }
}
