import type { TickReport } from './due-reminders';
import type { ReminderLog } from './reminder-context';

/** What the scheduler runs on each tick (DueReminders). */
export interface Tickable {
  tick(): Promise<TickReport>;
}

/**
 * Ticks every `intervalMs` inside the API process (decision 020); one tick at a time. `stop()` clears
 * the timer and waits for a tick that is running, so the database can close after it.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TickReport> | undefined;

  constructor(
    private readonly reminders: Tickable,
    private readonly intervalMs: number,
    private readonly log: ReminderLog,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.tick().then(
        (report) => {
          if (report.due > 0) this.log.info({ reminders: report }, 'reminders tick');
        },
        (error: unknown) => this.log.error({ err: error }, 'reminders tick failed'),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One tick now (after the one running, if any). */
  async tick(): Promise<TickReport> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.reminders.tick();
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = undefined;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
