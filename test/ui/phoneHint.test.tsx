import { screen } from '@testing-library/react';
import { PhoneField } from '../../src/components/bookingForm/BookingFormFields';
import { company, makeUser, signedIn } from './fixtures';
import { renderWithProviders } from './renderWithProviders';

function renderPhone(timezone: string) {
  renderWithProviders(<PhoneField value="" error={null} onChange={() => undefined} />, {
    preloadedState: signedIn(makeUser({ company: { ...company, timezone } })),
  });
  return screen.getByRole('textbox', { name: 'Phone' });
}

describe("the phone field's example follows the company's country", () => {
  it.each([
    ['Europe/Madrid', '+34 612 345 678'],
    ['Europe/London', '+44 7400 123456'],
    ['America/New_York', '+1 201 555 0123'],
  ])('a company in %s is shown %s', (timezone, example) => {
    const phone = renderPhone(timezone);
    expect(phone).toHaveAccessibleDescription(`Optional, e.g. ${example}`);
    expect(phone).toHaveAttribute('placeholder', example);
  });

  it('asks for the country code where the zone names no country (a new company is on UTC)', () => {
    const phone = renderPhone('UTC');
    expect(phone).toHaveAccessibleDescription('Optional, starting with + and the country code');
    expect(phone).not.toHaveAttribute('placeholder');
  });
});
