import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { CsvGrid } from '../../src/components/CsvGrid';
import { DateLocalization } from '../../src/components/DateLocalization';
import { DayRangeFields } from '../../src/components/DayRangeFields';
import { RetryAlert } from '../../src/components/LoadStates';
import { AsOfNotice } from '../../src/components/OfflineNotice';
import OutcomeSnackbar, { type Outcome } from '../../src/components/OutcomeSnackbar';
import { TourLookFields } from '../../src/components/TourLookFields';
import { apiUrl, company } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { renderWithProviders } from './renderWithProviders';
import { server } from './server';

describe('the shared pieces in Spanish', () => {
  it('say their buttons, notices and errors in Spanish', async () => {
    await inSpanish();
    renderWithProviders(
      <>
        <RetryAlert onRetry={() => {}}>—</RetryAlert>
        <AsOfNotice asOf="2026-11-21T09:05:00.000Z" timezone="Europe/Madrid" />
        <ConfirmDialog title="—" confirmLabel="—" busy={false} onClose={() => {}} onConfirm={() => {}}>
          —
        </ConfirmDialog>
      </>,
    );
    // The open dialog hides the rest of the page from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Reintentar', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Sin conexión · datos de las 10:05')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('name a range of days and its errors in Spanish', async () => {
    await inSpanish();
    renderWithProviders(
      <DateLocalization>
        <DayRangeFields range={{ from: new Date(2026, 10, 21), to: new Date(2026, 10, 1) }} onChange={() => {}} />
      </DateLocalization>,
    );
    expect(screen.getAllByText('Desde').length).toBeGreaterThan(0);
    expect(screen.getByText('«Hasta» debe ser igual o posterior a «Desde»')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it("give the grid's own texts and its download in Spanish", async () => {
    await inSpanish();
    renderWithProviders(
      <CsvGrid
        label="—"
        rows={[]}
        columns={[{ field: 'name', headerName: '—', csvHeader: 'Name' }]}
        loading={false}
        noRowsLabel="—"
        fileName="x"
      />,
    );
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeInTheDocument();
    expect(await screen.findByText('Filas por página:')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it("name a tour's colour and flag, their choices and what a pick did in Spanish", async () => {
    const tour = { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'pink' as const, flag: 'spain' as const };
    server.use(
      http.patch(apiUrl('/api/company/:companyId/:tourId/color'), () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    function Look() {
      const [outcome, setOutcome] = useState<Outcome | null>(null);
      return (
        <>
          <TourLookFields companyId={company._id} tour={tour} onOutcome={setOutcome} />
          <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
        </>
      );
    }
    await inSpanish();
    const { user } = renderWithProviders(<Look />);
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveTextContent('Rosa');
    expect(screen.getByRole('combobox', { name: 'Bandera' })).toHaveTextContent('España');
    await user.click(screen.getByRole('combobox', { name: 'Color' }));
    expect(await screen.findByRole('option', { name: 'Azul' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    await user.click(screen.getByRole('option', { name: 'Azul' }));
    expect(await screen.findByText('Color de Old Town Walk no guardado: Database unavailable')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
