import { MESSAGES } from '@pushup/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar, firstDayOfWeek } from '@/components/calendar';
import { inLanguage } from './in-language';

const TODAY = '2026-11-22';

function Harness({ onChange }: { onChange: (day: string) => void }) {
  const [value, setValue] = useState(TODAY);
  return (
    <>
      <Calendar
        label="Date of the entry"
        value={value}
        today={TODAY}
        onChange={(day) => {
          setValue(day);
          onChange(day);
        }}
      />
      <button type="button" onClick={() => setValue('2026-09-15')}>
        Jump
      </button>
    </>
  );
}

const day = (name: string) => screen.getByRole('button', { name });

describe('the month calendar', () => {
  afterEach(cleanup);

  it('refuses a future day with the spec’s message and does not choose it', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: await inLanguage('en') });
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    fireEvent.click(day('Monday, November 23, 2026'));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.futureDate);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops at January 2025 and refuses the days of December 2024 shown beside it', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: await inLanguage('en') });
    const previous = screen.getByRole('button', { name: 'Previous month' });
    for (let i = 0; i < 22; i++) fireEvent.click(previous);
    expect(screen.getByText('January 2025')).toBeTruthy();
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(day('Tuesday, December 31, 2024'));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.dateBeforeEarliest);
    fireEvent.click(day('Wednesday, January 1, 2025'));
    expect(onChange).toHaveBeenCalledWith('2025-01-01');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves the one tab stop between days with the arrow keys', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: await inLanguage('en') });
    const today = day('Sunday, November 22, 2026');
    expect(today.tabIndex).toBe(0);
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowUp' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const weekBefore = day('Sunday, November 15, 2026');
    expect(document.activeElement).toBe(weekBefore);
    expect(weekBefore.tabIndex).toBe(0);
    fireEvent.click(weekBefore);
    expect(onChange).toHaveBeenCalledWith('2026-11-15');
  });

  it('follows a value changed from outside to its month', async () => {
    render(<Harness onChange={vi.fn()} />, { wrapper: await inLanguage('en') });
    fireEvent.click(screen.getByRole('button', { name: 'Jump' }));
    expect(screen.getByText('September 2026')).toBeTruthy();
    expect(day('Tuesday, September 15, 2026').getAttribute('aria-pressed')).toBe('true');
  });

  it('starts the week on Sunday in English and on Monday in German, with the language’s names', async () => {
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('de')).toBe(1);

    render(<Harness onChange={vi.fn()} />, { wrapper: await inLanguage('en') });
    const englishHeader = [...document.querySelectorAll('fieldset > span')].map((cell) => cell.textContent);
    expect(englishHeader).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    cleanup();

    render(<Harness onChange={vi.fn()} />, { wrapper: await inLanguage('de') });
    const germanHeader = [...document.querySelectorAll('fieldset > span')].map((cell) => cell.textContent);
    expect(germanHeader).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(screen.getByText('November 2026')).toBeTruthy();
    // November 2026 begins on a Sunday: in German its first row is Monday, October 26, to Sunday, November 1.
    const firstCell = document.querySelector('fieldset > button');
    expect(firstCell?.getAttribute('data-day')).toBe('2026-10-26');
    expect(day('Sonntag, 22. November 2026').getAttribute('aria-current')).toBe('date');
    await inLanguage('en');
  });
});
