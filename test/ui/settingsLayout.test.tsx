import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import type { Timetable } from '../../src/domain/timetable';
import { apiUrl, company, makeUser, noApiKeys, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

const withTours: Company = {
  ...company,
  tours: [
    { _id: 'tour-1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk', archived: false },
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain', archived: false },
  ],
};
const daily = { weekdays: [1, 2, 3, 4, 5, 6, 7], validFrom: '2026-01-01', validUntil: null, capacity: null };
const timetable: Timetable = {
  departures: [
    { tourId: 'tour-1', time: '10:00', ...daily },
    { tourId: 'tour-2', time: '19:30', ...daily, weekdays: [4, 5, 6], capacity: 25 },
  ],
  exceptions: [{ tourId: 'tour-1', date: '2026-06-18', time: '10:00', kind: 'cancelled', capacity: null }],
};

async function renderSettings() {
  server.use(
    noApiKeys(),
    http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json(timetable)),
  );
  const view = renderRoute('/settings', { preloadedState: signedIn(makeUser({ company: withTours })) });
  await within(await screen.findByRole('region', { name: 'Timetable' })).findByRole('button', {
    name: 'Save timetable',
  });
  return view;
}

const fontSize = (element: Element) => parseFloat(getComputedStyle(element).fontSize);

describe('the settings page as a whole', () => {
  it('has the page title as its largest heading, its sections as h2 and their parts as h3, each smaller', async () => {
    await renderSettings();
    const [title, ...others] = screen.getAllByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Settings');
    expect(others).toEqual([]);
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections.map((h) => h.textContent)).toEqual([
      'Company',
      'Tours',
      'Timetable',
      'Sources',
      'Channel API keys',
    ]);
    const parts = screen.getAllByRole('heading', { level: 3 });
    expect(parts.map((h) => h.textContent)).toEqual(['Weekly departures', 'One-day changes']);
    for (const section of sections) expect(fontSize(section)).toBeLessThan(fontSize(title!));
    for (const part of parts) expect(fontSize(part)).toBeLessThan(fontSize(sections[0]!));
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    const { container } = await renderSettings();
    // jsdom lays nothing out, so contrast is left to the browser scan (e2e).
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0]?.target.join(' ')})`);
    expect(serious).toEqual([]);
    // The whole page, scanned rule by rule in jsdom: more than the usual budget of a unit test.
  }, 60_000);
});
