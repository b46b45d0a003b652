import { screen } from '@testing-library/react';
import { CsvGrid } from '../../src/components/CsvGrid';
import { DateLocalization } from '../../src/components/DateLocalization';
import { DayRangeFields } from '../../src/components/DayRangeFields';
import { englishLeft, inSpanish } from './inSpanish';
import { renderWithProviders } from './renderWithProviders';

describe('the shared pieces in Spanish', () => {
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
});
