import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  applyWorkout,
  dayInZone,
  isTrainingDay,
  type PlanCalendarInput,
  type PlanProgress,
  type PlanSettings,
  pausePlan,
  planCalendar,
  resumePlan,
  startProgress,
  type WorkoutResult,
} from '../src';

/** The plan's calendar (docs/product.md, "Training plans"). March 2026 begins on a Sunday. */

const hundred: PlanSettings = { planId: 'hundred', level: 1, startDay: '2026-03-02', weekdays: [5, 3, 1] };
const active = (position: number): PlanProgress => ({ ...startProgress(hundred), position });
const workout = (day: string, session: number): WorkoutResult => ({ day, session, sets: [50] });

/** The calendar as short lines: 'MM-DD state' with the session when there is one. */
function lines(input: Partial<PlanCalendarInput> & Pick<PlanCalendarInput, 'today' | 'from' | 'to'>) {
  return planCalendar({ settings: hundred, progress: active(0), workouts: [], ...input }).map(
    ({ day, state, session }) => `${day.slice(5)} ${state}${session === null ? '' : ` ${session}`}`,
  );
}

describe('isTrainingDay', () => {
  it('is a training weekday on or after the first day', () => {
    expect(isTrainingDay(hundred, '2026-02-27')).toBe(false); // a Friday before the start
    expect(isTrainingDay(hundred, '2026-03-02')).toBe(true); // Monday
    expect(isTrainingDay(hundred, '2026-03-03')).toBe(false); // Tuesday
    expect(isTrainingDay(hundred, '2026-03-08')).toBe(false); // Sunday
    expect(isTrainingDay(hundred, '2026-12-30')).toBe(true); // Wednesday
    const thirtyDay: PlanSettings = { ...hundred, planId: 'thirty-day', weekdays: [1] };
    expect(isTrainingDay(thirtyDay, '2026-03-08')).toBe(true);
    expect(isTrainingDay(thirtyDay, '2026-03-01')).toBe(false);
  });

  describe('in whatever zone the code runs', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC'])(
      'reads the weekday from the date itself in %s',
      (tz) => {
        process.env.TZ = tz;
        expect(
          ['2026-03-02', '2026-03-03', '2026-03-06', '2026-03-08'].map((day) => isTrainingDay(hundred, day)),
        ).toEqual([true, false, true, false]);
      },
    );
  });

  it('counts a workout near midnight for the calendar day of the user’s zone', () => {
    // 23:30 on Wednesday in Los Angeles is already Thursday in UTC.
    const lateWednesday = dayInZone(new Date('2026-03-05T07:30:00Z'), 'America/Los_Angeles');
    expect(lateWednesday).toBe('2026-03-04');
    expect(isTrainingDay(hundred, lateWednesday)).toBe(true);
    // 00:30 on Thursday in Kiritimati is still Wednesday in UTC.
    const earlyThursday = dayInZone(new Date('2026-03-04T10:30:00Z'), 'Pacific/Kiritimati');
    expect(earlyThursday).toBe('2026-03-05');
    expect(isTrainingDay(hundred, earlyThursday)).toBe(false);
    expect(
      lines({
        progress: active(2),
        workouts: [workout('2026-03-02', 0), workout(lateWednesday, 1)],
        today: '2026-03-05',
        from: '2026-03-04',
        to: '2026-03-06',
      }),
    ).toEqual(['03-04 done 1', '03-05 rest', '03-06 upcoming 2']);
  });
});

