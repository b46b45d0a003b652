import { isValidPhone } from '../../src/domain/booking';
import { phoneExample } from '../../src/domain/phoneExample';

describe("phoneExample: a number of the company's country, from its time zone", () => {
  it.each([
    ['Europe/Madrid', '+34 612 345 678'],
    ['Atlantic/Canary', '+34 612 345 678'],
    ['Europe/London', '+44 7400 123456'],
    ['Europe/Lisbon', '+351 912 345 678'],
    ['Europe/Rome', '+39 312 345 6789'],
    ['Europe/Paris', '+33 6 12 34 56 78'],
    ['America/New_York', '+1 201 555 0123'],
    ['America/Los_Angeles', '+1 201 555 0123'],
    ['Australia/Sydney', '+61 412 345 678'],
  ])('%s → %s', (zone, example) => {
    expect(phoneExample(zone)).toBe(example);
  });

  it.each(['UTC', 'Etc/GMT+3', 'Antarctica/Troll', 'Not/AZone', ''])('knows no country for %p', (zone) => {
    expect(phoneExample(zone)).toBeUndefined();
  });

  it('gives only numbers the phone fields accept, with the country code, for zones the runtime knows', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    const examples = zones.map(phoneExample).filter((example) => example !== undefined);
    expect(examples.length).toBeGreaterThan(30);
    for (const example of new Set(examples)) {
      expect({ example, valid: isValidPhone(example), international: example.startsWith('+') }).toEqual({
        example,
        valid: true,
        international: true,
      });
    }
  });
});
