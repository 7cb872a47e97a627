import type { ImportResult } from '@pushup/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportEntries } from '@/features/account-data/components/import-entries';
import { YourDataCard } from '@/features/account-data/components/your-data-card';
import { configureApiClient } from '@/lib/api-wiring';
import { inLanguage } from './in-language';

vi.mock('@/lib/auth', () => ({ useCurrentUser: () => ({ uid: 'user-1' }) }));

/** The profile's Your data card (docs/product.md, "Your data"): the import's preview and commit, the leaderboard choice. */
describe('the Your data card', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const answer = (body: ImportResult) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const preview: ImportResult = {
    rowsRead: 3,
    entries: 2,
    pushups: 45,
    days: 2,
    duplicates: 0,
    refusedCount: 1,
    refused: [
      { line: 4, text: '2025-06-03,0', reason: 'Pushup count must be a whole number between 1 and 1000' },
    ],
    committed: false,
  };

  beforeEach(() => {
    // jsdom's File has no text(), which every browser the app supports has.
    if (!('text' in File.prototype)) {
      Object.defineProperty(File.prototype, 'text', {
        configurable: true,
        value(this: File) {
          return new Promise<string>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.readAsText(this);
          });
        },
      });
    }
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getToken: async () => 'token-1', onSessionEnded: () => {} });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    configureApiClient(null);
  });

  async function renderImport() {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <ImportEntries />
      </QueryClientProvider>,
      { wrapper: await inLanguage('en') },
    );
  }

  it('shows what the file holds with each refused row, then imports exactly what it showed', async () => {
    const csv = 'date,count\n2025-06-01,20\n2025-06-02,25\n2025-06-03,0\n';
    fetchMock.mockResolvedValueOnce(answer(preview));
    await renderImport();
    fireEvent.change(screen.getByLabelText('Import entries'), {
      target: { files: [new File([csv], 'history.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByRole('heading', { name: 'What history.csv holds' })).toBeTruthy();
    expect(screen.getByText('3 rows read')).toBeTruthy();
    expect(screen.getByText('2 entries to import: 45 pushups on 2 days')).toBeTruthy();
    expect(screen.getByText('1 row refused')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows that will not be imported, and why' });
    expect(within(table).getByText('Pushup count must be a whole number between 1 and 1000')).toBeTruthy();
    const [previewUrl, previewInit] = fetchMock.mock.calls[0] ?? [];
    expect(previewUrl).toBe('/api/pushups/import/preview');
    expect(JSON.parse(String(previewInit?.body))).toEqual({ csv });

    fetchMock.mockResolvedValueOnce(answer({ ...preview, committed: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 entries' }));
    await screen.findByLabelText('Import entries');
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: /holds$/ })).toBeNull());
    const [commitUrl, commitInit] = fetchMock.mock.calls[1] ?? [];
    expect(commitUrl).toBe('/api/pushups/import');
    expect(JSON.parse(String(commitInit?.body))).toEqual({ csv, expectedEntries: 2 });
  });

  it('refuses a file over 5 MB before sending it', async () => {
    await renderImport();
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText('Import entries'), { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large: at most 5 MB');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the card saves the leaderboard choice at once, with the settings call', async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    fetchMock.mockImplementation(async (_url, init) =>
      json(
        init?.method === 'PATCH'
          ? { restDaysPerWeek: 1, showOnLeaderboard: false }
          : { restDaysPerWeek: 1, showOnLeaderboard: true },
      ),
    );
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    render(
      <QueryClientProvider client={client}>
        <YourDataCard />
      </QueryClientProvider>,
      { wrapper: await inLanguage('en') },
    );
    const region = screen.getByRole('region', { name: 'Your data' });
    expect(within(region).getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Download entries (CSV)' })).toBeTruthy();
    const group = within(region).getByRole('group', { name: 'Global leaderboard' });
    const shown = await within(group).findByRole('radio', { name: 'Shown' });
    expect((shown as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Hidden' }));
    await vi.waitFor(() =>
      expect((within(group).getByRole('radio', { name: 'Hidden' }) as HTMLInputElement).checked).toBe(true),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/users/settings');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ showOnLeaderboard: false });
  });
});
