import { describe, expect, it } from 'vitest';
import { MESSAGES, type MessageKey, SHARED_TEXTS_EN, type SharedTexts } from '../src';
import { SHARED_TEXTS_DE } from '../src/messages-de';

/**
 * The German shared texts: every English message has a German one (the type checks the
 * keys; this checks the words), and the texts built from numbers keep their numbers, in German
 * notation and with the right plural.
 */

/** Messages that are rightly the same in both languages (none today: add a key here with a reason). */
const SAME_IN_BOTH: ReadonlySet<MessageKey> = new Set<MessageKey>([]);

const keys = Object.keys(MESSAGES) as MessageKey[];

describe('German messages', () => {
  it('has exactly the keys of the English messages', () => {
    expect(Object.keys(SHARED_TEXTS_DE.messages).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s is German: not empty, and not the English text', (key) => {
    const de = SHARED_TEXTS_DE.messages[key];
    expect(de.trim()).not.toBe('');
    if (!SAME_IN_BOTH.has(key)) expect(de).not.toBe(MESSAGES[key]);
  });

  it('keeps what the English text holds literally: field names, formats, limits', () => {
    // Numbers of the English text appear in the German one (in German notation: 1,000 is 1.000).
    for (const key of keys) {
      const numbers = MESSAGES[key].match(/\d[\d,]*/g) ?? [];
      for (const number of numbers) {
        const plain = number.replace(/,/g, '');
        const de = SHARED_TEXTS_DE.messages[key];
        expect(
          de.includes(plain) || de.includes(Number(plain).toLocaleString('de')),
          `${key}: ${number}`,
        ).toBe(true);
      }
    }
    expect(SHARED_TEXTS_DE.messages.deleteConfirmation).toContain('confirm');
    expect(SHARED_TEXTS_DE.messages.serverNoGoalFields).toContain('personalGoal, goalDeadline');
    expect(SHARED_TEXTS_DE.messages.importFieldsApp).toContain('instant,day,count');
    expect(SHARED_TEXTS_DE.messages.importFieldsSimple).toContain('date,count');
    expect(SHARED_TEXTS_DE.messages.errorInitializingFirebasePrefix.endsWith(' ')).toBe(true);
  });
});

describe('German texts built from numbers', () => {
  const de: SharedTexts = SHARED_TEXTS_DE;

  it('names the streak with the right plural', () => {
    expect(de.streakLabel(1)).toBe('1 Tag in Folge');
    expect(de.streakLabel(4)).toBe('4 Tage in Folge');
    expect(de.streakLabel(1000)).toBe('1.000 Tage in Folge');
  });

  it('reminds with the streak, or with the title alone', () => {
    expect(de.reminderText(0)).toBe('Zeit für deine Liegestütze');
    expect(de.reminderText(1)).toBe('Zeit für deine Liegestütze – halte deine Serie von 1 Tag!');
    expect(de.reminderText(12)).toBe('Zeit für deine Liegestütze – halte deine Serie von 12 Tagen!');
  });

  it('puts every number into the message, in German notation', () => {
    expect(de.groupQuotaMessage(1)).toContain('Limit von 1 Gruppe erreicht');
    expect(de.groupQuotaMessage(10)).toContain('10 Gruppen');
    expect(de.groupMaxMembersMessage(1)).toContain('1 Mitglied ');
    expect(de.groupMaxMembersMessage(1500)).toContain('1.500 Mitglieder');
    expect(de.importTooLargeMessage(5 * 1024 * 1024)).toBe('Die Datei ist zu groß: höchstens 5 MB');
    expect(de.importTooLargeMessage(2.5 * 1024 * 1024)).toContain('2,5 MB');
    const rows = de.importTooManyRowsMessage(50_000, 123_456);
    expect(rows).toContain('50.000 Zeilen');
    expect(rows).toContain('123.456');
    const limit = de.dailyLimitMessage(10_000, '2025-06-01', 9_990);
    expect(limit).toContain('10.000 Liegestütze');
    expect(limit).toContain('01.06.2025');
    expect(limit).toContain('9.990');
    expect(de.dailyLimitMessage(1, '2025-12-31', 1)).toBe(
      'Du kannst höchstens 1 Liegestütz pro Tag eintragen: Für den 31.12.2025 ist schon 1 eingetragen',
    );
  });

  it('says something else than English for every text built from numbers', () => {
    const en = SHARED_TEXTS_EN;
    expect(de.groupQuotaMessage(3)).not.toBe(en.groupQuotaMessage(3));
    expect(de.streakLabel(3)).not.toBe(en.streakLabel(3));
    expect(de.reminderText(3)).not.toBe(en.reminderText(3));
    expect(de.groupMaxMembersMessage(3)).not.toBe(en.groupMaxMembersMessage(3));
    expect(de.importTooLargeMessage(3)).not.toBe(en.importTooLargeMessage(3));
    expect(de.importTooManyRowsMessage(3, 4)).not.toBe(en.importTooManyRowsMessage(3, 4));
    expect(de.dailyLimitMessage(3, '2025-06-01', 2)).not.toBe(en.dailyLimitMessage(3, '2025-06-01', 2));
  });
});
