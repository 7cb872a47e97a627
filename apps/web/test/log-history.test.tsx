import { MESSAGES, type PushupEntry } from '@pushup/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntryItem } from '../src/features/log-history/components/entry-item';
import {
  formatDayTitle,
  parseEditCount,
  relativeDay,
  resolveDay,
} from '../src/features/log-history/log-history-format';
import { ApiError } from '../src/lib/api-client';
import { deletePushup, updatePushup } from '../src/lib/pushups/pushups-api';

vi.mock('../src/lib/auth', () => ({ useCurrentUser: () => ({ uid: 'user-1' }) }));
vi.mock('../src/lib/pushups/pushups-api', async (importActual) => ({
  ...(await importActual<typeof import('../src/lib/pushups/pushups-api')>()),
  updatePushup: vi.fn(),
  deletePushup: vi.fn(),
  refreshPushupData: vi.fn(() => Promise.resolve()),
}));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('the day in ?day=', () => {
  const today = '2026-11-22';

  it('keeps a real day from 2025-01-01 to today', () => {
    expect(resolveDay('2025-01-01', today)).toBe('2025-01-01');
    expect(resolveDay('2026-11-22', today)).toBe('2026-11-22');
    expect(resolveDay('2026-02-28', today)).toBe('2026-02-28');
  });

  it('falls back to today when missing, malformed, impossible, too early or in the future', () => {
    for (const raw of [null, '', 'yesterday', '2026-2-28', '2026-02-30', '2024-12-31', '2026-11-23']) {
      expect(resolveDay(raw, today)).toBe(today);
    }
  });

  it('names days for the heading and relative to today', () => {
    expect(formatDayTitle('2025-01-01')).toMatch(/2025/);
    expect(relativeDay(today, today)).toBe('Today');
    expect(relativeDay('2026-11-21', today)).toBe('Yesterday');
    expect(relativeDay('2026-11-02', today)).toBe('20 days ago');
  });
});

describe('the edited count', () => {
  it('counts an empty value as 0', () => {
    expect(parseEditCount('')).toEqual({ ok: true, count: 0 });
    expect(parseEditCount('  ')).toEqual({ ok: true, count: 0 });
  });

  it('accepts whole numbers from 0 to 1000', () => {
    expect(parseEditCount('0')).toEqual({ ok: true, count: 0 });
    expect(parseEditCount('42')).toEqual({ ok: true, count: 42 });
    expect(parseEditCount('1000')).toEqual({ ok: true, count: 1000 });
    expect(parseEditCount('1e3')).toEqual({ ok: true, count: 1000 });
  });

  it('refuses what is out of range, fractional or unreadable, with the spec range message', () => {
    const refused = { ok: false, message: MESSAGES.pushupEditCountRange };
    for (const raw of ['-1', '1001', '2.5', 'abc', '0x10', 'Infinity']) {
      expect(parseEditCount(raw)).toEqual(refused);
    }
    // The browser reports text it cannot read as a number as '' with validity.badInput.
    expect(parseEditCount('', true)).toEqual(refused);
  });
});

describe('an entry', () => {
  const entry: PushupEntry = { uuid: 'e-1', count: 20, date: '2026-11-21T12:00:00.000Z', day: '2026-11-21' };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(updatePushup).mockReset();
    vi.mocked(deletePushup).mockReset();
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function renderEntry() {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const onDeleted = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <ul>
          <EntryItem entry={entry} day={entry.day} onDeleted={onDeleted} />
        </ul>
      </QueryClientProvider>,
    );
    return { onDeleted };
  }

  /** Lets `ms` of fake time pass and React and TanStack Query catch up. */
  async function settle(ms = 0) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  const button = (name: RegExp) => screen.getByRole('button', { name });
  const countInput = () => screen.getByRole('spinbutton', { name: /^Pushup count of entry of/ });

  it('names its buttons by time and count', () => {
    renderEntry();
    expect(button(/^Edit entry of .+, 20 pushups$/)).toBeTruthy();
    expect(button(/^Delete entry of .+, 20 pushups$/)).toBeTruthy();
  });

  it('Escape cancels an edit without a call; out-of-range values are refused inline and not sent', async () => {
    renderEntry();
    fireEvent.click(button(/^Edit entry/));
    expect(countInput()).toHaveProperty('value', '20');
    fireEvent.change(countInput(), { target: { value: '55' } });
    fireEvent.keyDown(countInput(), { key: 'Escape' });
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('20')).toBeTruthy();

    fireEvent.click(button(/^Edit entry/));
    fireEvent.change(countInput(), { target: { value: '1001' } });
    fireEvent.submit(countInput());
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.pushupEditCountRange);
    expect(countInput().getAttribute('aria-invalid')).toBe('true');
    expect(updatePushup).not.toHaveBeenCalled();
  });

  it('a failed save keeps the typed value and says so; a 404 says the entry is gone', async () => {
    vi.mocked(updatePushup).mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Server error'));
    renderEntry();
    fireEvent.click(button(/^Edit entry/));
    fireEvent.change(countInput(), { target: { value: '33' } });
    fireEvent.submit(countInput());
    await settle();
    expect(updatePushup).toHaveBeenCalledWith('e-1', { count: 33 });
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.failedToUpdatePushupCount);
    expect(countInput()).toHaveProperty('value', '33');

    vi.mocked(updatePushup).mockRejectedValueOnce(new ApiError(404, 'NOT_FOUND', MESSAGES.pushupNotFound));
    fireEvent.submit(countInput());
    await settle();
    expect(toast.error).toHaveBeenLastCalledWith(MESSAGES.pushupEntryNotFound);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('a confirmed delete fades out, calls DELETE only after 300 ms, and fades back in on failure', async () => {
    let fail: (error: Error) => void = () => undefined;
    vi.mocked(deletePushup).mockImplementation(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    const { onDeleted } = renderEntry();
    fireEvent.click(button(/^Delete entry/));
    expect(screen.getByRole('dialog', { name: 'Delete this entry?' }).textContent).toContain('20 pushups');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    const item = screen.getByRole('listitem');
    await settle();
    expect(item.className).toContain('opacity-0');
    expect(item.getAttribute('aria-busy')).toBe('true');
    await settle(290);
    expect(deletePushup).not.toHaveBeenCalled();
    await settle(20);
    expect(deletePushup).toHaveBeenCalledWith('e-1');

    fail(new ApiError(0, 'NETWORK_ERROR', MESSAGES.networkError));
    await settle();
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.failedToDeletePushupEntry);
    expect(item.className).toContain('opacity-100');
    expect(item.getAttribute('aria-busy')).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a successful delete says so', async () => {
    vi.mocked(deletePushup).mockResolvedValue(undefined);
    const { onDeleted } = renderEntry();
    fireEvent.click(button(/^Delete entry/));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settle(350);
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.pushupEntryDeleted);
    expect(onDeleted).toHaveBeenCalled();
  });
});
