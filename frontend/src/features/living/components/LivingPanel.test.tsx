import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDocument } from '@/test/factories';
import { mockFetch, renderInRouter } from '@/test/render';
import { makeChanges, makeLiving } from '../test-data';
import { LivingPanel } from './LivingPanel';

const NAMES = { yes: 'Yes', no: 'No', mixed: 'Mixed', insufficient: 'Not settled by these studies' };
const CREATED = { id: 'new1', url: 'http://testserver/api/searches/new1/', status: 'queued', anonymous: false, cached: false };

afterEach(() => vi.unstubAllGlobals());

function calls(fetch: ReturnType<typeof mockFetch>, url: string) {
  return fetch.mock.calls.filter(([u]) => u === url);
}

describe('LivingPanel', () => {
  it('shows nothing for a search nobody owns, or one the reader cannot re-run that has no runs to link', () => {
    const first = renderInRouter(<LivingPanel doc={makeDocument({ living: null })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(screen.queryByTestId('living-panel')).not.toBeInTheDocument();
    first.unmount();
    renderInRouter(<LivingPanel doc={makeDocument({ living: makeLiving({ can_rerun: false }) })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(screen.queryByTestId('living-panel')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('re-runs the owner’s search and hands over the new one', async () => {
    const fetch = mockFetch((url, init) => (url === '/api/searches/abc123/rerun/' && init.method === 'POST' ? { status: 202, body: CREATED } : undefined));
    const onRerun = vi.fn();
    renderInRouter(<LivingPanel doc={makeDocument({ living: makeLiving() })} verdictNames={NAMES} onRerun={onRerun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Re-run this search' }));
    await waitFor(() => expect(onRerun).toHaveBeenCalledWith(CREATED));
    expect(calls(fetch, '/api/searches/abc123/rerun/')).toHaveLength(1);
  });

  it('says why a re-run could not start', async () => {
    mockFetch((url) =>
      url === '/api/searches/abc123/rerun/'
        ? { status: 409, body: { error: { code: 'not_ready', message: 'This search is still running; try when it has finished.', fields: {} } } }
        : undefined,
    );
    renderInRouter(<LivingPanel doc={makeDocument({ living: makeLiving() })} verdictNames={NAMES} onRerun={vi.fn()} />);
    await userEvent.click(screen.getByTestId('rerun-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The re-run could not be started: This search is still running');
  });

  it('sets and clears the schedule, off by default', async () => {
    const fetch = mockFetch((url, init) =>
      url === '/api/searches/abc123/schedule/' && init.method === 'PUT' ? { status: 200, body: { schedule: null } } : undefined,
    );
    renderInRouter(<LivingPanel doc={makeDocument({ living: makeLiving() })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(screen.getByTestId('schedule-select')).toHaveValue('off');
    await userEvent.selectOptions(screen.getByTestId('schedule-select'), 'weekly');
    await waitFor(() => expect(calls(fetch, '/api/searches/abc123/schedule/')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, '/api/searches/abc123/schedule/')[0][1]!.body))).toEqual({ every: 'weekly' });
  });

  it('shows the schedule set and turns it off', async () => {
    const fetch = mockFetch((url, init) =>
      url === '/api/searches/abc123/schedule/' && init.method === 'PUT' ? { status: 200, body: { schedule: null } } : undefined,
    );
    const living = makeLiving({ schedule: { every: 'monthly', next_run_at: '2027-01-03T10:00:00Z' } });
    renderInRouter(<LivingPanel doc={makeDocument({ living })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(screen.getByTestId('schedule-select')).toHaveValue('monthly');
    expect(screen.getByTestId('schedule-next')).toHaveTextContent('Next run: 3 Jan 2027, 10:00 UTC.');
    await userEvent.selectOptions(screen.getByTestId('schedule-select'), 'off');
    await waitFor(() => expect(calls(fetch, '/api/searches/abc123/schedule/')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, '/api/searches/abc123/schedule/')[0][1]!.body))).toEqual({ every: null });
  });

  it('links a re-run to its earlier run and waits for it to finish before comparing', async () => {
    const fetch = mockFetch(() => undefined);
    const living = makeLiving({ can_rerun: false, rerun_of: { id: 'old1', status: 'done', created_at: '2026-11-02T09:00:00Z' } });
    renderInRouter(<LivingPanel doc={makeDocument({ status: 'running', living })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'the search of 2 Nov 2026, 09:00 UTC' })).toHaveAttribute('href', '/searches/old1');
    expect(screen.queryByTestId('rerun-button')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'What changed since 2 Nov 2026, 09:00 UTC' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The comparison appears when this re-run has finished.')).toBeInTheDocument();
    expect(calls(fetch, '/api/searches/abc123/changes/')).toHaveLength(0);
  });

  it('opens what changed for a finished re-run', async () => {
    const fetch = mockFetch((url) => (url === '/api/searches/abc123/changes/' ? { status: 200, body: makeChanges() } : undefined));
    const living = makeLiving({ rerun_of: { id: 'old1', status: 'done', created_at: '2026-11-02T09:00:00Z' } });
    renderInRouter(<LivingPanel doc={makeDocument({ living })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(calls(fetch, '/api/searches/abc123/changes/')).toHaveLength(0); // fetched only when opened
    await userEvent.click(screen.getByTestId('what-changed-toggle'));
    expect(await screen.findByTestId('what-changed')).toHaveTextContent('The verdict changed: Yes → Mixed.');
    await userEvent.click(screen.getByRole('button', { name: 'Hide what changed' }));
    expect(screen.queryByTestId('what-changed')).not.toBeInTheDocument();
  });

  it('lists later runs of the search, marking one still running', () => {
    const living = makeLiving({
      reruns: [
        { id: 'r2', status: 'running', created_at: '2026-12-10T08:00:00Z' },
        { id: 'r1', status: 'done', created_at: '2026-12-03T08:00:00Z' },
      ],
    });
    renderInRouter(<LivingPanel doc={makeDocument({ living })} verdictNames={NAMES} onRerun={vi.fn()} />);
    expect(screen.getByTestId('later-runs')).toHaveTextContent('Later runs: 10 Dec 2026, 08:00 UTC (running), 3 Dec 2026, 08:00 UTC');
    expect(screen.getByRole('link', { name: '3 Dec 2026, 08:00 UTC' })).toHaveAttribute('href', '/searches/r1');
  });
});