describe('planCalendar', () => {
  const firstTwoWeeks = [workout('2026-03-02', 0), workout('2026-03-04', 1), workout('2026-03-09', 2)];

  it('shows done, missed, today, upcoming and rest days', () => {
    expect(
      lines({
        progress: active(3),
        workouts: firstTwoWeeks,
        today: '2026-03-11',
        from: '2026-03-01',
        to: '2026-03-22',
      }),
    ).toEqual([
      '03-01 rest', // before the first day
      '03-02 done 0',
      '03-03 rest',
      '03-04 done 1',
      '03-05 rest',
      '03-06 missed',
      '03-07 rest',
      '03-08 rest',
      '03-09 done 2',
      '03-10 rest',
      '03-11 today 3',
      '03-12 rest',
      '03-13 upcoming 4',
      '03-14 rest',
      '03-15 rest',
      '03-16 upcoming 5',
      '03-17 rest',
      '03-18 upcoming 6',
      '03-19 rest',
      '03-20 upcoming 7',
      '03-21 rest',
      '03-22 rest',
    ]);
  });

  it('plans the next session for the next training day once today is done (also a repeated day)', () => {
    const workouts = [...firstTwoWeeks, workout('2026-03-11', 3)];
    expect(
      lines({ progress: active(3), workouts, today: '2026-03-11', from: '2026-03-11', to: '2026-03-16' }),
    ).toEqual([
      '03-11 done 3',
      '03-12 rest',
      '03-13 upcoming 3',
      '03-14 rest',
      '03-15 rest',
      '03-16 upcoming 4',
    ]);
  });

  it('keeps a day that is not a training day at rest today, and plans from the next one', () => {
    expect(
      lines({
        progress: active(3),
        workouts: firstTwoWeeks,
        today: '2026-03-12',
        from: '2026-03-12',
        to: '2026-03-16',
      }),
    ).toEqual(['03-12 rest', '03-13 upcoming 3', '03-14 rest', '03-15 rest', '03-16 upcoming 4']);
  });

  it('counts the sessions from tomorrow when the range begins later', () => {
    expect(
      lines({
        progress: active(3),
        workouts: firstTwoWeeks,
        today: '2026-03-11',
        from: '2026-03-18',
        to: '2026-03-20',
      }),
    ).toEqual(['03-18 upcoming 6', '03-19 rest', '03-20 upcoming 7']);
  });

  it('plans nothing beyond the last session', () => {
    // Monday of week 7 with session 19 (week 6 day 3) to do: the final test on Wednesday, then nothing.
    expect(
      lines({ progress: active(19), today: '2026-04-13', from: '2026-04-13', to: '2026-04-20' }),
    ).toEqual([
      '04-13 today 19',
      '04-14 rest',
      '04-15 upcoming 20',
      '04-16 rest',
      '04-17 rest',
      '04-18 rest',
      '04-19 rest',
      '04-20 rest',
    ]);
  });

  it('shows a pause across a week boundary as paused days, none of them missed', () => {
    const workouts = ['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09', '2026-03-11'].map(workout);
    // Paused on Friday 13th, resumed on the Monday after next.
    const paused = pausePlan(active(5), '2026-03-13');
    const whilePaused = lines({
      progress: paused,
      workouts,
      today: '2026-03-18',
      from: '2026-03-11',
      to: '2026-03-24',
    });
    expect(whilePaused).toEqual([
      '03-11 done 4',
      '03-12 rest',
      ...['13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24'].map(
        (d) => `03-${d} paused`,
      ),
    ]);

    const resumed = resumePlan(paused, '2026-03-23');
    const after = applyWorkout(hundred, resumed, { day: '2026-03-23', session: 5, sets: [6, 8, 5, 5, 7] });
    expect(after.outcome.kind).toBe('done');
    const calendar = lines({
      progress: after.progress,
      workouts: [...workouts, workout('2026-03-23', 5)],
      today: '2026-03-25',
      from: '2026-03-11',
      to: '2026-03-27',
    });
    expect(calendar).toEqual([
      '03-11 done 4',
      '03-12 rest',
      ...['13', '14', '15', '16', '17', '18', '19', '20', '21', '22'].map((d) => `03-${d} paused`),
      '03-23 done 5',
      '03-24 rest',
      '03-25 today 6',
      '03-26 rest',
      '03-27 upcoming 7',
    ]);
    expect(calendar.filter((line) => line.includes('missed'))).toEqual([]);
  });

  it('still shows the days missed before a pause', () => {
    const progress = pausePlan(active(3), '2026-03-11');
    expect(
      lines({ progress, workouts: firstTwoWeeks, today: '2026-03-12', from: '2026-03-06', to: '2026-03-13' }),
    ).toEqual([
      '03-06 missed',
      '03-07 rest',
      '03-08 rest',
      '03-09 done 2',
      '03-10 rest',
      '03-11 paused',
      '03-12 paused',
      '03-13 paused',
    ]);
  });

  it('shows a finished or abandoned plan up to its latest workout, with nothing today or ahead', () => {
    for (const status of ['finished', 'abandoned'] as const) {
      expect(
        lines({
          progress: { ...active(3), status },
          workouts: firstTwoWeeks,
          today: '2026-03-13',
          from: '2026-03-04',
          to: '2026-03-16',
        }),
      ).toEqual([
        '03-04 done 1',
        '03-05 rest',
        '03-06 missed',
        '03-07 rest',
        '03-08 rest',
        '03-09 done 2',
        '03-10 rest',
        '03-11 rest',
        '03-12 rest',
        '03-13 rest',
        '03-14 rest',
        '03-15 rest',
        '03-16 rest',
      ]);
    }
  });

  it('plans every day of the 30-day challenge and an endless plan without end', () => {
    const thirtyDay: PlanSettings = { ...hundred, planId: 'thirty-day', weekdays: [0, 1, 2, 3, 4, 5, 6] };
    const month = planCalendar({
      settings: thirtyDay,
      progress: { ...startProgress(thirtyDay), position: 27 },
      workouts: [],
      today: '2026-03-29',
      from: '2026-03-29',
      to: '2026-04-03',
    });
    expect(month.map((d) => `${d.state} ${d.session}`)).toEqual([
      'today 27',
      'upcoming 28',
      'upcoming 29',
      'rest null',
      'rest null',
      'rest null',
    ]);
    const daily: PlanSettings = { ...hundred, planId: 'daily', daily: { total: 50, sets: 5 } };
    const year = planCalendar({
      settings: daily,
      progress: { ...startProgress(daily), position: 1000 },
      workouts: [],
      today: '2026-03-02',
      from: '2026-03-02',
      to: addDays('2026-03-02', 364),
    });
    expect(year).toHaveLength(365);
    expect(year.at(-1)).toEqual({ day: '2027-03-01', state: 'upcoming', session: 1156 });
  });

  it('is empty when the range is', () => {
    expect(lines({ today: '2026-03-02', from: '2026-03-05', to: '2026-03-04' })).toEqual([]);
  });
});
