import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clampReps, RepCounter } from '@/features/plans/components/rep-counter';
import { inLanguage } from './in-language';

/** The counter of a plan's set and of the placement test (docs/product.md, "Training plans: screens"). */
function Counter({ start = 0 }: { start?: number }) {
  const [value, setValue] = useState(start);
  return <RepCounter value={value} onChange={setValue} />;
}

const shown = () => screen.getByRole('status').textContent;

describe('the rep counter', () => {
  afterEach(cleanup);

  it('counts one for each tap on the large target, and says the count', async () => {
    render(<Counter />, { wrapper: await inLanguage('en') });
    const target = screen.getByRole('button', { name: 'Count a pushup' });
    fireEvent.click(target);
    fireEvent.click(target);
    fireEvent.click(target);
    expect(shown()).toBe('3 done');
  });

  it('steps with minus and plus, and never below 0', async () => {
    render(<Counter start={1} />, { wrapper: await inLanguage('en') });
    // A keyboard press arrives as a click with detail 0 (lib/hold-repeat.ts).
    fireEvent.click(screen.getByRole('button', { name: 'One more' }), { detail: 0 });
    expect(shown()).toBe('2 done');
    const less = screen.getByRole('button', { name: 'One less' });
    fireEvent.click(less, { detail: 0 });
    fireEvent.click(less, { detail: 0 });
    fireEvent.click(less, { detail: 0 });
    expect(shown()).toBe('0 done');
  });

  it('steps with the arrow keys on the target', async () => {
    render(<Counter start={5} />, { wrapper: await inLanguage('en') });
    const target = screen.getByRole('button', { name: 'Count a pushup' });
    fireEvent.keyDown(target, { key: 'ArrowUp' });
    fireEvent.keyDown(target, { key: 'ArrowUp' });
    fireEvent.keyDown(target, { key: 'ArrowDown' });
    expect(shown()).toBe('6 done');
  });

  it('keeps a count between 0 and the most per entry', () => {
    expect(clampReps(-3)).toBe(0);
    expect(clampReps(12.4)).toBe(12);
    expect(clampReps(5000)).toBe(1000);
  });
});
