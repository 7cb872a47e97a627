import { MESSAGES } from '@pushup/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../src/components/calendar';

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

  it('refuses a future day with the spec’s message and does not choose it', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    fireEvent.click(day('Monday, November 23, 2026'));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.futureDate);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops at January 2025 and refuses the days of December 2024 shown beside it', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
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
    render(<Harness onChange={onChange} />);
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

  it('follows a value changed from outside to its month', () => {
    render(<Harness onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Jump' }));
    expect(screen.getByText('September 2026')).toBeTruthy();
    expect(day('Tuesday, September 15, 2026').getAttribute('aria-pressed')).toBe('true');
  });
});
