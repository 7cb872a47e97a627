import type { AchievementId, Language } from '@pushup/shared';

/**
 * The share pictures' words in English and German (informal 'du', as the app writes), with the
 * achievements' names as the web app's catalogues give them (apps/web/src/components/achievement-texts.ts).
 */
export interface CardTexts {
  number: (value: number) => string;
  today: string;
  lastSevenDays: string;
  pushups: string;
  dayStreak: (days: number) => string;
  goalOf: (done: number, goal: number) => string;
  noGoal: string;
  total: string;
  achievementEarned: string;
  earnedOn: (day: string) => string;
  challengeResult: string;
  challengeStandings: string;
  winners: string;
  targetReached: string;
  targetMissed: string;
  groupTotal: string;
  participants: string;
  profile: string;
  currentStreak: string;
  longestStreak: string;
  achievements: string;
  footer: string;
  achievementTitle: (id: AchievementId, english: string) => string;
}

const ACHIEVEMENT_TITLES_DE: Record<AchievementId, string> = {
  'first-entry': 'Erste Wiederholung',
  'total-100': 'Hunderter',
  'total-1000': 'Tausender-Club',
  'total-10000': 'Zehntausend',
  'total-100000': 'Legende',
  'day-50': 'Starker Tag',
  'day-100': 'Hunderter-Tag',
  'day-200': 'Kraftpaket',
  'streak-7': 'Eine Woche stark',
  'streak-30': 'Monatsroutine',
  'streak-100': 'Unaufhaltsam',
  'streak-365': 'Ein Jahr Liegestütze',
  'goal-reached': 'Zielstrebig',
  'first-group': 'Teamplayer',
  'plan-finished': 'Plan geschafft',
  'challenge-completed': 'Herausforderung angenommen',
  'challenge-won': 'Champion',
};

function formatDay(language: Language, day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2025, (month ?? 1) - 1, date ?? 1)),
  );
}

/**
 * A short line that holds a number or a date, with no-break spaces: satori lays out a word of digits
 * and punctuation ('7,340', '28.') followed by a space that may break one space too wide, and these
 * lines never need to break.
 */
function oneLine(line: string): string {
  return line.replaceAll(' ', '\u00a0');
}

const en = new Intl.NumberFormat('en');
const de = new Intl.NumberFormat('de');

const TEXTS: Record<Language, CardTexts> = {
  en: {
    number: (value) => en.format(value),
    today: 'Today',
    lastSevenDays: 'Last 7 days',
    pushups: 'pushups',
    dayStreak: (days) => oneLine(days === 1 ? '1-day streak' : `${en.format(days)}-day streak`),
    goalOf: (done, goal) => oneLine(`Goal: ${en.format(done)} of ${en.format(goal)}`),
    noGoal: 'No goal set',
    total: 'in total',
    achievementEarned: 'Achievement earned',
    earnedOn: (day) => oneLine(`Earned on ${formatDay('en', day)}`),
    challengeResult: 'Challenge result',
    challengeStandings: 'Challenge',
    winners: 'Winner',
    targetReached: 'Target reached',
    targetMissed: 'Target not reached',
    groupTotal: 'group total',
    participants: 'participants',
    profile: 'Profile',
    currentStreak: 'current streak',
    longestStreak: 'longest streak',
    achievements: 'achievements',
    footer: 'Log your pushups, keep your streak.',
    achievementTitle: (_id, english) => english,
  },
  de: {
    number: (value) => de.format(value),
    today: 'Heute',
    lastSevenDays: 'Letzte 7 Tage',
    pushups: 'Liegestütze',
    dayStreak: (days) => oneLine(days === 1 ? 'Serie von 1 Tag' : `Serie von ${de.format(days)} Tagen`),
    goalOf: (done, goal) => oneLine(`Ziel: ${de.format(done)} von ${de.format(goal)}`),
    noGoal: 'Kein Ziel gesetzt',
    total: 'insgesamt',
    achievementEarned: 'Erfolg freigeschaltet',
    earnedOn: (day) => oneLine(`Erreicht am ${formatDay('de', day)}`),
    challengeResult: 'Ergebnis der Challenge',
    challengeStandings: 'Challenge',
    winners: 'Gewinner',
    targetReached: 'Ziel erreicht',
    targetMissed: 'Ziel nicht erreicht',
    groupTotal: 'Gruppe gesamt',
    participants: 'Teilnehmende',
    profile: 'Profil',
    currentStreak: 'aktuelle Serie',
    longestStreak: 'längste Serie',
    achievements: 'Erfolge',
    footer: 'Trag deine Liegestütze ein, halte deine Serie.',
    achievementTitle: (id) => ACHIEVEMENT_TITLES_DE[id],
  },
};

export function cardTexts(language: Language): CardTexts {
  return TEXTS[language];
}
